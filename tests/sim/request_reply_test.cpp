// The latency's split (source queueing and network, core/traffic/latency.h) and request-reply
// traffic (core/traffic/request_reply.h) through the SystemC model. The expected figures come
// from the zero-load path (docs/multi-flit.md): a packet created in step s enters its router's
// injection buffer in s and arrives at s + 4 on one-cycle links (one injection step, three
// hops); a reply leaves in the step its request arrived. Each TEST elaborates its own network
// (one process per test in CTest).
#include <gtest/gtest.h>

#include "sim_util.h"
#include "traffic_run.h"

namespace d3 {
namespace {

using outcome = test::traffic_outcome;
using test::run_traffic;

constexpr double kT0 = 4;  // zero-load latency with one-cycle links, no pipeline

traffic_run_options small(topology_kind shape, int k, int m, double rate, int measure) {
    traffic_run_options o;
    o.net.shape = shape;
    o.net.k = k;
    o.net.m = m;
    o.traffic.rate = rate;
    o.traffic.warmup = 100;
    o.traffic.measure = measure;
    return o;
}

double mean_of(const nlohmann::json& j) {
    return j["mean"].get<double>();
}

// Queueing comes from the packets' launch cycles and network is the rest of the latency (their
// sum is the mean latency by construction): each part at least its floor (no queueing; the
// zero-load path), which a wrong launch cycle would break.
void expect_split(const outcome& out) {
    const auto& l = out.t["latency"];
    const double q = mean_of(l["queueing"]), n = mean_of(l["network"]);
    EXPECT_GE(q, 0.0);
    EXPECT_GE(n, kT0);
    EXPECT_NEAR(q + n, mean_of(l), 1e-9);
}

TEST(LatencySplit, AtLowLoadTheSourceQueueIsEmptyAndTheNetworkTakesItAll) {
    D3_REQUIRE_FRESH_KERNEL();
    const outcome out = run_traffic(small(topology_kind::d3, 2, 4, 0.01, 4000));
    EXPECT_TRUE(out.r.correct);
    expect_split(out);
    const auto& l = out.t["latency"];
    EXPECT_GT(l["samples"].get<int>(), 100);
    EXPECT_LT(mean_of(l["queueing"]), 0.01);
    EXPECT_NEAR(mean_of(l["network"]), kT0, 0.05);
}

TEST(LatencySplit, PastSaturationPacketsWaitAtTheirSource) {
    D3_REQUIRE_FRESH_KERNEL();
    // Four terminals per router at a packet per step each: more than the network accepts, so
    // the injection buffers fill and packets wait in their nodes' queues.
    traffic_run_options o = small(topology_kind::mdf, 2, 4, 1.0, 300);
    o.traffic.concentration = 4;
    o.traffic.drain_limit = 5000;
    const outcome out = run_traffic(o);
    EXPECT_TRUE(out.r.correct);
    expect_split(out);
    EXPECT_GT(mean_of(out.t["latency"]["queueing"]), 1.0);
}

// Every request delivered once, answered once, every reply delivered once; the measured
// requests' replies all back; the run correct (the ledger's pair check includes the replies).
void expect_conserved(const outcome& out) {
    EXPECT_TRUE(out.r.correct);
    for (const auto& p : out.r.problems) ADD_FAILURE() << p;
    const auto& q = out.t["request_reply"];
    const auto n = q["requests_created"].get<std::uint64_t>();
    EXPECT_GT(n, 100u);
    EXPECT_EQ(q["requests_delivered"].get<std::uint64_t>(), n);
    EXPECT_EQ(q["replies_created"].get<std::uint64_t>(), n);
    EXPECT_EQ(q["replies_delivered"].get<std::uint64_t>(), n);
    EXPECT_EQ(out.r.delivered, 2 * n);  // the network carried both
    EXPECT_EQ(q["measured_replies_delivered"], q["measured_requests"]);
    EXPECT_EQ(q["measured_requests"], out.t["measured_created"]);
    EXPECT_EQ(q["request_class"], "standard");
    EXPECT_EQ(q["reply_class"], "privileged");
}

// At low load a round trip is two zero-load trips (the reply leaves in the step its request
// arrived): 8 steps.
void expect_round_trip_at_low_load(const outcome& out) {
    const auto& rt = out.t["request_reply"]["round_trip"];
    EXPECT_EQ(rt["p50"].get<int>(), 2 * static_cast<int>(kT0));
    EXPECT_GE(mean_of(rt), 2 * kT0);
    EXPECT_LT(mean_of(rt), 2 * kT0 + 0.2);
    EXPECT_NEAR(mean_of(out.t["request_reply"]["reply_latency"]), kT0, 0.2);
    EXPECT_EQ(rt["samples"], out.t["measured_created"]);
}

TEST(RequestReply, D3AnswersEveryRequestOnceAndTheRoundTripIsTwoTrips) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o = small(topology_kind::d3, 3, 4, 0.02, 1000);
    o.traffic.request_reply = true;
    const outcome out = run_traffic(o);
    expect_conserved(out);
    expect_round_trip_at_low_load(out);
}

TEST(RequestReply, MdfAnswersEveryRequestOnceAndTheRoundTripIsTwoTrips) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o = small(topology_kind::mdf, 2, 4, 0.02, 1000);
    o.traffic.request_reply = true;
    const outcome out = run_traffic(o);
    expect_conserved(out);
    expect_round_trip_at_low_load(out);
}

// Loaded past saturation with Valiant routing, small buffers and a watchdog: requests and
// replies in classes of their own drain without deadlock, every one delivered once.
TEST(RequestReply, D3UnderHeavyLoadDrainsEveryRequestAndReply) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o = small(topology_kind::d3, 3, 4, 0.8, 300);
    o.traffic.request_reply = true;
    o.traffic.routing = routing_kind::valiant;
    o.traffic.drain_limit = 3000;
    o.net.router.buffer_depth = 2;
    o.net.watchdog = 500;
    const outcome out = run_traffic(o);
    expect_conserved(out);
    const auto& rt = out.t["request_reply"]["round_trip"];
    // Each measured round trip is its request's trip, at least a zero-load reply, and more.
    EXPECT_GE(mean_of(rt), mean_of(out.t["latency"]) + kT0);
}

TEST(RequestReply, MdfUnderHeavyLoadDrainsEveryRequestAndReply) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o = small(topology_kind::mdf, 2, 4, 1.0, 300);
    o.traffic.request_reply = true;
    o.traffic.concentration = 2;
    o.traffic.drain_limit = 3000;
    o.net.router.buffer_depth = 2;
    o.net.watchdog = 500;
    expect_conserved(run_traffic(o));
}

}  // namespace
}  // namespace d3
