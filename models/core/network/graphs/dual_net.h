// The hierarchical dual-net HDN(B, k, S) (hierarchical-dual-net-total-exchange.txt, section 2).
// HDN(B, 0, S) = B, a product graph. HDN(B, i, S) is 2 n_i clusters, copies of HDN(B, i-1, S),
// n_i = N_(i-1) / s_i of class 0 and n_i of class 1; a cluster is n_i super-nodes of s_i nodes
// each (the copies of SN_i, a sub-product of B, in every copy of B); the cross-edge of level i
// joins (0, U, SN, N) and (1, SN, U, N). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <vector>

#include "core/network/graphs/graph.h"
#include "core/network/graphs/product.h"

namespace d3 {

struct dual_net_spec {
    std::vector<graph_factor> base;
    /// Per level 1..k, the factors of B (indices) whose product is the super-node SN_i.
    std::vector<std::vector<std::size_t>> super_nodes;
};

int dual_net_levels(const dual_net_spec& s);
/// s_i = |SN_i|, level i = 1..k.
std::uint64_t super_node_size(const dual_net_spec& s, int level);
/// D(SN_i).
int super_node_diameter(const dual_net_spec& s, int level);
/// N_k by the recurrence N_i = 2 N_(i-1)^2 / s_i (section 2); 0 when it exceeds 2^32.
std::uint64_t dual_net_nodes(const dual_net_spec& s);

/// The graph. Node index: ((C n_i + U) N_(i-1) + v) at level i, v the node in its cluster, down
/// to the base, whose node is read in mixed radix (product.h).
graph hierarchical_dual_net(const dual_net_spec& s);

/// "HDN(2x3x5, 2, {SN_1=2x3x5, SN_2=3x5})"-like name.
std::string dual_net_name(const dual_net_spec& s);

}  // namespace d3
