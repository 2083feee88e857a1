// Failed links (core/network/link_faults.h) and the routing around them
// (core/traffic/route_around.h), against counts derived by hand and brute-force walks.
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>

#include "core/decoding/walk.h"
#include "core/network/link_faults.h"
#include "core/traffic/resilience.h"
#include "core/traffic/route_around.h"

namespace d3 {
namespace {

// D3(K,M): K*M drawers of C(M,2) local cables; K*K*M^2 global outputs of which the K*M fixed
// points' port 0 loop, the others pair up.
std::size_t d3_cables(int k, int m) {
    const auto K = static_cast<std::size_t>(k), M = static_cast<std::size_t>(m);
    return K * M * M * (M - 1) / 2 + (K * K * M * M - K * M) / 2;
}

TEST(LinkFaults, EveryCableOnceMatchesTheCountByHand) {
    for (int k : {1, 2, 3, 4})
        for (int m : {2, 3, 4, 5}) {
            const topology t(k, m);
            const std::vector<cable> all = all_cables(t);
            EXPECT_EQ(all.size(), d3_cables(k, m)) << t.name();
            std::set<std::pair<router_id, int>> ends;
            for (const cable& c : all) {
                EXPECT_TRUE(ends.insert({c.from, c.out}).second);
                EXPECT_TRUE(ends.insert({c.to, c.in}).second || c.from == c.to);
            }
        }
}

TEST(LinkFaults, ACableFailsInBothDirections) {
    const topology t(3, 4);
    const cable c = all_cables(t)[5];
    const link_faults f(t, {c});
    EXPECT_TRUE(f.failed(c.from, c.out));
    EXPECT_TRUE(f.failed(c.to, c.in));
    EXPECT_FALSE(f.failed(c.from, (c.out + 1) % t.link_ports()));
}

TEST(LinkFaults, AFailedRoutersCablesAllFailAndNothingElse) {
    const topology t(3, 4);
    const router_id down = t.id({1, 2, 2});  // a fixed point: its global port 0 is no cable
    const link_faults f(t, {}, {down});
    EXPECT_TRUE(f.router_failed(down));
    EXPECT_TRUE(f.cables().empty());  // the cables named, none
    // Brute force: output o of router r fails exactly when r is `down` (and o a cable) or o
    // leads to `down`.
    for (router_id r = 0; r < t.routers(); ++r) {
        EXPECT_EQ(f.router_failed(r), r == down);
        for (int o = 0; o < t.link_ports(); ++o) {
            const port_ref p = port_of(o, t.k());
            const bool loop = p.global && t.global_loops(t.at(r), p.port);
            const bool leads = t.id(t.far_end(t.at(r), p).at) == down;
            EXPECT_EQ(f.failed(r, o), !loop && (r == down || leads)) << r << " " << o;
        }
    }
}

TEST(LinkFaults, RoutersAreDrawnFromTheSeedApartFromCables) {
    const topology t(4, 4);
    const std::vector<router_id> a = parse_router_faults("random:6", t, 7);
    EXPECT_EQ(a, parse_router_faults("random:6", t, 7));
    EXPECT_NE(a, parse_router_faults("random:6", t, 8));
    EXPECT_EQ(std::set<router_id>(a.begin(), a.end()).size(), 6u);
    EXPECT_TRUE(std::is_sorted(a.begin(), a.end()));
    EXPECT_EQ(parse_router_faults("fraction:0.25", t, 1).size(), 16u);  // of 64
    const link_faults both = parse_faults("random:3", "random:2", t, 7);
    EXPECT_EQ(both.cables().size(), 3u);
    EXPECT_EQ(both.routers().size(), 2u);
    EXPECT_THROW(parse_router_faults("random:65", t, 1), std::invalid_argument);
}

// measure_connectivity (core/traffic/resilience.h) against counts by hand and a union-find.
TEST(Resilience, NothingFailedIsTheWholeNetworkOfDiameterThree) {
    for (const topology& t : {topology(3, 4), topology(2, 5)}) {
        const connectivity c = measure_connectivity(t, link_faults(t, {}));
        EXPECT_EQ(c.connected_pairs, 1.0);
        EXPECT_EQ(c.routable_pairs, 1.0);
        EXPECT_EQ(c.diameter, 3) << t.name();  // the paper's diameter of D3(K,M)
    }
}

TEST(Resilience, ARouterCutOffLosesExactlyItsPairs) {
    const topology t(3, 4);  // N = 36 routers
    const router_id cut = t.id({2, 1, 3});
    std::vector<cable> failed;
    for (const cable& c : all_cables(t))
        if (c.from == cut || c.to == cut) failed.push_back(c);
    const connectivity c = measure_connectivity(t, link_faults(t, failed));
    const double n = t.routers();
    EXPECT_DOUBLE_EQ(c.connected_pairs, 1 - 2 * (n - 1) / (n * (n - 1)));
    EXPECT_DOUBLE_EQ(c.routable_pairs, c.connected_pairs);
    // Failed as a router instead, it leaves the pairs: the others stay connected.
    EXPECT_EQ(measure_connectivity(t, link_faults(t, {}, {cut})).connected_pairs, 1.0);
}

TEST(Resilience, ConnectedPairsAreTheComponentsOfAUnionFind) {
    const topology t(2, 3);
    for (std::uint64_t seed : {1, 2, 3}) {
        const link_faults f = parse_link_faults("fraction:0.6", t, seed);
        std::vector<router_id> parent(t.routers());
        for (router_id r = 0; r < t.routers(); ++r) parent[r] = r;
        const auto root = [&](router_id r) {
            while (parent[r] != r) r = parent[r];
            return r;
        };
        for (const cable& c : all_cables(t))
            if (!f.failed(c.from, c.out)) parent[root(c.from)] = root(c.to);
        std::vector<double> size(t.routers(), 0);
        for (router_id r = 0; r < t.routers(); ++r) ++size[root(r)];
        double pairs = 0;
        for (double s : size) pairs += s * (s - 1);
        const double n = t.routers();
        const connectivity c = measure_connectivity(t, f);
        EXPECT_DOUBLE_EQ(c.connected_pairs, pairs / (n * (n - 1))) << seed;
        EXPECT_LE(c.routable_pairs, c.connected_pairs);
        EXPECT_GE(c.diameter, 3);
    }
}

TEST(LinkFaults, RandomDrawsDistinctCablesFromTheSeed) {
    const topology t(4, 4);
    const link_faults a = parse_link_faults("random:10", t, 7);
    const link_faults b = parse_link_faults("random:10", t, 7);
    const link_faults c = parse_link_faults("random:10", t, 8);
    ASSERT_EQ(a.cables().size(), 10u);
    std::set<std::string> names, other;
    for (const cable& x : a.cables()) names.insert(cable_name(t, x));
    for (const cable& x : c.cables()) other.insert(cable_name(t, x));
    EXPECT_EQ(names.size(), 10u);
    for (std::size_t i = 0; i < 10; ++i)
        EXPECT_EQ(cable_name(t, a.cables()[i]), cable_name(t, b.cables()[i]));
    EXPECT_NE(names, other);
    const std::size_t half = (d3_cables(4, 4) + 1) / 2;
    EXPECT_EQ(parse_link_faults("fraction:0.5", t, 1).cables().size(), half);
    EXPECT_TRUE(parse_link_faults("fraction:0", t, 1).empty());
}

TEST(LinkFaults, BadSpecsAreOneLineErrors) {
    const topology t(2, 3);
    for (const char* spec : {"random:", "random:-1", "random:x", "random:1000", "fraction:1.5",
                             "fraction:", "/nonexistent/faults.txt"}) {
        try {
            parse_link_faults(spec, t, 1);
            ADD_FAILURE() << spec << " was accepted";
        } catch (const std::invalid_argument& e) {
            EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
        }
    }
}

TEST(LinkFaults, AFileNamesCablesByRouterAndPort) {
    const topology t(3, 4);
    const std::string path = testing::TempDir() + "d3_link_faults.txt";
    {
        std::ofstream f(path);
        f << "# two cables\n1 2 3 g 1\n\n0 0 1 l 2  # local\n";
    }
    const link_faults f = parse_link_faults(path, t, 1);
    ASSERT_EQ(f.cables().size(), 2u);
    EXPECT_TRUE(f.failed(t.id({1, 2, 3}), index_of({true, 1}, 3)));
    EXPECT_TRUE(f.failed(t.id({2, 3, 2}), index_of({true, 2}, 3)));  // (c+1, p, d), port -1
    EXPECT_TRUE(f.failed(t.id({0, 0, 3}), index_of({false, 2}, 3)));
    {
        std::ofstream bad(path);
        bad << "0 1 1 g 0\n";  // (0,1,1)'s global port 0 loops back
    }
    EXPECT_THROW(parse_link_faults(path, t, 1), std::invalid_argument);
    std::remove(path.c_str());
}

struct empty_queues final : occupancy_view {
    int occupancy(router_id, int) const override { return 0; }
};

// Every pair of routers, routed around the failures: the header reaches its destination without
// crossing a failed cable, or is unreachable when no route is left.
void check_every_pair(const topology& t, const link_faults& f, routing_kind kind,
                      std::uint64_t& rerouted, std::uint64_t& unreachable) {
    const empty_queues view;
    detour_counts counts;
    auto routing = route_around(make_launch_routing(kind, t, view), t, f, counts);
    traffic_rng rng(11);
    for (router_id s = 0; s < t.routers(); ++s)
        for (router_id d = 0; d < t.routers(); ++d) {
            const header h = routing->route(t.at(s), t.at(d), rng);
            if (h.b == kUnreachable) continue;
            EXPECT_FALSE(route_crosses_failure(t, f, t.at(s), h));
            const walk_result w = walk(t, t.at(s), h);
            ASSERT_EQ(w.destinations.size(), 1u);
            EXPECT_EQ(w.destinations[0], d);
        }
    rerouted = counts.rerouted;
    unreachable = counts.unreachable;
}

TEST(RouteAround, OneFailedGlobalCableIsAvoidedByEveryPair) {
    const topology t(4, 8);
    std::vector<cable> one;
    for (const cable& c : all_cables(t))
        if (c.from == t.id({1, 2, 3}) && c.out == index_of({true, 1}, 4)) one.push_back(c);
    ASSERT_EQ(one.size(), 1u);
    const link_faults f(t, one);
    std::uint64_t rerouted = 0, unreachable = 0;
    check_every_pair(t, f, routing_kind::minimal, rerouted, unreachable);
    EXPECT_GT(rerouted, 0u);
    EXPECT_EQ(unreachable, 0u);
}

TEST(RouteAround, ARouterCutOffIsUnreachableAndNothingElse) {
    const topology t(2, 3);
    const router_id cut = t.id({1, 2, 0});
    std::vector<cable> failed;
    for (const cable& c : all_cables(t))
        if (c.from == cut || c.to == cut) failed.push_back(c);
    const link_faults f(t, failed);
    std::uint64_t rerouted = 0, unreachable = 0;
    check_every_pair(t, f, routing_kind::ugal, rerouted, unreachable);
    // Every pair with `cut` at either end (its route to itself leaves it too: (3; dst) from
    // (1,2,0) starts on local port 2), and nothing else.
    EXPECT_EQ(unreachable, 2u * t.routers() - 1);
}

}  // namespace
}  // namespace d3
