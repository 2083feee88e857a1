// D3(K, M) (core/network/topology.h) as a plain graph, and the map of D3(1, M) onto the swapped
// network RSN(2, K_M): router (0, d, p) is the address string d p (nucleus d, node p), so the
// drawer's local links are the nucleus K_M and the global link (d, p) -> (p, d), the swap of d and
// p, is the level-2 link. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <vector>

#include "core/network/graphs/graph.h"
#include "core/network/topology.h"

namespace d3 {

/// Every router and every link of D3(K, M) but the loops of global port 0 at a fixed point d = p.
graph d3_graph(const topology& t);

/// Router id of (0, d, p) in D3(1, M) -> node d M + p of RSN(2, K_M) (swapped.h).
std::vector<std::uint32_t> d3_to_rsn2(const topology& t);

}  // namespace d3
