// `d3sim job MANIFEST INDEX`: runs one job of a study (study/jobs.h) as every backend does: d3sim
// with the job's arguments, its stderr to the job's log, its JSON to a temporary file that becomes
// the result (with the job's exit code, command line, host, time and peak memory) by rename(2).
#pragma once

namespace d3 {

/// argv[0] is "job". Exit code 0: the job has a result (made now, or already there); otherwise
/// d3sim's exit code (128 + signal when it was killed), 2 for a bad manifest or index.
int run_job_command(int argc, char** argv);

}  // namespace d3
