// Recursive swapped networks RSN(l, G) of Yeh and Parhami (swapped-networks.txt, section 2): a
// node of RSN(l, G) is a string of 2^(l-1) nucleus addresses; nucleus links change the last one;
// the level-i link (2 <= i <= l) swaps the two halves of the last 2^(i-1) addresses, X'X'' ->
// X''X'; a leader X'X' has none, and with diameter links joins the leader Y'Y', Y' = N_(i-1) -
// X' - 1. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/network/graphs/graph.h"

namespace d3 {

/// A nucleus graph G of an RSN, with its name as the paper writes it (K_4, Q_3, M_2x3).
struct nucleus {
    std::string name;
    graph g{0};
};

nucleus complete_nucleus(std::uint32_t n);
nucleus hypercube_nucleus(std::uint32_t dimension);
nucleus mesh_nucleus(std::uint32_t rows, std::uint32_t columns);
/// "complete:N", "hypercube:n", "mesh:AxB"; nothing when the text names none of them.
std::optional<nucleus> parse_nucleus(const std::string& spec);

/// RSN(l, G), l >= 1. Node index: the address string read as a number in base N_1, the first
/// (most significant) address first, so a level-i cluster is a block of consecutive indices.
graph recursive_swapped_network(const nucleus& g, int levels, bool diameter_links = false);

/// The address string of node `index` of RSN(l, G) with an N_1-node nucleus, first address first.
std::vector<std::uint32_t> rsn_address(std::uint64_t index, std::uint32_t n1, int levels);

/// N_1^(2^(l-1)): the paper's Eq. (1); nothing when it exceeds 2^32.
std::optional<std::uint64_t> rsn_nodes(std::uint32_t n1, int levels);

}  // namespace d3
