// The rows of the other networks (network_claims.h), and the Hamming graphs'.
#include "paper/claims/network_claims.h"

#include "core/network/graphs/hamming.h"

namespace d3 {

claim_row network_row(std::string id, std::string claim, std::string network, std::string paper,
                      std::string measured, bool holds, std::string note) {
    claim_row r;
    r.id = std::move(id);
    r.claim = std::move(claim);
    r.network = std::move(network);
    r.paper = std::move(paper);
    r.measured = std::move(measured);
    r.v = holds ? verdict::holds : verdict::does_not_hold;
    r.note = std::move(note);
    return r;
}

std::vector<claim_row> network_claims() {
    std::vector<claim_row> rows = swapped_network_claims();
    for (auto* part : {&dual_net_claims, &hamming_claims, &network_program_claims})
        for (claim_row& r : (*part)()) rows.push_back(std::move(r));
    return rows;
}

namespace {

struct hamming_shape {
    std::vector<std::uint32_t> sizes;
    std::uint32_t trunking;
};

void hamming_rows(const hamming_shape& s, std::vector<claim_row>& rows) {
    const graph g = hamming_graph(s.sizes, s.trunking);
    const std::string name = hamming_name(s.sizes, s.trunking);
    std::uint64_t n = 1, delta = 0;
    for (std::uint32_t a : s.sizes) {
        n *= a;
        delta += a - 1;
    }
    delta *= s.trunking;
    const degree_figures deg = degrees(g);
    const distance_figures dist = all_pairs_distances(g);
    const auto dims = static_cast<int>(s.sizes.size());
    rows.push_back(network_row("ham-nodes", "Hamming §3: a x b (x c) vertices", name,
                               std::to_string(n), std::to_string(g.nodes()), g.nodes() == n));
    rows.push_back(
        network_row("ham-degree",
                    "Hamming §3, §5: Delta-regular, Delta = t sum(a_i - 1) (a + b - 2 when t = 1)",
                    name, std::to_string(delta),
                    std::to_string(deg.min) + ".." + std::to_string(deg.max) + " (" +
                        std::to_string(deg.max_distinct) + " neighbours)",
                    deg.min == delta && deg.max == delta));
    rows.push_back(network_row(
        "ham-diameter", "Hamming §3: diameter = dimensions (2 for K_a x K_b), exact", name,
        std::to_string(dims), dist.connected ? std::to_string(dist.diameter) : "disconnected",
        dist.connected && dist.diameter == dims));
    if (dims != 2) return;
    const group_links gl = links_between_groups(g, s.sizes[0], s.sizes[1]);
    const std::uint64_t t = static_cast<std::uint64_t>(s.sizes[0]) * s.trunking;
    rows.push_back(network_row(
        "ham-trunk", "Hamming §5: K_a x K_b is a dragonfly of b groups K_a with trunking t = a",
        name, "t = " + std::to_string(t) + " links between every two groups",
        std::to_string(gl.min) + ".." + std::to_string(gl.max), gl.min == t && gl.max == t));
}

}  // namespace

std::vector<claim_row> hamming_claims() {
    const std::vector<hamming_shape> shapes{{{3, 3}, 1},    {{4, 4}, 1},   {{2, 5}, 1},
                                            {{5, 11}, 1},   {{8, 8}, 1},   {{4, 4}, 2},
                                            {{3, 4, 5}, 1}, {{4, 4, 4}, 2}};
    std::vector<claim_row> rows;
    for (const hamming_shape& s : shapes) hamming_rows(s, rows);
    return rows;
}

}  // namespace d3
