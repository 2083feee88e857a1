// Destination routing (section 10) against the source-vector route, deflections, UGAL's rule.
// Expected paths come from the topology's wiring (2.1) and vector_to/destination, walked here step
// by step, not from the model's walk().
#include <gtest/gtest.h>

#include <map>
#include <tuple>
#include <vector>

#include "core/decoding/decoder.h"
#include "core/decoding/vc.h"
#include "core/network/config.h"
#include "core/network/topology.h"
#include "core/run/stats.h"
#include "core/traffic/routing.h"
#include "support/fake_view.h"
#include "support/route_path.h"

namespace d3 {
namespace {

class TableRoute : public ::testing::TestWithParam<std::tuple<int, int>> {};

// Section 10: the table route (3; dst) visits the same routers as the source vector
// (3; c'-c, p'-d, d'-p), step by step, for every pair.
TEST_P(TableRoute, EqualsTheSourceVectorRouteForEveryPair) {
    const auto [k, m] = GetParam();
    const topology t(k, m);
    for (router_id s = 0; s < t.routers(); ++s)
        for (router_id d = 0; d < t.routers(); ++d) {
            const coord src = t.at(s), dst = t.at(d);
            const source_vector v = t.vector_to(src, dst);
            ASSERT_EQ(t.destination(src, v), dst);
            const auto by_vector = route_path(t, src, make_source_vector_header(false, 3, v));
            const auto by_table = route_path(t, src, make_destination_header(3, dst));
            ASSERT_EQ(by_table.size(), 3u);
            EXPECT_EQ(by_table, by_vector) << to_string(src) << " -> " << to_string(dst);
            EXPECT_EQ(by_table.back(), dst);
        }
}

// b = 5 takes local port D, b = 4 global port C: the packet is at (c+C, p+D, d) after two steps
// (the paper's "(C, D, d)", C and D being ports), then goes minimally: 5 steps; b = 4 alone: 4.
TEST_P(TableRoute, DeflectedPathsReachTheDestinationInFourOrFiveSteps) {
    const auto [k, m] = GetParam();
    const topology t(k, m);
    for (router_id s = 0; s < t.routers(); ++s)
        for (router_id d = 0; d < t.routers(); ++d) {
            const coord src = t.at(s), dst = t.at(d);
            for (int c = 0; c < k; ++c) {
                const auto v = route_path(t, src, make_destination_header(4, dst, c, 0));
                ASSERT_EQ(v.size(), 4u);
                EXPECT_EQ(v[0], (coord{mod(src.c + c, k), src.p, src.d}));
                EXPECT_EQ(v.back(), dst);
                for (int dd = 0; dd < m; ++dd) {
                    const auto u = route_path(t, src, make_destination_header(5, dst, c, dd));
                    ASSERT_EQ(u.size(), 5u);
                    EXPECT_EQ(u[1], (coord{mod(src.c + c, k), mod(src.p + dd, m), src.d}));
                    EXPECT_EQ(u.back(), dst);
                }
            }
        }
}

// Section 10's glgl path: (4; dst) with C = c'-c jumps to the destination cabinet first and stays.
TEST_P(TableRoute, GlglPathWithCEqualToCabinetDifferenceStaysInTheDestinationCabinet) {
    const auto [k, m] = GetParam();
    const topology t(k, m);
    for (router_id s = 0; s < t.routers(); ++s)
        for (router_id d = 0; d < t.routers(); ++d) {
            const coord src = t.at(s), dst = t.at(d);
            const auto u =
                route_path(t, src, make_destination_header(4, dst, mod(dst.c - src.c, k), 0));
            ASSERT_EQ(u.size(), 4u);
            for (const coord& x : u) EXPECT_EQ(x.c, dst.c);
            EXPECT_EQ(u[0], (coord{dst.c, src.p, src.d}));
            EXPECT_EQ(u.back(), dst);
        }
}

INSTANTIATE_TEST_SUITE_P(Small, TableRoute,
                         ::testing::Values(std::make_tuple(1, 2), std::make_tuple(2, 3),
                                           std::make_tuple(3, 4), std::make_tuple(2, 5)));

// Every hop steps b down, so with one VC per b on arrival a packet's VC strictly decreases along
// its path: no cycle in the channel dependency graph.
TEST(VirtualChannels, StrictlyDecreaseAlongEveryDestinationPath) {
    for (int b = 1; b <= 5; ++b)
        EXPECT_LT(vc_of(b - 1, kTrafficVcs), b == 5 ? 5 : vc_of(b, kTrafficVcs));
    EXPECT_EQ(vc_of(4, kTrafficVcs), 4);
    EXPECT_EQ(vc_of(0, kTrafficVcs), 0);
    EXPECT_EQ(vc_of(3, 1), 0);  // one VC: everything shares
    EXPECT_EQ(vc_of(4, 3), 2);  // too few: the top classes share
}

TEST(Ugal, RuleWeighsQueuesByHopCount) {
    EXPECT_FALSE(ugal_deflects(0, 0));  // ties stay minimal
    EXPECT_TRUE(ugal_deflects(2, 1));   // 5 < 6
    EXPECT_FALSE(ugal_deflects(5, 3));  // 15 = 15
    EXPECT_TRUE(ugal_deflects(6, 3));   // 15 < 18
    EXPECT_FALSE(ugal_deflects(0, 1));
    EXPECT_FALSE(ugal_deflects(1, 0, 3));  // one packet in flight does not deflect with T = 3
    EXPECT_TRUE(ugal_deflects(2, 0, 3));
}

// A view with chosen occupancies per (router, output).
TEST(Ugal, IdleNetworkStaysMinimal) {
    const topology t(3, 4);
    fake_view v;
    const auto r = make_ugal_routing(t, v);
    traffic_rng rng(7);
    for (router_id s = 0; s < t.routers(); ++s)
        for (router_id d = 0; d < t.routers(); ++d)
            EXPECT_EQ(r->route(t.at(s), t.at(d), rng), make_destination_header(3, t.at(d)));
}

// The queues the rule compares: own local port d'-p plus (c,d,d')'s global port c'-c for the
// minimal route; own local port D plus (c,d,p+D)'s global port C for the deflection.
TEST(Ugal, ComparesTheFirstTwoQueuesOfEachRoute) {
    const topology t(3, 4);
    const coord src{0, 1, 2}, dst{2, 3, 0};
    fake_view v;
    v.q[{t.id(src), index_of({false, 1}, t.k())}] = 4;  // local d'-p = 1
    v.q[{t.id({0, 1, 3}), 2}] = 6;                      // (c,d,d') global c'-c = 2
    const auto r = make_ugal_routing(t, v);
    int deflected = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        traffic_rng rng(seed), copy(seed);
        const int d = uniform_int(copy, t.m());
        const int c = uniform_int(copy, t.k());
        int q_defl = 0;
        if (d != 0) q_defl += v.occupancy(t.id(src), index_of({false, d}, t.k()));
        const coord mid = t.local_neighbor(src, d);
        if (!(c == 0 && topology::is_fixed_point(mid))) q_defl += v.occupancy(t.id(mid), c);
        const header h = r->route(src, dst, rng);
        if (q_defl * 5 < 10 * 3) {
            EXPECT_EQ(h, make_destination_header(5, dst, c, d)) << seed;
            ++deflected;
        } else {
            EXPECT_EQ(h, make_destination_header(3, dst)) << seed;
        }
    }
    EXPECT_GT(deflected, 100);
}

TEST(Valiant, DrawsEveryGlobalPort) {
    const topology t(4, 3);
    const auto r = make_valiant_routing(t);
    traffic_rng rng(3);
    std::vector<int> seen(4, 0);
    for (int i = 0; i < 400; ++i) {
        const header h = r->route({0, 0, 0}, {1, 2, 1}, rng);
        ASSERT_EQ(h.b, 4);
        ASSERT_EQ(h.defl_d, 0);
        ++seen[h.defl_c];
    }
    for (int n : seen) EXPECT_GT(n, 50);
}

// Section 10's launch headers: b = 3 for the table route, 4 for the Valiant-like jump on D3, 5 for
// a deflection (UGAL; the dragonfly's Valiant on MDF, local D then global C).
TEST(TrafficRouting, MostStepsAreTheLaunchHeadersCounter) {
    const topology d3(3, 4);
    const topology mdf = make_topology([] {
        network_config c;
        c.shape = topology_kind::mdf;
        c.k = 2;
        c.m = 4;
        return c;
    }());
    EXPECT_EQ(most_steps(routing_kind::minimal, d3), 3);
    EXPECT_EQ(most_steps(routing_kind::valiant, d3), 4);
    EXPECT_EQ(most_steps(routing_kind::ugal, d3), 5);
    EXPECT_EQ(most_steps(routing_kind::minimal, mdf), 3);
    EXPECT_EQ(most_steps(routing_kind::valiant, mdf), 5);
    EXPECT_EQ(most_steps(routing_kind::ugal, mdf), 5);
    // Every header the routings launch starts at most there.
    traffic_rng rng(7);
    fake_view view;
    for (const topology* t : {&d3, &mdf})
        for (routing_kind k : {routing_kind::minimal, routing_kind::valiant, routing_kind::ugal}) {
            const auto r = make_launch_routing(k, *t, view);
            for (router_id s = 0; s < t->routers(); ++s)
                for (router_id d = 0; d < t->routers(); d += 3)
                    ASSERT_LE(r->route(t->at(s), t->at(d), rng).b, most_steps(k, *t))
                        << to_string(k) << " on " << t->name();
        }
}

}  // namespace
}  // namespace d3
