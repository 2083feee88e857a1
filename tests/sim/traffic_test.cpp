// Synthetic traffic through the SystemC model: conservation at saturation with VCs, the watchdog's
// blocked cycle without them, zero-load latency and hop counts against counts made here from the
// wiring, link statistics. Each TEST elaborates its own network (one process per test in CTest).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "cli/output_file.h"
#include "sim_util.h"
#include "tb/traffic_bench.h"
#include "traffic_run.h"

namespace d3 {
namespace {

// Offered load 1.0 with one-packet buffers: D3(2,4), or MDF(2,3) (7 groups of 3 routers).
traffic_run_options saturated(topology_kind shape, routing_kind routing) {
    traffic_run_options o;
    o.net.shape = shape;
    o.net.k = 2;
    o.net.m = shape == topology_kind::d3 ? 4 : 3;
    o.net.router.buffer_depth = 1;  // the smallest buffers
    o.net.watchdog = 200;
    o.traffic.rate = 1.0;
    o.traffic.routing = routing;
    o.traffic.warmup = 200;
    o.traffic.measure = shape == topology_kind::d3 ? 10000 : 5000;  // 300,000 / 100,000 packets
    o.traffic.drain_limit = 1000;
    return o;
}

// A very low load (nothing waits) on D3(2,4) or MDF(2,4).
traffic_run_options low_load(topology_kind shape, routing_kind routing, int measure) {
    traffic_run_options o;
    o.net.shape = shape;
    o.net.k = 2;
    o.net.m = 4;
    o.traffic.rate = 0.01;
    o.traffic.routing = routing;
    o.traffic.warmup = 100;
    o.traffic.measure = measure;
    return o;
}

using outcome = test::traffic_outcome;
using test::run_traffic;

using shape_routing = std::tuple<topology_kind, routing_kind>;

std::string shape_routing_name(const ::testing::TestParamInfo<shape_routing>& p) {
    return std::string(to_string(std::get<0>(p.param))) + "_" + to_string(std::get<1>(p.param));
}

class Saturation : public ::testing::TestWithParam<shape_routing> {};

// Offered load 1.0 with one-packet buffers, far beyond saturation: with one VC per sync counter
// value the network keeps delivering (never more than a few steps without a delivery) and drains,
// on D3 and on MDF (section 11) with the same routers.
TEST_P(Saturation, DeliveryNeverStopsAndNothingIsLost) {
    D3_REQUIRE_FRESH_KERNEL();
    const auto [shape, routing] = GetParam();
    const outcome o = run_traffic(saturated(shape, routing));
    EXPECT_TRUE(o.r.correct);
    for (const auto& p : o.r.problems) ADD_FAILURE() << p;
    EXPECT_EQ(o.r.topology, to_string(shape));
    EXPECT_EQ(o.r.lost, 0u);
    EXPECT_EQ(o.r.left_in_buffers, 0u);
    EXPECT_EQ(o.r.delivered, o.r.injected);
    EXPECT_GT(o.r.injected, 50000u);
    EXPECT_EQ(o.t["vcs"], 5);
    EXPECT_EQ(o.t["measured_delivered"], o.t["measured_created"]);
    EXPECT_LE(o.t["max_delivery_gap"].get<int>(), 10);
    EXPECT_GT(o.t["accepted"].get<double>(), 0.4);
    EXPECT_GT(o.r.totals.stalls, 0u);   // backpressure was engaged
    EXPECT_EQ(o.t["saturated"], true);  // offered 1.0, accepted about half
}

INSTANTIATE_TEST_SUITE_P(
    Routing, Saturation,
    ::testing::Combine(::testing::Values(topology_kind::d3, topology_kind::mdf),
                       ::testing::Values(routing_kind::minimal, routing_kind::valiant,
                                         routing_kind::ugal)),
    shape_routing_name);

// The same load with every packet in one shared buffer per input deadlocks (l-g-l routing); the
// watchdog stops the run and names a cycle of input buffers, each head waiting for the next.
TEST(TrafficDeadlock, OneVcDeadlocksAndTheCycleIsNamed) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o = saturated(topology_kind::d3, routing_kind::minimal);
    o.net.router.vcs = 1;
    const outcome out = run_traffic(o);
    EXPECT_FALSE(out.r.correct);
    EXPECT_GT(out.r.left_in_buffers, 0u);
    ASSERT_TRUE(out.t.contains("deadlock_cycle"));
    const std::string cycle = out.t["deadlock_cycle"];
    EXPECT_NE(cycle.find(" -> "), std::string::npos) << cycle;
    EXPECT_NE(cycle.find("input local"), std::string::npos) << cycle;
    EXPECT_NE(cycle.find("input global"), std::string::npos) << cycle;
    ASSERT_FALSE(out.r.problems.empty());
    EXPECT_NE(out.r.problems[0].find("blocked cycle: router ("), std::string::npos)
        << out.r.problems[0];
    EXPECT_LT(out.r.end_cycle, 3000u);  // stopped by the watchdog, not at the end of the run
}

// Mean l-g-l hops over all (source, destination) pairs, counted from the wiring: the first local
// hop moves unless d' = p, the global hop unless it is port 0 at a fixed point (c,d,d) with d = d',
// i.e. c' = c and d' = d, the last local hop unless p' = d.
double mean_minimal_hops(const topology& t) {
    double sum = 0;
    for (router_id s = 0; s < t.routers(); ++s)
        for (router_id d = 0; d < t.routers(); ++d) {
            const coord a = t.at(s), b = t.at(d);
            sum += (b.d != a.p) + !(b.c == a.c && b.d == a.d) + (b.p != a.d);
        }
    return sum / (static_cast<double>(t.routers()) * t.routers());
}

// At a very low load nothing waits: a packet is created, injected (1 step) and takes its 3 steps.
TEST(TrafficLowLoad, MinimalLatencyIsFourStepsAndHopsMatchTheWiring) {
    D3_REQUIRE_FRESH_KERNEL();
    const outcome out = run_traffic(low_load(topology_kind::d3, routing_kind::minimal, 20000));
    EXPECT_TRUE(out.r.correct);
    EXPECT_EQ(out.t["latency"]["p50"], 4);
    EXPECT_LT(out.t["latency"]["mean"].get<double>(), 4.05);
    EXPECT_NEAR(out.t["hops"]["mean"].get<double>(), mean_minimal_hops(topology(2, 4)), 0.05);
    EXPECT_NEAR(out.t["offered"].get<double>(), 0.01, 0.002);
    EXPECT_NEAR(out.t["accepted"].get<double>(), 0.01, 0.002);
    EXPECT_EQ(out.t["deflected"], 0);
}

// Valiant deflects every packet (b = 4: one step more than minimal). (UGAL on an idle network:
// unit test Ugal.IdleNetworkStaysMinimal, and UgalStaysMinimalOnAnIdleNetwork below.)
TEST(TrafficLowLoad, ValiantDeflectsEveryPacketAndTakesOneStepMore) {
    D3_REQUIRE_FRESH_KERNEL();
    const outcome out = run_traffic(low_load(topology_kind::d3, routing_kind::valiant, 10000));
    EXPECT_TRUE(out.r.correct);
    EXPECT_EQ(out.t["latency"]["p50"], 5);
    EXPECT_EQ(out.t["deflected_fraction"], 1.0);
}

// UGAL on an idle network: every queue it compares is empty, so no packet is deflected. An audit
// found 14 % deflected at zero load: a credit that came back to an idle router was counted back
// only when that router stepped again, so its last output showed a phantom queue for thousands
// of steps (router::output_occupancy, 2026-11-25). One packet per thousand steps per node.
void expect_idle_ugal_minimal(topology_kind shape) {
    traffic_run_options o = low_load(shape, routing_kind::ugal, 20000);
    o.traffic.rate = 0.001;
    const outcome out = run_traffic(o);
    test::expect_zero_load(out, 4, 500);
    EXPECT_EQ(out.t["deflected"], 0);
    EXPECT_EQ(out.t["latency"]["max"], 4);
}

TEST(TrafficLowLoad, UgalStaysMinimalOnAnIdleNetwork) {
    D3_REQUIRE_FRESH_KERNEL();
    expect_idle_ugal_minimal(topology_kind::d3);
}

TEST(MdfLowLoad, UgalStaysMinimalOnAnIdleNetwork) {
    D3_REQUIRE_FRESH_KERNEL();
    expect_idle_ugal_minimal(topology_kind::mdf);
}

// Hops of MDF's minimal route from a to b, counted from the wiring: a local hop unless a is the
// router of its group linked to b's group, the global hop unless both are in one group, a local
// hop unless the router the link enters is b.
int mdf_minimal_hops(const topology& t, const coord& a, const coord& b) {
    if (a.c == b.c) return a.p != b.p;
    for (int r = 0; r < t.m(); ++r)  // the one router of a's group linked to b's group
        for (int g = 0; g < t.k(); ++g) {
            const coord far = t.global_neighbor({a.c, 0, r}, g);
            if (far.c == b.c) return (r != a.p) + 1 + (far.p != b.p);
        }
    ADD_FAILURE() << "groups " << a.c << " and " << b.c << " are not linked";
    return 0;
}

// Zero load on MDF: injection plus three steps for minimal routing; mean hops over all pairs.
TEST(MdfLowLoad, MinimalTakesFourStepsAndHopsMatchTheWiring) {
    D3_REQUIRE_FRESH_KERNEL();
    const traffic_run_options o = low_load(topology_kind::mdf, routing_kind::minimal, 20000);
    const outcome out = run_traffic(o);
    EXPECT_TRUE(out.r.correct);
    EXPECT_EQ(out.t["latency"]["p50"], 4);
    EXPECT_LT(out.t["latency"]["mean"].get<double>(), 4.05);
    const topology t = make_topology(o.net);
    double sum = 0;
    for (router_id s = 0; s < t.routers(); ++s)
        for (router_id d = 0; d < t.routers(); ++d) sum += mdf_minimal_hops(t, t.at(s), t.at(d));
    EXPECT_NEAR(out.t["hops"]["mean"].get<double>(), sum / (double(t.routers()) * t.routers()),
                0.05);
}

// The dragonfly's Valiant on MDF (b = 5): injection plus five steps, every packet deflected; mean
// hops over all pairs and all (D, C): local D unless D = 0, global C, then the minimal route.
TEST(MdfLowLoad, ValiantTakesSixStepsAndHopsMatchTheWiring) {
    D3_REQUIRE_FRESH_KERNEL();
    const traffic_run_options o = low_load(topology_kind::mdf, routing_kind::valiant, 20000);
    const outcome out = run_traffic(o);
    EXPECT_TRUE(out.r.correct);
    EXPECT_EQ(out.t["latency"]["p50"], 6);
    EXPECT_EQ(out.t["deflected_fraction"], 1.0);
    const topology t = make_topology(o.net);
    double sum = 0, n = 0;
    for (router_id s = 0; s < t.routers(); ++s)
        for (int dd = 0; dd < t.m(); ++dd)
            for (int c = 0; c < t.k(); ++c) {
                const coord mid = t.global_neighbor(t.local_neighbor(t.at(s), dd), c);
                for (router_id d = 0; d < t.routers(); ++d, ++n)
                    sum += (dd != 0) + 1 + mdf_minimal_hops(t, mid, t.at(d));
            }
    EXPECT_NEAR(out.t["hops"]["mean"].get<double>(), sum / n, 0.05);
}

// docs/findings.md section 10: on D3, drawer (c,d) to drawer (c+1,d+1) with deflections funnels
// through local port 1. The global hop lands every deflected packet of drawer (c,d) at router d of
// its intermediate drawer, all bound for drawer d+1, so each router forwards its whole global
// intake (p x rate) over one local link: accepted <= 1/p. MDF's Valiant spreads and passes it.
traffic_run_options adversarial_valiant(topology_kind shape) {
    traffic_run_options o;
    o.net.shape = shape;
    o.net.k = 4;
    o.net.m = 4;
    o.traffic.pattern = traffic_pattern::drawer_to_drawer;
    o.traffic.routing = routing_kind::valiant;
    o.traffic.concentration = 4;
    o.traffic.rate = 0.8;
    o.traffic.warmup = 200;
    o.traffic.measure = 500;
    o.traffic.drain_limit = 100;
    return o;
}

TEST(TrafficAdversarial, D3DeflectionsAreBoundByLocalPortOne) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o = adversarial_valiant(topology_kind::d3);
    o.link_stats = testing::TempDir() + "d3_adversarial.csv";
    const outcome out = run_traffic(o);
    EXPECT_TRUE(out.r.correct);
    const double bound = 1.0 / o.traffic.concentration;
    EXPECT_LE(out.t["accepted"].get<double>(), bound + 0.005);
    EXPECT_GT(out.t["accepted"].get<double>(), 0.8 * bound);  // and it gets close to it
    std::ifstream f(o.link_stats);
    std::string line;
    std::getline(f, line);
    double min_port1 = 1, max_other = 0;
    while (std::getline(f, line)) {
        std::vector<std::string> c;
        std::size_t at = 0;
        for (std::size_t comma; (comma = line.find(',', at)) != std::string::npos; at = comma + 1)
            c.push_back(line.substr(at, comma - at));
        c.push_back(line.substr(at));
        const double util = std::stod(c[12]);  // after packets and flits
        if (c[4] == "local" && c[5] == "1")
            min_port1 = std::min(min_port1, util);
        else
            max_other = std::max(max_other, util);
    }
    EXPECT_GT(min_port1, max_other);  // every port-1 link busier than any other link
}

