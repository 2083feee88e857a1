// The recursive swapped networks RSN(l, G) of Yeh and Parhami (swapped-networks.txt) built by
// recursive_swapped_network and counted by brute force (breadth-first search from every node),
// claim by claim, against the paper's formulas and against counts derived here from the
// definition of section 2.1 (docs/networks.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "core/network/graphs/swapped.h"
#include "network_shapes.h"

namespace d3 {
namespace {

using shapes::rsn_shape;

struct built_rsn {
    rsn_shape s;
    nucleus g;
    graph r;
};

// Every shape of network_shapes.h built, for `check` under a trace naming the shape.
void for_each_rsn(const std::function<bool(const rsn_shape&)>& which,
                  const std::function<void(const built_rsn&)>& check) {
    int checked = 0;
    for (const rsn_shape& s : shapes::rsn_shapes()) {
        if (!which(s)) continue;
        SCOPED_TRACE(std::string(s.nucleus) + " l=" + std::to_string(s.levels) +
                     (s.diameter_links ? " with diameter links" : ""));
        const nucleus g = *parse_nucleus(s.nucleus);
        check({s, g, recursive_swapped_network(g, s.levels, s.diameter_links)});
        ++checked;
    }
    EXPECT_GE(checked, 3);
}

bool every(const rsn_shape&) {
    return true;
}
bool without_diameter_links(const rsn_shape& s) {
    return !s.diameter_links;
}
bool kind(const rsn_shape& s, const char* prefix) {
    return std::string(s.nucleus).rfind(prefix, 0) == 0;
}

// N_i, the nodes of RSN(i, G): section 2.1 squares the size at every level.
std::uint64_t level_nodes(std::uint64_t n1, int i) {
    std::uint64_t n = n1;
    for (int j = 1; j < i; ++j) n *= n;
    return n;
}

// The links by the definition of section 2.1: the nucleus's in every copy of it; at level i one
// link at every node but the leaders, one per level-i cluster (a copy of RSN(i-1, G)); with
// diameter links, the leaders X'X' and Y'Y' (Y' = N_(i-1) - X' - 1) of each copy of RSN(i, G)
// in pairs (none for the middle X' = Y' of an odd N_(i-1)).
std::uint64_t links_by_definition(const built_rsn& b) {
    const std::uint64_t n1 = b.g.g.nodes(), n = level_nodes(n1, b.s.levels);
    std::uint64_t links = n / n1 * b.g.g.links();
    for (int i = 2; i <= b.s.levels; ++i) {
        const std::uint64_t prev = level_nodes(n1, i - 1);
        links += (n - n / prev) / 2;
        if (b.s.diameter_links) links += n / (prev * prev) * (prev / 2);
    }
    return links;
}

TEST(RsnShapes, NodesEquationOne) {
    // Eq. (1), section 2.3: N = N_1^(2^(l-1)), here as 2^(l-1) factors N_1.
    for_each_rsn(every, [](const built_rsn& b) {
        std::uint64_t n = 1;
        for (int e = 0; e < 1 << (b.s.levels - 1); ++e) n *= b.g.g.nodes();
        EXPECT_EQ(b.r.nodes(), n);
        EXPECT_EQ(rsn_nodes(b.g.g.nodes(), b.s.levels).value_or(0), n);
    });
}

TEST(RsnShapes, LinksByTheDefinition) {
    for_each_rsn(every, [](const built_rsn& b) {
        EXPECT_EQ(b.r.links(), links_by_definition(b));
        EXPECT_EQ(degrees(b.r).max, degrees(b.r).max_distinct);  // no parallel links
    });
}

TEST(RsnShapes, DegreeEquationThree) {
    // Eq. (3), section 2.4: d = d_1 + l - 1 (a node that is no leader at any level); a node
    // X X ... X leads at every level and keeps only its nucleus links.
    for_each_rsn(every, [](const built_rsn& b) {
        const degree_figures core = degrees(b.g.g), d = degrees(b.r);
        EXPECT_EQ(d.max, core.max + static_cast<std::uint32_t>(b.s.levels) - 1);
        if (!b.s.diameter_links) {
            EXPECT_EQ(d.min, core.min);
        }
    });
}

TEST(RsnShapes, DiameterEquationFive) {
    // Eq. (5), section 2.5: exactly 2^(l-1)(D_G + 1) - 1 without diameter links; the routing of
    // Eq. (4) bounds it with them.
    for_each_rsn(every, [](const built_rsn& b) {
        const int dg = all_pairs_distances(b.g.g).diameter;
        const int formula = (1 << (b.s.levels - 1)) * (dg + 1) - 1;
        const distance_figures d = all_pairs_distances(b.r);
        ASSERT_TRUE(d.connected);
        if (b.s.diameter_links)
            EXPECT_LE(d.diameter, formula);
        else
            EXPECT_EQ(d.diameter, formula);
    });
}

TEST(RsnShapes, OneLinkBetweenTwoTopClustersAndOneLeaderEach) {
    // Section 2.1: each of the N_(l-1) level-l clusters (blocks of N_(l-1) consecutive nodes,
    // swapped.h) has one link to each other one; the leader X'X' has none.
    for_each_rsn(without_diameter_links, [](const built_rsn& b) {
        if (b.s.levels < 2) return;
        const std::uint64_t c = level_nodes(b.g.g.nodes(), b.s.levels - 1);
        std::vector<std::uint64_t> between(c * c, 0), leaders(c, 0);
        for (std::uint32_t v = 0; v < b.r.nodes(); ++v) {
            bool outside = false;
            for (const graph_neighbor& w : b.r.neighbors(v)) {
                if (w.node / c == v / c) continue;
                outside = true;
                between[v / c * c + w.node / c] += w.links;
            }
            if (outside) continue;
            ++leaders[v / c];
            EXPECT_EQ(v % c, v / c) << v;  // X'X'
        }
        for (std::uint64_t x = 0; x < c; ++x) {
            EXPECT_EQ(leaders[x], 1u) << x;
            for (std::uint64_t y = 0; y < c; ++y) EXPECT_EQ(between[x * c + y], x == y ? 0u : 1u);
        }
    });
}

// The largest distance between two nodes whose addresses differ in one nucleus address (digit)
// and, for a hypercube nucleus (`bits`), in one bit of it.
int step_distance(const built_rsn& b, bool bits) {
    const std::uint32_t n1 = b.g.g.nodes();
    const int digits = 1 << (b.s.levels - 1);
    int far = 0;
    for (std::uint32_t v = 0; v < b.r.nodes(); ++v) {
        const std::vector<int> d = bfs_distances(b.r, v);
        std::uint32_t place = 1;
        for (int i = 0; i < digits; ++i, place *= n1) {
            const std::uint32_t digit = v / place % n1;
            for (std::uint32_t x = 0; x < n1; ++x) {
                const bool one_bit = (x ^ digit) != 0 && ((x ^ digit) & ((x ^ digit) - 1)) == 0;
                if (x == digit || (bits && !one_bit)) continue;
                far = std::max(far, d[v - digit * place + x * place]);
            }
        }
    }
    return far;
}

TEST(RsnShapes, HypercubeNucleusSectionThree) {
    // Section 3.1: N = 2^(2^(l-1) n), degree n + l - 1, diameter (1 + 1/n) log2 N - 1 (l = 3:
    // log2 N + 3); section 3.3: a step of the 2^(l-1) n-cube in at most 2l - 1 steps (Emul),
    // so hypercube neighbours are at most 2l - 1 apart; section 3.1: HCN(n, n), RSN(2, Q_n) with
    // diameter links, routes in at most n + floor(n/2) + 1.
    for_each_rsn([](const rsn_shape& s) { return kind(s, "hypercube"); },
                 [](const built_rsn& b) {
                     const int n = static_cast<int>(std::log2(b.g.g.nodes())), l = b.s.levels;
                     const int log2n = (1 << (l - 1)) * n;
                     EXPECT_EQ(b.r.nodes(), 1ull << log2n);
                     EXPECT_EQ(degrees(b.r).max, static_cast<std::uint32_t>(n + l - 1));
                     const int diameter = all_pairs_distances(b.r).diameter;
                     if (b.s.diameter_links && l == 2) {
                         EXPECT_LE(diameter, n + n / 2 + 1);
                     }
                     if (b.s.diameter_links) return;
                     EXPECT_EQ(diameter, log2n + log2n / n - 1);
                     if (l == 3) {
                         EXPECT_EQ(diameter, log2n + 3);
                     }
                     if (l == 3) {
                         EXPECT_EQ(4 * static_cast<int>(degrees(b.r).max), log2n + 8);
                     }
                     EXPECT_LE(step_distance(b, true), 2 * l - 1);
                 });
}

TEST(RsnShapes, CompleteNucleusSectionFourOne) {
    // Section 4.1: degree N_1 + l - 2, diameter at most 2^l - 1, smaller than a hypercube's of
    // the same size (log2 N) for N_1 >= 4 with or without diameter links, and a step of the
    // 2^(l-1)-dimensional radix-N_1 generalized hypercube in 2l - 1 steps (its neighbours, one
    // address apart, at most 2l - 1 apart).
    for_each_rsn([](const rsn_shape& s) { return kind(s, "complete"); },
                 [](const built_rsn& b) {
                     const std::uint32_t n1 = b.g.g.nodes();
                     const int l = b.s.levels;
                     EXPECT_EQ(degrees(b.r).max, n1 + static_cast<std::uint32_t>(l) - 2);
                     const int diameter = all_pairs_distances(b.r).diameter;
                     EXPECT_LE(diameter, (1 << l) - 1);
                     if (n1 >= 4) {
                         EXPECT_LT(diameter, std::log2(static_cast<double>(b.r.nodes())));
                     }
                     EXPECT_LE(step_distance(b, false), 2 * l - 1);
                 });
}

// The largest degree of an A x B mesh by its definition: a side of two gives one neighbour in
// that dimension, a longer side two.
std::uint32_t mesh_degree(std::uint32_t a, std::uint32_t b) {
    return std::min(a - 1, 2u) + std::min(b - 1, 2u);
}

TEST(RsnShapes, MeshNucleusSectionFourThree) {
    // Section 4.3: RSN(l, M) over an n-D mesh has node degree l + 2n - 1 (n = 2 here). It holds
    // when every side has three nodes or more; a side of two has one neighbour, not two
    // (docs/networks.md, Findings, "RSN over a mesh with a side of two"): there the degree is the
    // mesh's by definition plus l - 1.
    for_each_rsn([](const rsn_shape& s) { return kind(s, "mesh"); },
                 [](const built_rsn& b) {
                     unsigned a = 0, c = 0;
                     ASSERT_EQ(std::sscanf(b.s.nucleus, "mesh:%ux%u", &a, &c), 2);
                     const auto l = static_cast<std::uint32_t>(b.s.levels);
                     const std::uint32_t d = degrees(b.r).max;
                     if (a >= 3 && c >= 3)
                         EXPECT_EQ(d, l + 2 * 2 - 1);
                     else
                         EXPECT_EQ(d, mesh_degree(a, c) + l - 1);
                 });
}

}  // namespace
}  // namespace d3
