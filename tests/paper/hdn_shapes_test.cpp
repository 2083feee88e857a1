// The hierarchical dual-net HDN(B, k, S) (hierarchical-dual-net-total-exchange.txt, section 2)
// built by hierarchical_dual_net and counted by brute force, claim by claim, against the paper's
// formulas and tables and against figures derived here from the factors of B (docs/networks.md).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <vector>

#include "network_shapes.h"

namespace d3 {
namespace {

struct built_hdn {
    dual_net_spec s;
    graph g;
};

void for_each_hdn(const std::function<bool(const dual_net_spec&)>& which,
                  const std::function<void(const built_hdn&)>& check) {
    int checked = 0;
    for (const shapes::hdn_shape& x : shapes::hdn_shapes()) {
        const dual_net_spec s = shapes::hdn_spec(x);
        if (!which(s)) continue;
        SCOPED_TRACE(dual_net_name(s));
        check({s, hierarchical_dual_net(s)});
        ++checked;
    }
    EXPECT_GE(checked, 3);
}

bool every(const dual_net_spec&) {
    return true;
}

// Figures of B and of its sub-products from the factors alone: nodes, the paper's degree (a ring
// has two links at a node, a ring of two too: section 2 counts the 2 x 3 x 5 torus's degree as
// 6), diameter (a ring of b nodes floor(b/2), K_2 one).
int levels(const dual_net_spec& s) {
    return static_cast<int>(s.super_nodes.size());
}
std::uint64_t base_nodes(const dual_net_spec& s) {
    std::uint64_t n = 1;
    for (const graph_factor& f : s.base) n *= f.size;
    return n;
}
std::uint32_t base_degree(const dual_net_spec& s) {
    std::uint32_t d = 0;
    for (const graph_factor& f : s.base) d += f.k == graph_factor::kind::ring ? 2 : f.size - 1;
    return d;
}
int diameter_of(const graph_factor& f) {
    return f.k == graph_factor::kind::ring ? static_cast<int>(f.size / 2) : 1;
}
int base_diameter(const dual_net_spec& s) {
    int d = 0;
    for (const graph_factor& f : s.base) d += diameter_of(f);
    return d;
}
std::uint64_t sn_size(const dual_net_spec& s, int i) {
    std::uint64_t n = 1;
    for (std::size_t f : s.super_nodes[static_cast<std::size_t>(i - 1)]) n *= s.base[f].size;
    return n;
}
int sn_diameter(const dual_net_spec& s, int i) {
    int d = 0;
    for (std::size_t f : s.super_nodes[static_cast<std::size_t>(i - 1)])
        d += diameter_of(s.base[f]);
    return d;
}
// N_i by section 2's recurrence N_i = 2 N_(i-1)^2 / s_i.
std::uint64_t nodes_at(const dual_net_spec& s, int level) {
    std::uint64_t n = base_nodes(s);
    for (int i = 1; i <= level; ++i) n = 2 * n * n / sn_size(s, i);
    return n;
}
// Whether every level has two or more clusters per class (n_i = N_(i-1) / s_i >= 2).
bool two_clusters_per_class(const dual_net_spec& s) {
    for (int i = 1; i <= levels(s); ++i)
        if (nodes_at(s, i - 1) / sn_size(s, i) < 2) return false;
    return true;
}

TEST(HdnShapes, NodesByTheRecurrenceOfSectionTwo) {
    for_each_hdn(every, [](const built_hdn& b) {
        EXPECT_EQ(b.g.nodes(), nodes_at(b.s, levels(b.s)));
        EXPECT_EQ(dual_net_nodes(b.s), nodes_at(b.s, levels(b.s)));
    });
}

TEST(HdnShapes, NodesTheoremOne) {
    // Theorem 1: (2 n0)^(2^k) / (2 prod s_i). The recurrence solves to (2 n0)^(2^k) /
    // (2 prod s_i^(2^(k-i))); the two agree when s_i = 1 below the top level (docs/networks.md,
    // Findings, "HDN Theorem 1's node count"); elsewhere the graph has the recurrence's count.
    for_each_hdn(every, [](const built_hdn& b) {
        const int k = levels(b.s);
        std::uint64_t power = 1, theorem = 2, solved = 2;
        for (int e = 0; e < 1 << k; ++e) power *= 2 * base_nodes(b.s);
        bool ones_below_top = true;
        for (int i = 1; i <= k; ++i) {
            theorem *= sn_size(b.s, i);
            for (int e = 0; e < 1 << (k - i); ++e) solved *= sn_size(b.s, i);
            ones_below_top = ones_below_top && (i == k || sn_size(b.s, i) == 1);
        }
        EXPECT_EQ(b.g.nodes(), power / solved);
        if (ones_below_top)
            EXPECT_EQ(b.g.nodes(), power / theorem);
        else
            EXPECT_LT(b.g.nodes(), power / theorem);
    });
}

TEST(HdnShapes, TableOneCounts) {
    // Table 1: nodes of HDN(2 x 3 x 5 torus, k, S) by s_1 (rows) and s_2 (columns); the entries
    // up to ten thousand nodes are built. Factor sets of each size: 2 = {C2}, 3 = {C3}, ...
    const std::map<int, std::vector<std::size_t>> sn{{1, {}},      {2, {0}},       {3, {1}},
                                                     {5, {2}},     {6, {0, 1}},    {10, {0, 2}},
                                                     {15, {1, 2}}, {30, {0, 1, 2}}};
    const std::vector<int> s{1, 2, 3, 5, 6, 10, 15, 30};
    const std::vector<std::uint64_t> k1{1800, 900, 600, 360, 300, 180, 120, 60};
    const std::vector<std::vector<std::uint64_t>> k2{
        {6480000, 3240000, 2160000, 1296000, 1080000, 648000, 432000, 216000},
        {1620000, 810000, 540000, 324000, 270000, 162000, 108000, 54000},
        {720000, 360000, 240000, 144000, 120000, 72000, 48000, 24000},
        {259200, 129600, 86400, 51840, 43200, 25920, 17280, 8640},
        {180000, 90000, 60000, 36000, 30000, 18000, 12000, 6000},
        {64800, 32400, 21600, 12960, 10800, 6480, 4320, 2160},
        {28800, 14400, 9600, 5760, 4800, 2880, 1920, 960},
        {7200, 3600, 2400, 1440, 1200, 720, 480, 240}};
    const auto base = *parse_product("torus:2x3x5");
    int built = 0;
    for (std::size_t a = 0; a < s.size(); ++a) {
        EXPECT_EQ(hierarchical_dual_net({base, {sn.at(s[a])}}).nodes(), k1[a]) << s[a];
        for (std::size_t c = 0; c < s.size(); ++c) {
            const dual_net_spec spec{base, {sn.at(s[a]), sn.at(s[c])}};
            EXPECT_EQ(nodes_at(spec, 2), k2[a][c]) << s[a] << " " << s[c];
            if (k2[a][c] > 10000) continue;
            EXPECT_EQ(hierarchical_dual_net(spec).nodes(), k2[a][c]) << s[a] << " " << s[c];
            ++built;
        }
    }
    EXPECT_GE(built, 15);
}

TEST(HdnShapes, DegreeTheoremOne) {
    // Theorem 1: every node has degree d0 + k.
    for_each_hdn(every, [](const built_hdn& b) {
        const std::uint32_t d = base_degree(b.s) + static_cast<std::uint32_t>(levels(b.s));
        EXPECT_EQ(degrees(b.g).min, d);
        EXPECT_EQ(degrees(b.g).max, d);
        EXPECT_EQ(2 * b.g.links(), std::uint64_t{d} * b.g.nodes());
    });
}

TEST(HdnShapes, CrossEdgesOfTheTopLevel) {
    // Section 2 (Fig. 1): 2 n_k clusters, n_k of each class; a super-node of a cluster has s_k
    // links to a super-node of a distinct cluster of the other class, so two clusters of distinct
    // classes share s_k links and two of one class none. Clusters are blocks of N_(k-1)
    // consecutive nodes, class 0 first (dual_net.h).
    for_each_hdn(every, [](const built_hdn& b) {
        const int k = levels(b.s);
        const std::uint64_t prev = nodes_at(b.s, k - 1), sk = sn_size(b.s, k);
        const std::uint64_t nk = prev / sk, clusters = 2 * nk;
        std::vector<std::uint64_t> between(clusters * clusters, 0);
        for (std::uint32_t v = 0; v < b.g.nodes(); ++v)
            for (const graph_neighbor& w : b.g.neighbors(v))
                if (w.node / prev != v / prev)
                    between[v / prev * clusters + w.node / prev] += w.links;
        for (std::uint64_t x = 0; x < clusters; ++x)
            for (std::uint64_t y = 0; y < clusters; ++y)
                EXPECT_EQ(between[x * clusters + y], (x < nk) != (y < nk) ? sk : 0u)
                    << x << " " << y;
    });
}

// Theorem 1's D_k = 2^k D(B) - sum_{j=0}^{k-1} 2^j D(SN_(k-j)) + 2^(k+1) - 2.
int theorem_one_diameter(const dual_net_spec& s) {
    const int k = levels(s);
    int d = (1 << k) * base_diameter(s) + (1 << (k + 1)) - 2;
    for (int j = 0; j < k; ++j) d -= (1 << j) * sn_diameter(s, k - j);
    return d;
}

// The paper's recurrence D_i = 2 D_(i-1) - D(SN_i) + 2 (its routing through a cluster of the
// other class) where a class has two clusters or more; with one cluster per class (n_i = 1)
// HDN(B, i, S) is HDN(B, i-1, S) x K_2 and D_i = D_(i-1) + 1.
int diameter_by_levels(const dual_net_spec& s) {
    int d = base_diameter(s);
    for (int i = 1; i <= levels(s); ++i)
        d = nodes_at(s, i - 1) / sn_size(s, i) == 1 ? d + 1 : 2 * d - sn_diameter(s, i) + 2;
    return d;
}

TEST(HdnShapes, DiameterTheoremOne) {
    // Theorem 1's D_k holds with two or more clusters per class at every level; with one cluster
    // per class somewhere it is too large (docs/networks.md, Findings, "HDN Theorem 1's
    // diameter"), and the graph has diameter_by_levels's.
    for_each_hdn(every, [](const built_hdn& b) {
        const distance_figures d = all_pairs_distances(b.g);
        ASSERT_TRUE(d.connected);
        EXPECT_EQ(d.diameter, diameter_by_levels(b.s));
        if (two_clusters_per_class(b.s))
            EXPECT_EQ(d.diameter, theorem_one_diameter(b.s));
        else
            EXPECT_LT(d.diameter, theorem_one_diameter(b.s));
    });
}

TEST(HdnShapes, TableTwoRows) {
    // Table 2: RDN (every s_i = 1): (2m)^(2^k) / 2 nodes, degree d0 + k, diameter 2^k D0 +
    // 2^(k+1) - 2; Dual-Cube(n), the RDN over an (n-1)-cube with k = 1: 2^(2n-1) nodes, degree
    // n, diameter 2n. The HDN row prints the diameter as 2^k (D(B) - sum 2^j D(SN_(k-j))) +
    // 2^(k+1) - 2, below the graph's (Theorem 1's) diameter whenever a super-node has a diameter
    // (docs/networks.md, Findings, "HDN Table 2's diameter").
    for_each_hdn(every, [](const built_hdn& b) {
        const int k = levels(b.s), diameter = all_pairs_distances(b.g).diameter;
        int sum = 0;
        for (int j = 0; j < k; ++j) sum += (1 << j) * sn_diameter(b.s, k - j);
        const int table2 = (1 << k) * (base_diameter(b.s) - sum) + (1 << (k + 1)) - 2;
        if (sum > 0 && two_clusters_per_class(b.s)) {
            EXPECT_LT(table2, diameter);
        }
        if (sum > 0) return;
        std::uint64_t n = 1;
        for (int e = 0; e < 1 << k; ++e) n *= 2 * base_nodes(b.s);
        EXPECT_EQ(b.g.nodes(), n / 2);
        EXPECT_EQ(degrees(b.g).max, base_degree(b.s) + static_cast<std::uint32_t>(k));
        EXPECT_EQ(diameter, (1 << k) * base_diameter(b.s) + (1 << (k + 1)) - 2);
        const bool cube = b.s.base[0].k == graph_factor::kind::complete;
        if (!cube || k != 1) return;
        const auto n_cube = static_cast<int>(b.s.base.size()) + 1;  // Dual-Cube(n)
        EXPECT_EQ(b.g.nodes(), 1u << (2 * n_cube - 1));
        EXPECT_EQ(degrees(b.g).max, static_cast<std::uint32_t>(n_cube));
        EXPECT_EQ(diameter, 2 * n_cube);
    });
}

TEST(HdnShapes, TableThreeRows) {
    // Table 3, B the 2 x 3 x 5 torus, k = 1: (s_1, N, d, D, CR with w1 = w2 = 1/2):
    // (1, 1800, 7, 10, 0.79), (2, 900, 7, 9, 0.82), (3, 600, 7, 9, 0.87).
    struct row {
        std::vector<std::size_t> sn;
        std::uint32_t n, d;
        int diameter, cr100;
    };
    for (const row& r :
         {row{{}, 1800, 7, 10, 79}, row{{0}, 900, 7, 9, 82}, row{{1}, 600, 7, 9, 87}}) {
        const graph g = hierarchical_dual_net({*parse_product("torus:2x3x5"), {r.sn}});
        const int diameter = all_pairs_distances(g).diameter;
        EXPECT_EQ(g.nodes(), r.n);
        EXPECT_EQ(degrees(g).max, r.d);
        EXPECT_EQ(diameter, r.diameter);
        const double cr = (0.5 * degrees(g).max + 0.5 * diameter) / std::log2(g.nodes());
        EXPECT_EQ(std::lround(100 * cr), r.cr100);
    }
}

}  // namespace
}  // namespace d3
