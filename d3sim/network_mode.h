// `d3sim network`: one of the other networks of issue 48 (rsn, hdn, hamming; docs/networks.md)
// built and measured by brute force (nodes, links, degree, diameter, average distance), written
// as a network file (--net, for `d3sim --topology file:FILE`) and, with --program, one of its
// node programs as a message trace (--trace, for `d3sim --trace FILE`) with its rounds and time
// in the papers' linear model.
#pragma once

namespace d3 {

/// The subcommand (argv[0] is "network"); returns the exit code (2: bad input).
int run_network(int argc, char** argv);

}  // namespace d3
