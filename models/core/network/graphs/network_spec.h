// The other networks of issue 48 named as a user names them on the command line (`d3sim network`,
// docs/networks.md): `rsn` with --levels and --nucleus (and --diameter-links), `hdn` with --base,
// --levels and --supernodes, `hamming` with --dims and --trunking; `d3` and `mdf` with --k and --m
// to set beside them. Checked with one-line errors
// and built as graphs (swapped.h, dual_net.h, hamming.h). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/network/graphs/dual_net.h"
#include "core/network/graphs/graph.h"
#include "core/network/graphs/swapped.h"

namespace d3 {

struct network_spec {
    std::string topology;  ///< rsn, hdn, hamming, or d3 and mdf (beside them)
    int k = 0, m = 0;      ///< d3, mdf
    int levels = 0;        ///< rsn: l >= 1; hdn: k >= 1
    std::string nucleus;   ///< rsn: complete:N, hypercube:n or mesh:AxB
    bool diameter_links = false;
    std::string base;         ///< hdn: torus:AxB[xC] or hypercube:n
    std::string super_nodes;  ///< hdn: SN_1;SN_2;... each a comma list of base factors or -
    std::string dims;         ///< hamming: a,b[,c]
    std::uint32_t trunking = 1;
};

struct built_network {
    std::string name;  ///< as the papers write it: RSN(2,Q_3), HDN(Q_2,1,{s1=2}), H(4,4)
    graph g{0};
    /// Router v's name by the network's own addressing (network_file's `name`): RSN 3_1 (its
    /// address string), HDN 1-2_0-3_5 (class-cluster per level from the top, then the base
    /// node), Hamming 2_3 (coordinates), D3 c_d_p, MDF g_r.
    std::vector<std::string> names;
    int levels = 0;                    ///< rsn: l; hdn: k
    nucleus rsn_nucleus;               ///< rsn
    bool diameter_links = false;       ///< rsn
    std::optional<dual_net_spec> hdn;  ///< hdn
};

/// The network, or why not (one line, naming the option).
std::variant<built_network, std::string> build_network(const network_spec& s);

}  // namespace d3
