// `d3sim resilience`: how D3(K,M) or MDF(K,M) holds together as links fail (issue 47 item 6, the
// static part; docs/resilience.md). For each failed share of the cables, over seeded failure sets:
// the router pairs still connected, those the routing still reaches, and the diameter, as mean and
// 95 % interval (core/traffic/resilience.h). Prints a table; --json writes every figure.
#pragma once

namespace d3 {

/// The subcommand (argv[0] is "resilience"); returns the exit code (2: bad input).
int run_resilience(int argc, char** argv);

}  // namespace d3
