// MDF(K,M) in the simulator (section 11): the topology's ids and wiring, the MDF table decoder, and
// minimal, Valiant and UGAL routing on it. Expected routes are found here by searching the
// dragonfly's port table (not dragonfly::exit_to, which the decoder uses) and stepping the wiring.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <vector>

#include "core/decoding/decoder.h"
#include "core/decoding/walk.h"
#include "core/network/config.h"
#include "core/network/dragonfly.h"
#include "core/network/topology.h"
#include "core/run/stats.h"
#include "core/traffic/pattern.h"
#include "core/traffic/routing.h"
#include "support/fake_view.h"
#include "support/mdf_topology.h"
#include "support/route_path.h"

namespace d3 {
namespace {

using test::mdf;

// The router of group g and its port whose global link reaches group `to`, by search.
std::pair<int, int> exit_by_search(const dragonfly& df, int g, int to) {
    std::pair<int, int> found{-1, -1};
    int n = 0;
    for (int r = 0; r < df.m(); ++r)
        for (int a = 0; a < df.k(); ++a)
            if (df.global_neighbor(g, r, a).group == to) {
                found = {r, a};
                ++n;
            }
    EXPECT_EQ(n, 1) << "groups " << g << " and " << to;
    return found;
}

class MdfShapes : public ::testing::TestWithParam<std::tuple<int, int, arrangement>> {};

TEST_P(MdfShapes, IdsRoundTripAndEveryGlobalLinkReturns) {
    const auto [k, m, a] = GetParam();
    const topology t = mdf(k, m, a);
    EXPECT_EQ(t.kind(), topology_kind::mdf);
    EXPECT_EQ(t.groups(), k * m + 1);
    EXPECT_EQ(t.routers(), static_cast<std::uint32_t>((k * m + 1) * m));
    for (router_id i = 0; i < t.routers(); ++i) {
        const coord x = t.at(i);
        ASSERT_TRUE(t.contains(x));
        ASSERT_EQ(t.id(x), i);
        for (int p = 0; p < k; ++p) {
            const coord y = t.global_neighbor(x, p);
            const port_end& e = t.mdf()->global_neighbor(x.c, x.p, p);
            EXPECT_EQ(y, (coord{e.group, 0, e.router}));
            EXPECT_NE(y.c, x.c);  // no global port stays in its group, port 0 included
            EXPECT_FALSE(t.global_loops(x, p));
            EXPECT_EQ(t.global_neighbor(y, t.global_return_port(x, p)), x);
        }
    }
}

// Every pair: (3; dst) reaches dst in exactly three steps (holds included) along l-g-l, through the
// one global link between the two groups, and walk() counts the hops the wiring implies.
TEST_P(MdfShapes, TableRouteTakesTheOneGlobalLinkInThreeSteps) {
    const auto [k, m, a] = GetParam();
    const topology t = mdf(k, m, a);
    for (router_id s = 0; s < t.routers(); ++s)
        for (router_id d = 0; d < t.routers(); ++d) {
            const coord src = t.at(s), dst = t.at(d);
            const header h = make_destination_header(3, dst);
            ASSERT_TRUE(valid(h, t));
            const std::vector<coord> p = route_path(t, src, h);
            ASSERT_EQ(p.size(), 3u) << t.label(src) << " -> " << t.label(dst);
            EXPECT_EQ(p.back(), dst);
            int hops = 0;
            if (src.c == dst.c) {
                EXPECT_EQ(p[1], src);  // no global hop: held
                hops = src.p != dst.p;
            } else {
                const auto [re, port] = exit_by_search(*t.mdf(), src.c, dst.c);
                EXPECT_EQ(p[0], (coord{src.c, 0, re}));
                EXPECT_EQ(p[1], t.global_neighbor({src.c, 0, re}, port));
                hops = (src.p != re) + 1 + (p[1] != dst);
            }
            const walk_result w = walk(t, src, h);
            ASSERT_TRUE(w.error.empty()) << w.error;
            EXPECT_EQ(w.destinations, std::vector<router_id>{d});
            EXPECT_EQ(w.steps, 3);
            EXPECT_EQ(w.hops, static_cast<std::uint64_t>(hops));
            EXPECT_EQ(w.hops + w.holds, 3u);
        }
}

// (5; dst, C, D): local D, global C, then the table route; five steps. From one router's group the
// K*M pairs (D, C) reach K*M different groups: all the others, which is what makes it Valiant.
TEST_P(MdfShapes, ValiantDeflectionReachesEveryOtherGroupOnceAndArrivesInFiveSteps) {
    const auto [k, m, a] = GetParam();
    const topology t = mdf(k, m, a);
    for (router_id s = 0; s < t.routers(); ++s) {
        const coord src = t.at(s);
        std::set<int> middles;
        for (int dd = 0; dd < m; ++dd)
            for (int c = 0; c < k; ++c) {
                const coord mid = t.global_neighbor(t.local_neighbor(src, dd), c);
                middles.insert(mid.c);
                for (router_id d = 0; d < t.routers(); d += 3) {
                    const coord dst = t.at(d);
                    const std::vector<coord> p =
                        route_path(t, src, make_destination_header(5, dst, c, dd));
                    ASSERT_EQ(p.size(), 5u);
                    EXPECT_EQ(p[1], mid);
                    EXPECT_EQ(p.back(), dst);
                }
            }
        EXPECT_EQ(middles.size(), static_cast<std::size_t>(k * m));
        EXPECT_EQ(middles.count(src.c), 0u);
    }
}

INSTANTIATE_TEST_SUITE_P(Mdf, MdfShapes,
                         ::testing::Values(std::tuple{1, 2, arrangement::palmtree},
                                           std::tuple{2, 3, arrangement::palmtree},
                                           std::tuple{2, 4, arrangement::consecutive},
                                           std::tuple{3, 4, arrangement::palmtree},
                                           std::tuple{4, 4, arrangement::consecutive},
                                           std::tuple{4, 4, arrangement::palmtree}));

// Global port 0 is a link on MDF: (4; dst, C=0) moves at every router, including those whose d = p
// would be a fixed point on D3; MDF holds carry decision::hold with port 0 instead.
TEST(MdfDecoder, GlobalPortZeroNeverHolds) {
    const topology t = mdf(3, 4);
    for (router_id i = 0; i < t.routers(); ++i) {
        const coord x = t.at(i);
        const decision d = decode(make_destination_header(4, {0, 0, 0}, 0, 0), x, t);
        EXPECT_EQ(d.act, action::global);
        EXPECT_FALSE(d.hold);
        EXPECT_EQ(d.port, 0);
        const decision same = decode(make_destination_header(2, {x.c, 0, 1}), x, t);
        EXPECT_EQ(same.act, action::global);
        EXPECT_TRUE(same.hold);
    }
}

TEST(MdfDecoder, ForeignHeadersAndMissingTableEntriesAreInvalid) {
    const topology t = mdf(2, 4);  // 9 groups
    const coord at{0, 0, 0};
    const auto invalid = [&](const header& h) {
        EXPECT_FALSE(valid(h, t)) << to_string(h);
        EXPECT_TRUE(check(h, t).has_value()) << to_string(h);
        EXPECT_EQ(decode(h, at, t).act, action::invalid) << to_string(h);
    };
    invalid(make_source_vector_header(false, 3, {2, 1, 1}));  // gamma = 2 of 0..1 (issue 14)
    invalid(make_destination_header(3, {9, 0, 0}));           // group 9 of 0..8
    invalid(make_destination_header(3, {1, 1, 0}));           // d' must be 0
    invalid(make_destination_header(3, {1, 0, 4}));           // router 4 of 0..3
    invalid(make_destination_header(5, {1, 0, 0}, 2, 0));     // C = 2 of 0..1
    EXPECT_FALSE(check(make_destination_header(3, {8, 0, 3}), t).has_value());
    // b = 2 at a router that does not hold the link to the destination group.
    const auto [re, port] = exit_by_search(*t.mdf(), 0, 5);
    (void)port;
    const coord other{0, 0, (re + 1) % 4};
    EXPECT_EQ(decode(make_destination_header(2, {5, 0, 0}), other, t).act, action::invalid);
    EXPECT_EQ(decode(make_destination_header(2, {5, 0, 0}), {0, 0, re}, t).act, action::global);
}

// minimal_first_hops names the first two moves of the table route on both topologies.
TEST(MinimalFirstHops, MatchTheDecodedRoute) {
    for (const topology& t : {topology(3, 4), mdf(3, 3)}) {
        for (router_id s = 0; s < t.routers(); ++s)
            for (router_id d = 0; d < t.routers(); ++d) {
                const coord src = t.at(s), dst = t.at(d);
                const first_hops f = minimal_first_hops(t, src, dst);
                const header h = make_destination_header(3, dst);
                const decision first = decode(h, src, t);
                ASSERT_EQ(first.act, action::local);
                EXPECT_EQ(first.port, f.local);
                const decision second = decode(first.next, t.local_neighbor(src, f.local), t);
                ASSERT_EQ(second.act, action::global);
                if (f.global < 0) {
                    EXPECT_TRUE(second.hold);
                } else {
                    EXPECT_EQ(second.port, f.global);
                }
            }
    }
}

// UGAL on MDF weighs the same two queues per route: the minimal route's are the local port to the
// exit router and that router's global port towards the destination group.
TEST(MdfUgal, DeflectsOnlyWhenTheMinimalQueuesAreLonger) {
    const topology t = mdf(2, 4);
    const coord src{0, 0, 1}, dst{6, 0, 2};
    const auto [re, port] = exit_by_search(*t.mdf(), 0, 6);
    fake_view v;
    const auto r = make_ugal_routing(t, v);
    traffic_rng quiet(5);
    EXPECT_EQ(r->route(src, dst, quiet), make_destination_header(3, dst));  // no queues: minimal
    const int x = mod(re - src.p, t.m());
    if (x != 0) v.q[{t.id(src), index_of({false, x}, t.k())}] = 3;
    v.q[{t.id({0, 0, re}), port}] = 7;
    int deflected = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        traffic_rng rng(seed), copy(seed);
        const int dd = uniform_int(copy, t.m());
        const int c = uniform_int(copy, t.k());
        int q_defl = 0;
        if (dd != 0) q_defl += v.occupancy(t.id(src), index_of({false, dd}, t.k()));
        q_defl += v.occupancy(t.id(t.local_neighbor(src, dd)), c);
        const int q_min = (x != 0 ? 3 : 0) + 7;
        const header h = r->route(src, dst, rng);
        if (q_defl * 5 < q_min * 3) {
            EXPECT_EQ(h, make_destination_header(5, dst, c, dd)) << seed;
            ++deflected;
        } else {
            EXPECT_EQ(h, make_destination_header(3, dst)) << seed;
        }
    }
    EXPECT_GT(deflected, 0);
}

TEST(MdfValiant, LaunchesFiveStepDeflectionsWithEveryPortPair) {
    const topology t = mdf(2, 3);
    const auto r = make_valiant_routing(t);
    traffic_rng rng(11);
    std::set<std::pair<int, int>> seen;
    for (int i = 0; i < 500; ++i) {
        const header h = r->route({0, 0, 0}, {4, 0, 2}, rng);
        ASSERT_EQ(h.b, 5);
        seen.insert({h.defl_d, h.defl_c});
    }
    EXPECT_EQ(seen.size(), 6u);
}

// Adversarial and transpose patterns on MDF: group g to group g+1 router by router (all through
// their one global link), and router i to N-1-i.
TEST(MdfPatterns, DrawerToDrawerIsGroupToNextGroupAndTransposeMirrors) {
    const topology t = mdf(2, 4);
    pattern_generator adv(t, traffic_pattern::drawer_to_drawer, 1, 0.1);
    pattern_generator tr(t, traffic_pattern::transpose, 1, 0.1);
    traffic_rng rng(1);
    for (router_id s = 0; s < t.routers(); ++s) {
        const coord x = t.at(s), y = t.at(adv.destination(s, rng));
        EXPECT_EQ(y, (coord{(x.c + 1) % t.groups(), 0, x.p}));
        EXPECT_EQ(tr.destination(s, rng), t.routers() - 1 - s);
    }
}

TEST(MdfConfig, MakeTopologyReadsTheArrangementAndRejectsBadOnes) {
    network_config c;
    c.shape = topology_kind::mdf;
    c.k = 2;
    c.m = 3;
    EXPECT_FALSE(c.validate().has_value());
    const topology t = make_topology(c);
    EXPECT_EQ(t.name(), "MDF(2,3)");
    EXPECT_EQ(t.mdf()->kind(), arrangement::palmtree);
    c.arrangement = "consecutive";
    EXPECT_EQ(make_topology(c).mdf()->kind(), arrangement::consecutive);
    c.arrangement = "/nonexistent/wiring.txt";
    EXPECT_THROW(make_topology(c), std::invalid_argument);
    c.k = 16;
    c.m = 16;  // 257 groups do not fit the header's 8-bit c'
    EXPECT_TRUE(c.validate().has_value());
}

}  // namespace
}  // namespace d3
