// The watchdog (models/sc/network.cpp): a run with packets in flight of which none enters, moves
// (a hop or a hold) or is delivered for `watchdog` steps is stopped as deadlocked. A healthy run is
// never stopped, down to the shortest watchdog validate() accepts, network_config::min_watchdog();
// that bound is the configuration's longest stand-still (one step less stops a healthy run); a
// deadlock is still stopped, at once with the shortest watchdog.
#include <gtest/gtest.h>

#include <string>

#include "paper/programs/registry.h"
#include "sc/network.h"
#include "sim_util.h"
#include "tb/traffic_bench.h"
#include "traffic_run.h"

namespace d3 {
namespace {

bool mentions(const run_result& r, const std::string& what) {
    for (const std::string& p : r.problems)
        if (p.find(what) != std::string::npos) return true;
    return false;
}

/// The network tests' D3(2,4), the configuration's defaults otherwise.
network_config d3_2_4() {
    network_config c;
    c.k = 2;
    c.m = 4;
    return c;
}

void expect_correct(const run_result& r) {
    EXPECT_TRUE(r.correct);
    for (const std::string& p : r.problems) ADD_FAILURE() << p;
}

// D3(2,4)'s transposition, routed in lockstep through a router whose route and allocate stages
// take 5 cycles each: every packet moves, then none for R + A + T + L - 1 = 10 steps.
run_options lockstep_through_a_deep_pipeline(int watchdog) {
    run_options o;
    o.net.k = 2;
    o.net.m = 4;
    o.primitive = "permutation";
    o.perm = "transpose";
    o.net.router.pipeline.route = 5;
    o.net.router.pipeline.allocate = 5;
    o.net.watchdog = watchdog;
    return o;
}

// The audit's case: --watchdog 1 on D3(2,4) stopped the all-to-all at step 2 as a deadlock (holds
// did not count as moves, and the watchdog could look before the step of its own time stamp).
TEST(Watchdog, OneStepOnThePaperRouterDelivers) {
    D3_REQUIRE_FRESH_KERNEL();
    run_options o;
    o.net.k = 2;
    o.net.m = 4;
    o.net.watchdog = 1;
    const run_result r = test::run(o);
    expect_correct(r);
    EXPECT_GT(r.totals.holds, 0u);
}

TEST(Watchdog, TheShortestIsTheLongestStandStillOfTheRouter) {
    network_config c;  // the paper's router: some packet moves in every step
    EXPECT_EQ(c.min_watchdog(), 1);
    c.router.pipeline.route = 5;
    c.router.pipeline.allocate = 5;
    EXPECT_EQ(c.min_watchdog(), 11);  // R + A + T + L
    c.watchdog = 11;
    EXPECT_FALSE(c.validate());
    c.watchdog = 0;  // the default: 1000 steps and more
    EXPECT_FALSE(c.validate());
    c.watchdog = 10;
    ASSERT_TRUE(c.validate());
    EXPECT_EQ(*c.validate(),
              "--watchdog 10 steps is shorter than a healthy run may go without any packet "
              "moving, 11 steps (route 5 + allocate 5 + traverse 0 cycles + link latency 1): give "
              "at least 11, or 0 for the default");
    c.router.global_latency = 3;  // the slower link
    c.router.packet_length = 4;   // and the credits of the flits after the head
    c.router.buffer_depth = 4;
    EXPECT_EQ(c.min_watchdog(), 5 + 5 + 3 + 3);
}

TEST(Watchdog, TheShortestAcceptedDeliversThroughADeepPipeline) {
    D3_REQUIRE_FRESH_KERNEL();
    expect_correct(test::run(lockstep_through_a_deep_pipeline(11)));
}

// validate() refuses this watchdog; the testbench alone shows why.
TEST(Watchdog, OneStepShorterStopsAHealthyRun) {
    D3_REQUIRE_FRESH_KERNEL();
    const run_options o = lockstep_through_a_deep_pipeline(10);
    ASSERT_TRUE(o.validate());
    testbench tb("tb", o);
    const run_result r = tb.run();
    EXPECT_FALSE(r.correct);
    EXPECT_TRUE(mentions(r, "deadlock: no packet moved for 10 steps")) << r.problems.front();
}

// Nothing in flight is no deadlock, even while the nodes create packets: at rate 0.001 the two
// nodes of D3(1,2) go hundreds of steps without one (the default watchdog, 1020 steps, stopped such
// runs with "0 packets in flight").
TEST(Watchdog, AnEmptyNetworkIsNotDeadlocked) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o;
    o.net.k = 1;
    o.net.m = 2;
    o.net.watchdog = 1;
    o.traffic.rate = 0.001;
    o.traffic.warmup = 100;
    o.traffic.measure = 5000;
    const test::traffic_outcome out = test::run_traffic(o);
    expect_correct(out.r);
    EXPECT_GT(out.t["measured_delivered"].get<int>(), 0);
}

// The deadlock of AllToAllBackpressure.DepthOneDeadlockIsReported, stopped by the shortest
// watchdog a few steps after it formed.
TEST(Watchdog, TheShortestStillStopsADeadlock) {
    D3_REQUIRE_FRESH_KERNEL();
    const run_result r = test::run(test::depth_one_deadlock(1));
    EXPECT_FALSE(r.correct);
    EXPECT_GT(r.left_in_buffers, 0u);
    ASSERT_FALSE(r.problems.empty());
    EXPECT_TRUE(mentions(r, "deadlock: no packet moved for 1 steps")) << r.problems.front();
    EXPECT_LT(r.end_cycle, 100u);
}

// The network checks the configuration it is given (a library user may skip validate()): one
// the checks refuse is a d3/network error naming why, before anything is built from it.
TEST(Network, AConfigurationThatFailsItsChecksIsAReport) {
    D3_REQUIRE_FRESH_KERNEL();
    const topology t(2, 4);
    const auto work = make_primitive_workload(t, primitive_options{});
    network_config bad = d3_2_4();
    bad.router.buffer_depth = 0;
    try {
        network net("network", bad, *work);
        ADD_FAILURE() << "a network was built with buffers of depth 0";
    } catch (const sc_core::sc_report& r) {
        EXPECT_STREQ(r.get_msg_type(), "d3/network");
        EXPECT_NE(std::string(r.get_msg()).find("buffer depth"), std::string::npos) << r.get_msg();
    }
}

// The network builds its routers and nodes with SystemC's name check off (names it knows to be
// legal, models/sc/network.cpp): their objects keep the names the check gives them, and the
// check is on again once the network is built, as it was before.
TEST(Network, ItsObjectsKeepTheirNamesAndTheNameCheckIsBackAfterwards) {
    D3_REQUIRE_FRESH_KERNEL();
    const topology t(2, 4);
    const auto work = make_primitive_workload(t, primitive_options{});
    const network_config c = d3_2_4();
    ASSERT_TRUE(sc_core::sc_enable_name_checking);
    network net("network", c, *work);
    EXPECT_TRUE(sc_core::sc_enable_name_checking);
    for (const char* name : {"network.router_1_0_2", "network.router_1_0_2.switch_allocator",
                             "network.router_1_0_2.out_export_0", "network.router_1_0_2.in_port_0",
                             "network.node_1_0_2.inject_out", "network.node_1_0_2.eject_in"}) {
        const sc_core::sc_object* o = sc_core::sc_find_object(name);
        ASSERT_NE(o, nullptr) << name;
        EXPECT_STREQ(o->name(), name);
    }
}

}  // namespace
}  // namespace d3