TEST(TrafficAdversarial, MdfValiantPassesTheD3Bound) {
    D3_REQUIRE_FRESH_KERNEL();
    const traffic_run_options o = adversarial_valiant(topology_kind::mdf);
    const outcome out = run_traffic(o);
    EXPECT_TRUE(out.r.correct);
    EXPECT_GT(out.t["accepted"].get<double>(), 1.2 / o.traffic.concentration);
}

TEST(TrafficLinkStats, OneRowPerDirectedLinkWithUtilizationAtMostOne) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o = saturated(topology_kind::d3, routing_kind::ugal);
    o.net.router.buffer_depth = 4;
    o.traffic.measure = 500;
    o.link_stats = testing::TempDir() + "d3_link_stats.csv";
    const outcome out = run_traffic(o);
    EXPECT_TRUE(out.r.correct);
    std::ifstream f(o.link_stats);
    std::string line;
    ASSERT_TRUE(std::getline(f, line));
    EXPECT_EQ(line.rfind("router,c,d,p,kind,port,", 0), 0u) << line;
    int rows = 0;
    double packets = 0;
    while (std::getline(f, line)) {
        ++rows;
        std::vector<std::string> cells;
        std::size_t at = 0;
        for (std::size_t comma; (comma = line.find(',', at)) != std::string::npos; at = comma + 1)
            cells.push_back(line.substr(at, comma - at));
        cells.push_back(line.substr(at));
        ASSERT_EQ(cells.size(), 15u) << line;
        EXPECT_EQ(cells[10], cells[11]) << line;  // one-flit packets: as many flits as packets
        const double util = std::stod(cells[12]);
        EXPECT_GE(util, 0.0);
        EXPECT_LE(util, 1.0);
        packets += std::stod(cells[10]);
    }
    EXPECT_EQ(rows, 32 * (2 + 4 - 1));
    EXPECT_GT(packets, 0);
}

}  // namespace
}  // namespace d3
