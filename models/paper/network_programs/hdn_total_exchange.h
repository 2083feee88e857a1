// The total exchange of the hierarchical dual-net (hierarchical-dual-net-total-exchange.txt,
// section 4, Algorithm 2) as an exchange program on the graph hierarchical_dual_net builds, over
// a hypercube base (the only base whose T_0 the paper gives: dimension exchange, T_0(m) =
// n (t_s + t_w m 2^n / 2)). Every node starts with one item for every node (itself included) and
// ends with the items addressed to it. At level i, on every copy of HDN(B, i, S) at once:
//   1. each node sends its partner (its level-i cross-edge neighbour) the items for clusters of
//      its own class;
//   2. a total exchange inside each cluster (level i - 1) brings every item to a gateway: a node
//      of the cluster whose partner lies in the item's destination cluster;
//   3. each node sends its partner everything it holds;
//   4. a total exchange inside each cluster delivers.
// The paper sends the items for cluster q to "the node with node ID = q", one gateway; with a
// super-node of s_i > 1 nodes a cluster has s_i gateways to cluster q, and item (x -> d) takes the
// one of rank (rank of x + rank of d) mod s_i in its cluster, which gives every node of a cluster
// equal parts for every other in both inner exchanges (docs/networks.md). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <vector>

#include "core/network/graphs/dual_net.h"
#include "paper/network_programs/exchange_program.h"

namespace d3 {

/// An item of the total exchange: from node `src` to node `dst`.
struct exchange_item {
    std::uint32_t src = 0, dst = 0;
};

struct total_exchange_run {
    exchange_program program;
    /// Per round, per message (as program.rounds[r].messages), the items it carries.
    std::vector<std::vector<std::vector<exchange_item>>> carried;
};

/// Whether the base of `s` is a hypercube (every factor K_2).
bool hypercube_base(const dual_net_spec& s);

/// Algorithm 2 on HDN(B, k, S), B a hypercube (std::invalid_argument otherwise); `g` is
/// hierarchical_dual_net(s).
total_exchange_run hdn_total_exchange(const dual_net_spec& s, const graph& g);

}  // namespace d3
