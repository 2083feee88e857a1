// BookSim2's traffic patterns (issue 46, item 3) against their definitions in BookSim2's
// traffic.cpp, worked out by hand on small networks: the bit patterns on router ids (N a power
// of two), the digit patterns per coordinate (c, d, p) of radices (K, M, M).
#include <gtest/gtest.h>

#include <set>

#include "core/traffic/pattern.h"

namespace d3 {
namespace {

router_id dest(const topology& t, traffic_pattern p, router_id src) {
    const pattern_generator g(t, p, 1, 0);
    traffic_rng r(1);
    return g.destination(src, r);
}

TEST(BooksimPatterns, BitPatternsOnThirtyTwoRouters) {
    const topology t(2, 4);                                // 32 routers: ids of 5 bits
    EXPECT_EQ(dest(t, traffic_pattern::bitcomp, 5), 26u);  // 00101 -> 11010
    EXPECT_EQ(dest(t, traffic_pattern::bitrev, 1), 16u);   // 00001 -> 10000
    EXPECT_EQ(dest(t, traffic_pattern::bitrev, 6), 12u);   // 00110 -> 01100
    EXPECT_EQ(dest(t, traffic_pattern::shuffle, 17), 3u);  // 10001 -> 00011
    EXPECT_EQ(dest(t, traffic_pattern::shuffle, 6), 12u);  // 00110 -> 01100
    for (traffic_pattern p :
         {traffic_pattern::bitcomp, traffic_pattern::bitrev, traffic_pattern::shuffle}) {
        std::set<router_id> image;
        for (router_id s = 0; s < t.routers(); ++s) image.insert(dest(t, p, s));
        EXPECT_EQ(image.size(), t.routers()) << to_string(p);  // a permutation
    }
}

TEST(BooksimPatterns, BitPatternsNeedAPowerOfTwo) {
    EXPECT_FALSE(pattern_problem(traffic_pattern::bitrev, 32).has_value());
    EXPECT_TRUE(pattern_problem(traffic_pattern::bitrev, 48).has_value());
    EXPECT_TRUE(pattern_problem(traffic_pattern::shuffle, 264).has_value());
    EXPECT_FALSE(pattern_problem(traffic_pattern::tornado, 48).has_value());
}

TEST(BooksimPatterns, DigitPatternsPerCoordinate) {
    const topology t(3, 4);
    // tornado: x -> x + ceil(k/2) - 1 mod k: K = 3 moves c by 1, M = 4 moves d and p by 1 too
    EXPECT_EQ(t.at(dest(t, traffic_pattern::tornado, t.id({0, 0, 0}))), (coord{1, 1, 1}));
    EXPECT_EQ(t.at(dest(t, traffic_pattern::tornado, t.id({2, 3, 1}))), (coord{0, 0, 2}));
    const topology five(5, 5);  // k = 5: a move of 2
    EXPECT_EQ(five.at(dest(five, traffic_pattern::tornado, five.id({4, 1, 3}))), (coord{1, 3, 0}));
    // neighbor: every digit + 1
    EXPECT_EQ(t.at(dest(t, traffic_pattern::neighbor, t.id({2, 3, 3}))), (coord{0, 0, 0}));
    EXPECT_EQ(t.at(dest(t, traffic_pattern::neighbor, t.id({0, 1, 2}))), (coord{1, 2, 3}));
}

// shift: router id r -> r + S mod N, whatever the network's coordinates; S in 1..N-1.
TEST(ShiftPattern, SendsEveryRouterSOnAndWrapsAround) {
    for (const topology& t : {topology(2, 4), topology(3, 5)})
        for (router_id s : {1u, 7u, t.routers() - 1}) {
            const pattern_generator g(t, traffic_pattern::shift, 1, 0, {}, s);
            traffic_rng r(1);
            for (router_id src = 0; src < t.routers(); ++src) {
                const router_id want = src + s < t.routers() ? src + s : src + s - t.routers();
                EXPECT_EQ(g.destination(src, r), want) << src << " + " << s;
            }
        }
    EXPECT_FALSE(pattern_problem(traffic_pattern::shift, 32, 31).has_value());
    EXPECT_TRUE(pattern_problem(traffic_pattern::shift, 32, 32).has_value());
    EXPECT_TRUE(pattern_problem(traffic_pattern::shift, 32, 0).has_value());
}

TEST(BooksimPatterns, RandpermIsThePermutationPattern) {
    const topology t(2, 4);
    const pattern_generator a(t, traffic_pattern::randperm, 5, 0);
    const pattern_generator b(t, traffic_pattern::permutation, 5, 0);
    traffic_rng r(1);
    for (router_id s = 0; s < t.routers(); ++s) EXPECT_EQ(a.destination(s, r), b.destination(s, r));
}

}  // namespace
}  // namespace d3

namespace d3 {
namespace {

// --hotspot 3,17:0.5 on D3(2,4) (32 routers): half the packets go to one of the two hot spots,
// drawn uniformly, the other half uniformly to any router: 3 and 17 each receive
// 0.25 + 0.5 / 32 of them, every other router 0.5 / 32.
TEST(Hotspots, SeveralHotSpotsShareTheirFraction) {
    const topology t(2, 4);
    const pattern_generator g(t, traffic_pattern::hotspot, 1, 0.5,
                              std::get<std::vector<router_id>>(parse_hotspots("3,17", 32)));
    traffic_rng r(5);
    std::vector<int> count(32, 0);
    const int n = 400000;
    for (int i = 0; i < n; ++i) ++count[g.destination(0, r)];
    for (router_id d = 0; d < 32; ++d) {
        const double expected = (d == 3 || d == 17 ? 0.25 : 0.0) + 0.5 / 32;
        EXPECT_NEAR(count[d] / double(n), expected, 0.004) << d;
    }
}

TEST(Hotspots, TheirIdsAreChecked) {
    EXPECT_EQ(std::get<std::string>(parse_hotspots("3,32", 32)),
              "--hotspot: '32' is not a router id of this network (0 to 31)");
    EXPECT_EQ(std::get<std::string>(parse_hotspots("3,,4", 32)),
              "--hotspot: '' is not a router id of this network (0 to 31)");
    EXPECT_EQ(std::get<std::string>(parse_hotspots("5,5", 32)),
              "--hotspot: router 5 is given twice");
    EXPECT_EQ(std::get<std::vector<router_id>>(parse_hotspots("31,0", 32)),
              (std::vector<router_id>{31, 0}));
}

}  // namespace
}  // namespace d3
