// Hamming graphs K_a x K_b (x K_c) with trunking t (hamming-dragonfly-topologies.md, sections 3
// and 5) built by hamming_graph and counted by brute force, claim by claim, against the paper's
// formulas and against the definition (two routers adjacent when their coordinates differ in one
// place; docs/networks.md).
#include <gtest/gtest.h>

#include <functional>

#include "core/network/graphs/hamming.h"
#include "network_shapes.h"

namespace d3 {
namespace {

using shapes::hamming_shape;

void for_each_hamming(const std::function<bool(const hamming_shape&)>& which,
                      const std::function<void(const hamming_shape&, const graph&)>& check) {
    int checked = 0;
    for (const hamming_shape& s : shapes::hamming_shapes()) {
        if (!which(s)) continue;
        SCOPED_TRACE(hamming_name(s.sizes, s.trunking));
        check(s, hamming_graph(s.sizes, s.trunking));
        ++checked;
    }
    EXPECT_GE(checked, 3);
}

bool every(const hamming_shape&) {
    return true;
}
bool two_dimensional(const hamming_shape& s) {
    return s.sizes.size() == 2;
}

// Coordinates of node v, the first size most significant (product.h).
std::vector<std::uint32_t> coords(const hamming_shape& s, std::uint32_t v) {
    std::vector<std::uint32_t> x(s.sizes.size());
    for (std::size_t i = s.sizes.size(); i-- > 0; v /= s.sizes[i]) x[i] = v % s.sizes[i];
    return x;
}

int hamming_distance(const std::vector<std::uint32_t>& x, const std::vector<std::uint32_t>& y) {
    int d = 0;
    for (std::size_t i = 0; i < x.size(); ++i) d += x[i] != y[i];
    return d;
}

TEST(HammingShapes, NodesDegreeLinks) {
    // Section 3: a b (c) vertices, Delta-regular with Delta = a + b - 2 (the sum of a_i - 1);
    // section 5: a LAG of t links per pair counts t times in the degree.
    for_each_hamming(every, [](const hamming_shape& s, const graph& g) {
        std::uint64_t n = 1;
        std::uint32_t delta = 0;
        for (std::uint32_t a : s.sizes) {
            n *= a;
            delta += a - 1;
        }
        EXPECT_EQ(g.nodes(), n);
        EXPECT_EQ(degrees(g).min, s.trunking * delta);
        EXPECT_EQ(degrees(g).max, s.trunking * delta);
        EXPECT_EQ(degrees(g).max_distinct, delta);
        EXPECT_EQ(2 * g.links(), n * s.trunking * delta);
        if (two_dimensional(s) && s.sizes[0] == s.sizes[1] && s.trunking == 1) {
            EXPECT_EQ(4 * n,
                      std::uint64_t{delta} * delta + 4 * delta + 4);  // Delta^2/4 + Delta + 1
        }
    });
}

TEST(HammingShapes, DistanceIsTheHammingDistance) {
    // Section 3's definition: adjacent when the Hamming distance is 1, so every distance is the
    // Hamming distance and the diameter the number of dimensions (2 for K_a x K_b).
    for_each_hamming(every, [](const hamming_shape& s, const graph& g) {
        for (std::uint32_t v = 0; v < g.nodes(); ++v) {
            const std::vector<int> d = bfs_distances(g, v);
            for (std::uint32_t w = 0; w < g.nodes(); ++w)
                ASSERT_EQ(d[w], hamming_distance(coords(s, v), coords(s, w))) << v << " " << w;
        }
        EXPECT_EQ(all_pairs_distances(g).diameter, static_cast<int>(s.sizes.size()));
    });
}

TEST(HammingShapes, TrunkedDragonflySectionFive) {
    // Section 5: the groups {(x, y) : x in Z_a}, one per y, are K_a; between two groups the a
    // links (x, y1) - (x, y2), so a trunked dragonfly with trunking a (a t with a LAG of t) and
    // Delta_2 = b - 1 global links per router (t (b - 1) with the LAG), obeying Eq. (1):
    // a Delta_2 = trunking (b - 1).
    for_each_hamming(two_dimensional, [](const hamming_shape& s, const graph& g) {
        const std::uint32_t a = s.sizes[0], b = s.sizes[1];
        std::vector<std::uint64_t> between(std::size_t{b} * b, 0);
        std::uint64_t delta2 = 0;  // router 0's global links
        for (std::uint32_t v = 0; v < g.nodes(); ++v) {
            std::uint64_t global = 0;
            for (const graph_neighbor& w : g.neighbors(v)) {
                if (w.node % b == v % b) {
                    EXPECT_EQ(w.links, s.trunking);  // K_a within the group, t times
                    continue;
                }
                EXPECT_EQ(w.node / b, v / b);  // the same position x
                between[v % b * b + w.node % b] += w.links;
                global += w.links;
            }
            EXPECT_EQ(global, std::uint64_t{s.trunking} * (b - 1));  // Delta_2
            if (v == 0) delta2 = global;
        }
        const std::uint64_t trunk = std::uint64_t{a} * s.trunking;
        for (std::uint32_t y1 = 0; y1 < b; ++y1)
            for (std::uint32_t y2 = 0; y2 < b; ++y2)
                EXPECT_EQ(between[y1 * b + y2], y1 == y2 ? 0 : trunk) << y1 << " " << y2;
        EXPECT_EQ(a * delta2, between[0 * b + 1] * (b - 1));  // Eq. (1), counted
    });
}

TEST(HammingShapes, LinkUseUnderUniformTraffic) {
    // Section 3: a minimal path has one a-link with probability (a-1) b / (ab-1); section 5.1:
    // global hops avg2 = (ab - a) / (ab - 1), local hops between two groups (t = a) (t^2 - t -
    // 2ta + 2a^2) / a^2, and alpha = avg2 / avg1 = 1 for the square graph. Hops by kind from the
    // breadth-first distances: a minimal path to another group crosses one global link.
    for_each_hamming(two_dimensional, [](const hamming_shape& s, const graph& g) {
        const std::uint64_t a = s.sizes[0], b = s.sizes[1], n = a * b;
        std::uint64_t local = 0, global = 0, local_between = 0, pairs_between = 0;
        for (std::uint32_t v = 0; v < g.nodes(); ++v) {
            const std::vector<int> d = bfs_distances(g, v);
            for (std::uint32_t w = 0; w < g.nodes(); ++w) {
                const std::uint64_t crosses = w % b != v % b ? 1 : 0;
                global += crosses;
                local += static_cast<std::uint64_t>(d[w]) - crosses;
                local_between += crosses * (static_cast<std::uint64_t>(d[w]) - 1);
                pairs_between += crosses;
            }
        }
        const std::uint64_t pairs = n * (n - 1);
        EXPECT_EQ(local * (a * b - 1), (a - 1) * b * pairs);
        EXPECT_EQ(global * (a * b - 1), (a * b - a) * pairs);
        const std::uint64_t t = a;  // the trunking of the Hamming graph as a dragonfly
        EXPECT_EQ(local_between * a * a, (t * t - t - 2 * t * a + 2 * a * a) * pairs_between);
        if (a == b) {
            EXPECT_EQ(global, local);
        }
    });
}

}  // namespace
}  // namespace d3
