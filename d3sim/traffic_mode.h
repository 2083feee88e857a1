// d3sim's synthetic-traffic mode: runs open-loop traffic (tb/traffic_bench.h) with the options
// that d3sim/traffic_cli set, prints the summary and writes the JSON result.
#pragma once

#include "d3sim/mode.h"
#include "tb/traffic_bench.h"

namespace d3 {

/// Validates o, estimates its memory (refused over m.budget), ends there for --check; otherwise
/// runs, prints the summary (stderr with --json -), writes the JSON and ends the process with
/// d3sim's exit code (cli/gates.h: 3, 4, 5 for a correct run that fails a gate).
int run_traffic(const traffic_run_options& o, const mode_context& m);

}  // namespace d3
