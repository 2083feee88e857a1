// The rows of the hierarchical dual-net (network_claims.h, core/network/graphs/dual_net.h):
// section 2's node count (its recurrence, Theorem 1's closed form and Table 1), Theorem 1's
// degree d0 + k and diameter D_k.
#include "core/network/graphs/dual_net.h"
#include "paper/claims/network_claims.h"

namespace d3 {

namespace {

struct hdn_shape {
    const char* base;
    std::vector<std::vector<std::size_t>> super_nodes;
    std::uint64_t table1 = 0;  ///< Table 1's printed count (2 x 3 x 5 torus), 0: not in it
};

// Theorem 1: (2 n0)^(2^k) / (2 prod s_i).
std::uint64_t theorem1_nodes(const dual_net_spec& s) {
    std::uint64_t n = 2 * product_nodes(s.base), div = 2;
    for (int i = 1; i <= dual_net_levels(s); ++i) {
        n *= n;
        div *= super_node_size(s, i);
    }
    return n / div;
}

// Theorem 1: D_k = 2^k D(B) - sum_{j=0}^{k-1} 2^j D(SN_{k-j}) + 2^(k+1) - 2.
int theorem1_diameter(const dual_net_spec& s) {
    int db = 0;
    for (const graph_factor& f : s.base) db += factor_diameter(f);
    const int k = dual_net_levels(s);
    int d = (1 << k) * db + (1 << (k + 1)) - 2;
    for (int j = 0; j < k; ++j) d -= (1 << j) * super_node_diameter(s, k - j);
    return d;
}

void hdn_rows(const hdn_shape& x, std::vector<claim_row>& rows) {
    const dual_net_spec s{*parse_product(x.base), x.super_nodes};
    const graph g = hierarchical_dual_net(s);
    const std::string name = dual_net_name(s), measured_n = std::to_string(g.nodes());
    const std::uint64_t rec = dual_net_nodes(s), thm = theorem1_nodes(s);
    rows.push_back(network_row("hdn-nodes", "HDN §2: N_i = 2 N_(i-1)^2 / s_i", name,
                               std::to_string(rec), measured_n, g.nodes() == rec));
    rows.push_back(network_row(
        "hdn-nodes-thm1", "HDN Theorem 1: (2 n0)^(2^k) / (2 prod s_i) nodes", name,
        std::to_string(thm), measured_n, g.nodes() == thm,
        g.nodes() == thm ? ""
                         : "The recurrence N_i = 2 N_(i-1)^2 / s_i of section 2 (and Table 1) "
                           "gives (2 n0)^(2^k) / (2 prod s_i^(2^(k-i))): Theorem 1 drops the "
                           "exponent of s_i for k >= 2."));
    if (x.table1 != 0)
        rows.push_back(network_row("hdn-table1", "HDN Table 1: nodes of HDN(2x3x5 torus, k, S)",
                                   name, std::to_string(x.table1), measured_n,
                                   g.nodes() == x.table1));
    const degree_figures deg = degrees(g), base = degrees(product_graph(s.base));
    const std::uint32_t d = base.max + static_cast<std::uint32_t>(dual_net_levels(s));
    rows.push_back(network_row("hdn-degree", "HDN Theorem 1: node degree d0 + k", name,
                               std::to_string(d),
                               std::to_string(deg.min) + ".." + std::to_string(deg.max) + " (" +
                                   std::to_string(deg.max_distinct) + " distinct neighbours)",
                               deg.min == d && deg.max == d));
    const distance_figures dist = all_pairs_distances(g);
    const int dk = theorem1_diameter(s);
    rows.push_back(network_row(
        "hdn-diameter",
        "HDN Theorem 1: diameter D_k = 2^k D(B) - sum 2^j D(SN_(k-j)) + 2^(k+1) - 2", name,
        std::to_string(dk),
        dist.connected ? std::to_string(dist.diameter) : std::string("disconnected"),
        dist.connected && dist.diameter == dk,
        dist.connected && dist.diameter < dk
            ? "The paper derives D_k from its routing (u to a cluster of the other class, across "
              "the quotient, back, then within the super-node): an upper bound, reached here on "
              "every shape with two or more clusters per class at every level, but not when a "
              "level has one (s_i = N_(i-1)), where no route between two clusters of one class "
              "is needed."
            : ""));
}

}  // namespace

std::vector<claim_row> dual_net_claims() {
    const std::vector<hdn_shape> shapes{
        {"hypercube:2", {{}}, 0},
        {"hypercube:2", {{}, {}}, 0},
        {"hypercube:3", {{0}}, 0},
        {"hypercube:3", {{0}, {0, 1}}, 0},
        {"torus:3x3", {{0}}, 0},
        {"torus:3x3", {{1}, {0, 1}}, 0},
        {"torus:2x3x5", {{}}, 1800},
        {"torus:2x3x5", {{0, 1}}, 300},
        {"torus:2x3x5", {{0, 1, 2}}, 60},
        {"torus:2x3x5", {{0, 1, 2}, {0, 1, 2}}, 240},
        {"torus:2x3x5", {{0, 1, 2}, {1, 2}}, 480},
        {"torus:2x3x5", {{1, 2}, {0, 1, 2}}, 960},
    };
    std::vector<claim_row> rows;
    for (const hdn_shape& x : shapes) hdn_rows(x, rows);
    return rows;
}

}  // namespace d3
