// The claims of the other networks of issue 48 beside D3 as rows of `d3sim validate`'s last
// section (docs/networks.md): recursive swapped networks (swapped-networks.txt), the hierarchical
// dual-net (hierarchical-dual-net-total-exchange.txt) and Hamming graphs
// (hamming-dragonfly-topologies.md). Each row builds the network (core/network/graphs), counts by
// brute force and compares with the paper's formula. Plain C++, no SystemC.
#pragma once

#include <string>
#include <vector>

#include "paper/claims/paper_claims.h"

namespace d3 {

/// Every row: the swapped networks', the dual-nets', the Hamming graphs', then the node programs'.
/// The shapes are the same for every grid and take about a second in all.
std::vector<claim_row> network_claims();

std::vector<claim_row> swapped_network_claims();
std::vector<claim_row> dual_net_claims();
std::vector<claim_row> hamming_claims();
/// The node programs' rows: RSN(l, Q_n)'s Emul and ascend/descend, the HDN's total exchange.
std::vector<claim_row> network_program_claims();

/// A counted row: holds or does not hold.
claim_row network_row(std::string id, std::string claim, std::string network, std::string paper,
                      std::string measured, bool holds, std::string note = "");

}  // namespace d3
