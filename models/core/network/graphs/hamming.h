// Hamming graphs K_a x K_b (x K_c) of Camarero, Vallejo and Beivide
// (hamming-dragonfly-topologies.md, section 3): two routers are joined when their coordinates
// differ in exactly one place; with trunking t every such pair is joined by t parallel links (a
// LAG, section 5). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/network/graphs/graph.h"

namespace d3 {

graph hamming_graph(const std::vector<std::uint32_t>& sizes, std::uint32_t trunking = 1);

/// "H(4,4)" or "H(4,4) t=2".
std::string hamming_name(const std::vector<std::uint32_t>& sizes, std::uint32_t trunking);

/// Section 5: K_a x K_b as a dragonfly whose groups are {(x, y) : x in Z_a}, one per y. The links
/// between each pair of distinct groups (with multiplicity): the least and the largest count.
struct group_links {
    std::uint64_t min = 0, max = 0;
};
group_links links_between_groups(const graph& g, std::uint32_t a, std::uint32_t b);

}  // namespace d3
