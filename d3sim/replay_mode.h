// d3sim's trace-replay mode (--trace FILE): reads the trace and the mapping, replays it
// (tb/replay_bench.h), prints the summary and writes the JSON result (docs/traces.md).
#pragma once

#include "d3sim/mode.h"
#include "tb/replay_bench.h"

namespace d3 {

/// Validates o and reads its trace (a bad trace, mapping or network: one line, exit 2), estimates
/// its memory (refused over m.budget), ends there for --check; otherwise runs, reports and ends
/// the process with d3sim's exit code.
int run_replay(const replay_run_options& o, const mode_context& m);

}  // namespace d3
