// A built graph (the swapped networks, the hierarchical dual-net, Hamming graphs) as a network of
// the file format (network_file.h), so that d3sim simulates it as it simulates a file: router v is
// node v, its ports are its links in the order of its neighbour list (a link of multiplicity t is
// t ports), `terminals` terminals per router, every link `latency` cycles. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "core/network/graphs/graph.h"
#include "core/network/graphs/network_file.h"

namespace d3 {

/// The graph in the file format, with `title` as its first comment line and router v named
/// names[v] (none when `names` is empty).
void write_network(const graph& g, std::uint32_t terminals, std::uint32_t latency,
                   const std::string& title, std::ostream& out,
                   const std::vector<std::string>& names = {});

/// The same read back as a network_file (named `name` in its messages).
network_file graph_network(const graph& g, std::uint32_t terminals, std::uint32_t latency,
                           const std::string& name, const std::vector<std::string>& names = {});

}  // namespace d3
