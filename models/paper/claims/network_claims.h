// The claims of the other networks of issue 48 beside D3 as rows of `d3sim validate`'s last
// section (docs/networks.md): recursive swapped networks (swapped-networks.txt), the hierarchical
// dual-net (hierarchical-dual-net-total-exchange.txt) and Hamming graphs
// (hamming-dragonfly-topologies.md). Each row builds the network (core/network/graphs), counts by
// brute force and compares with the paper's formula. Plain C++, no SystemC.
#pragma once

#include <string>
#include <vector>

#include "core/network/graphs/dual_net.h"
#include "paper/claims/paper_claims.h"

namespace d3 {

/// Every row: the swapped networks', the dual-nets', the Hamming graphs', then the node programs'.
/// The shapes are the same for every grid and take about a second in all.
std::vector<claim_row> network_claims();

std::vector<claim_row> swapped_network_claims();
std::vector<claim_row> dual_net_claims();
std::vector<claim_row> hamming_claims();
/// The rows of one HDN shape (nodes, degree, diameter, Table 2), with Table 1's printed node
/// count when it is there (0: not in Table 1).
void dual_net_shape_claims(const dual_net_spec& s, std::uint64_t table1,
                           std::vector<claim_row>& rows);
/// The node programs' rows: RSN(l, Q_n)'s Emul and ascend/descend, the HDN's total exchange.
std::vector<claim_row> network_program_claims();

/// HDN Theorem 3 as printed: T_k(m) = (2^(k+1) - 2)(t_s + t_w m n_k/2) + 2^k T_0(m n_k/2), with
/// the hypercube base's T_0(x) = n (t_s + t_w x n_0/2), n_k the network's nodes.
double hdn_theorem_three(const dual_net_spec& s, double nk, double ts, double tw, double m);

/// A counted row: holds or does not hold.
claim_row network_row(std::string id, std::string claim, std::string network, std::string paper,
                      std::string measured, bool holds, std::string note = "");

}  // namespace d3
