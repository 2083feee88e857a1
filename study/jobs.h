// A study (`d3sim sweep`, `d3sim validate`) as a list of independent jobs: one d3sim command line
// and one result file each, kept in a manifest (DIR/jobs.json) that every backend runs through
// `d3sim job MANIFEST INDEX` (study/job_run.cpp). A job's result is written atomically (write, then
// rename) and is valid only for the same command line and the same d3sim executable, so a rerun
// skips what is done and runs what is missing or failed; merging reads only the results.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace d3 {

struct job {
    std::string name;               ///< what the job computes, for people ("rate 0.2")
    std::vector<std::string> args;  ///< d3sim's arguments; the runner adds --json RESULT
    std::string result;             ///< absolute path of the result (JSON)
    std::string log;                ///< absolute path of d3sim's stderr
};

struct job_list {
    std::string tool;      ///< "sweep" or "validate", for messages and job names
    std::string manifest;  ///< absolute path of the manifest (jobs.json)
    std::vector<job> jobs;
};

/// The d3sim executable running now (absolute), and its identity (size and modification time):
/// results of another build are not reused.
std::string self_exe();
std::string exe_identity(const std::string& exe);

/// Writes `text` to `path` through a temporary file in the same directory and rename(2); false
/// when it cannot.
bool write_atomically(const std::string& path, const std::string& text);

/// Writes the manifest atomically; false when it cannot.
bool save_manifest(const job_list& list);
/// Reads a manifest; an error message when it cannot.
std::optional<std::string> load_manifest(const std::string& path, job_list& list);

/// Exit codes of d3sim that are results (0 correct, 1 a check failed, 2 refused as bad input,
/// 3..6 a correct run that failed a CI gate, cli/gates.h);
/// anything else (a signal, a crash) is a failed job that a rerun runs again.
bool is_result_code(int code);

/// The result of `j` when it exists and was made by this command line and this executable: d3sim's
/// JSON (empty object when the run wrote none) with "job": {"exit_code", "args", "d3sim", "host",
/// "seconds", "max_rss_kb"}. Nothing otherwise.
std::optional<nlohmann::json> read_result(const job& j, const std::string& identity);

/// Last non-empty line of a file (a failed job's reason), or "".
std::string last_line(const std::string& path);
/// First line of a file, or "".
std::string first_line(const std::string& path);

/// Shell-quoted command line.
std::string shell_quote(const std::string& s);
std::string shell_command(const std::vector<std::string>& argv);

}  // namespace d3
