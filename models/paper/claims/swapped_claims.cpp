// The rows of the recursive swapped networks (network_claims.h, core/network/graphs/swapped.h):
// Eq. (1), (3), (5), the HCN bound of section 3, the hypercube emulation of section 3, and
// D3(1, M) = RSN(2, K_M).
#include <algorithm>
#include <cmath>

#include "core/network/graphs/d3_graph.h"
#include "core/network/graphs/swapped.h"
#include "paper/claims/network_claims.h"

namespace d3 {

namespace {

struct rsn_shape {
    const char* nucleus;
    int levels;
    bool diameter_links;
};

std::string rsn_name(const nucleus& g, int levels, bool diameter_links) {
    return "RSN(" + std::to_string(levels) + "," + g.name + ")" +
           (diameter_links ? " with diameter links" : "");
}

// Section 3: the largest distance between two nodes whose addresses differ in one bit, over every
// bit of a 2^(l-1) n-cube (the nucleus Q_n).
int cube_neighbor_distance(const graph& g) {
    int far = 0;
    std::uint32_t bits = 0;
    while ((1ull << bits) < g.nodes()) ++bits;
    for (std::uint32_t v = 0; v < g.nodes(); ++v) {
        const std::vector<int> d = bfs_distances(g, v);
        for (std::uint32_t j = 0; j < bits; ++j) far = std::max(far, d[v ^ (1u << j)]);
    }
    return far;
}

// The largest distance between two nodes whose addresses (strings of nucleus addresses) differ
// in one place: a step of the generalized hypercube RSN(l, K_N1) emulates (section 4.1).
int digit_neighbor_distance(const graph& g, std::uint32_t n1, int levels) {
    int far = 0;
    for (std::uint32_t v = 0; v < g.nodes(); ++v) {
        const std::vector<int> d = bfs_distances(g, v);
        std::uint64_t place = 1;
        for (int digit = 0; digit < (1 << (levels - 1)); ++digit, place *= n1) {
            const std::uint64_t own = v / place % n1;
            for (std::uint32_t x = 0; x < n1; ++x)
                if (x != own) far = std::max(far, d[v + (x - own) * place]);
        }
    }
    return far;
}

// Section 4.1, RSN(l, K_N1): degree N_1 + l - 2, diameter at most 2^l - 1 and below a hypercube's
// of the same size (log2 N) for N_1 >= 4, a step of the radix-N_1 generalized hypercube in 2l - 1.
void complete_rows(const nucleus& g, const rsn_shape& s, const graph& r,
                   const distance_figures& dist, std::vector<claim_row>& rows) {
    const std::string name = rsn_name(g, s.levels, s.diameter_links);
    const std::uint32_t n1 = g.g.nodes(), d = n1 + static_cast<std::uint32_t>(s.levels) - 2;
    const int bound = (1 << s.levels) - 1;
    const double log_n = std::log2(static_cast<double>(r.nodes()));
    rows.push_back(network_row(
        "rsn-complete",
        "Swapped §4.1: RSN(l,K_N1) has degree N_1 + l - 2 and diameter at most 2^l - 1 (below log2 "
        "N for N_1 >= 4)",
        name, "degree " + std::to_string(d) + ", diameter <= " + std::to_string(bound),
        "degree " + std::to_string(degrees(r).max) + ", diameter " + std::to_string(dist.diameter),
        degrees(r).max == d && dist.diameter <= bound && (n1 < 4 || dist.diameter < log_n)));
    if (s.diameter_links) return;
    const int far = digit_neighbor_distance(r, n1, s.levels), steps = 2 * s.levels - 1;
    rows.push_back(network_row("rsn-ghc-step",
                               "Swapped §4.1: a step of the radix-N_1 generalized hypercube in at "
                               "most 2l - 1 steps (hops between addresses one digit apart)",
                               name, "<= " + std::to_string(steps), std::to_string(far),
                               far <= steps));
}

// Section 4.3: RSN(l, M) over a 2-D mesh has node degree l + 2n - 1 = l + 3.
void mesh_row(const nucleus& g, const rsn_shape& s, const degree_figures& deg,
              std::vector<claim_row>& rows) {
    const std::uint32_t d = static_cast<std::uint32_t>(s.levels) + 3;
    rows.push_back(network_row(
        "rsn-mesh", "Swapped §4.3: RSN(l, M) over an n-D mesh has node degree l + 2n - 1",
        rsn_name(g, s.levels, s.diameter_links), std::to_string(d), std::to_string(deg.max),
        deg.max == d,
        deg.max == d ? ""
                     : "a side of two nodes gives one neighbour in its dimension, not two: Eq. (3) "
                       "with the mesh's own degree holds (docs/networks.md, findings)"));
}

void rsn_rows(const rsn_shape& s, std::vector<claim_row>& rows) {
    const nucleus g = *parse_nucleus(s.nucleus);
    const graph r = recursive_swapped_network(g, s.levels, s.diameter_links);
    const std::string name = rsn_name(g, s.levels, s.diameter_links);
    const std::uint64_t n = *rsn_nodes(g.g.nodes(), s.levels);
    const std::uint32_t d1 = degrees(g.g).max, d = d1 + static_cast<std::uint32_t>(s.levels) - 1;
    const int dg = all_pairs_distances(g.g).diameter, bound = (1 << (s.levels - 1)) * (dg + 1) - 1;
    const degree_figures deg = degrees(r);
    const distance_figures dist = all_pairs_distances(r);
    rows.push_back(network_row("rsn-nodes", "Swapped §2.3 Eq. (1): N = N_1^(2^(l-1))", name,
                               std::to_string(n), std::to_string(r.nodes()), r.nodes() == n));
    rows.push_back(network_row(
        "rsn-degree", "Swapped §2.4 Eq. (3): node degree d_1 + l - 1", name, std::to_string(d),
        "max " + std::to_string(deg.max) + ", min " + std::to_string(deg.min) + " (leaders)",
        deg.max == d));
    const std::string measured =
        dist.connected ? std::to_string(dist.diameter) : std::string("disconnected");
    if (!s.diameter_links)
        rows.push_back(network_row("rsn-diameter",
                                   "Swapped §2.5 Eq. (5): diameter exactly 2^(l-1)(D_G+1) - 1 "
                                   "without diameter links",
                                   name, std::to_string(bound), measured,
                                   dist.connected && dist.diameter == bound));
    else
        rows.push_back(network_row("rsn-diameter-dl",
                                   "Swapped §2.5: diameter at most 2^(l-1)(D_G+1) - 1 with "
                                   "diameter links",
                                   name, "<= " + std::to_string(bound), measured,
                                   dist.connected && dist.diameter <= bound));
    const bool cube = g.name.rfind("Q_", 0) == 0;
    if (cube && s.diameter_links && s.levels == 2) {
        const int qn = static_cast<int>(d1), hcn = qn + qn / 2 + 1;
        rows.push_back(network_row("hcn-diameter",
                                   "Swapped §3: HCN(n,n) = RSN(2,Q_n) with diameter links routes "
                                   "in at most n + floor(n/2) + 1 steps",
                                   name, "<= " + std::to_string(hcn), measured,
                                   dist.connected && dist.diameter <= hcn));
    }
    if (g.name.rfind("K_", 0) == 0) complete_rows(g, s, r, dist, rows);
    if (g.name.rfind("M_", 0) == 0) mesh_row(g, s, deg, rows);
    if (cube && !s.diameter_links) {
        const int far = cube_neighbor_distance(r), steps = 2 * s.levels - 1;
        rows.push_back(network_row(
            "rsn-cube-step",
            "Swapped §3: a step of the 2^(l-1)n-cube in at most 2l - 1 steps (hops between "
            "hypercube neighbours)",
            name, "<= " + std::to_string(steps), std::to_string(far), far <= steps));
    }
}

claim_row d3_isomorphism_row(int m) {
    const topology t(1, m);
    const graph d = d3_graph(t);
    const graph r = recursive_swapped_network(complete_nucleus(static_cast<std::uint32_t>(m)), 2);
    const bool iso = is_isomorphism(d, r, d3_to_rsn2(t));
    return network_row("rsn-d3", "D3(1,M) is RSN(2,K_M): (0,d,p) -> address d p, global = swap",
                       "D3(1," + std::to_string(m) + ") / RSN(2,K_" + std::to_string(m) + ")",
                       std::to_string(r.links()) + " links mapped onto links",
                       iso ? std::to_string(d.links()) + " links mapped onto links"
                           : "not an isomorphism (" + std::to_string(d.links()) + " links)",
                       iso);
}

}  // namespace

std::vector<claim_row> swapped_network_claims() {
    const std::vector<rsn_shape> shapes{
        {"complete:3", 2, false},  {"complete:4", 2, false},  {"complete:3", 3, false},
        {"complete:4", 3, false},  {"complete:4", 2, true},   {"complete:4", 3, true},
        {"hypercube:2", 2, false}, {"hypercube:3", 2, false}, {"hypercube:2", 3, false},
        {"hypercube:3", 3, false}, {"hypercube:3", 2, true},  {"hypercube:4", 2, true},
        {"mesh:2x2", 2, false},    {"mesh:2x3", 2, false},    {"mesh:3x3", 2, false},
        {"mesh:2x2", 3, false},    {"mesh:3x3", 2, true}};
    std::vector<claim_row> rows;
    for (const rsn_shape& s : shapes) rsn_rows(s, rows);
    for (int m = 3; m <= 8; ++m) rows.push_back(d3_isomorphism_row(m));
    return rows;
}

}  // namespace d3
