// `d3sim sweep --compare CONFIG... --out DIR <sweep options>`: one sweep per configuration file
// (DIR/NAME/, NAME the file's name without its extension), with the same rates, seeds, backend
// and options, then their latency-load curves overlaid in DIR/compare.png and .svg (with the
// seeds' 95 % intervals as error bars, and each sweep's saturated points marked).
#pragma once

#include <string>
#include <vector>

namespace d3 {

/// argv: the sweep's command line with --compare (argv[0] "sweep"). `configs` as parsed, `out`
/// the directory, `seeded` whether --seeds > 1. Runs each sweep as run_sweep would (run_sweep is
/// passed in: this file does not depend on it) and writes the overlay. Returns the worst exit code
/// of the sweeps, 1 when the overlay cannot be drawn, 2 for bad input.
using sweep_function = int (*)(int, char**);
int run_compare(int argc, char** argv, const std::vector<std::string>& configs,
                const std::string& out, bool seeded, sweep_function sweep);

}  // namespace d3
