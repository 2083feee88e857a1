// Multi-flit packets with virtual cut-through (docs/multi-flit.md) through the SystemC model:
// zero-load latency against the formula derived there, T0 = 1 + sum of the three steps' hop
// times + (F - 1), on D3 and MDF; conservation of packets and flits under load. Each TEST
// elaborates its own network (one process per test in CTest).
#include <gtest/gtest.h>

#include "sim_util.h"
#include "traffic_run.h"

namespace d3 {
namespace {

using outcome = test::traffic_outcome;
using test::run_traffic;

// K = 2, M = 4, packets of F flits, buffers of 2F flits, a load far below saturation.
traffic_run_options flits(topology_kind shape, int f, double rate) {
    traffic_run_options o;
    o.net.shape = shape;
    o.net.k = 2;
    o.net.m = 4;
    o.net.router.packet_length = f;
    o.net.router.buffer_depth = 2 * f;
    o.traffic.rate = rate;
    o.traffic.warmup = 100;
    o.traffic.measure = 20000;
    return o;
}

/// Zero-load latency of minimal routing (docs/multi-flit.md) in the paper's router (no pipeline,
/// tests/sim/pipeline_test.cpp has those): one injection step, three steps of a link latency each
/// (local, global, local; a hold takes the hop it replaces), and the tail F - 1 cycles behind.
std::uint64_t zero_load(int f, int local, int global) {
    return 1 + static_cast<std::uint64_t>(local + global + local) +
           static_cast<std::uint64_t>(f - 1);
}

constexpr int kSamples = 100;  // packets measured at least

TEST(MultiFlitZeroLoad, D3LatencyGrowsByTheSerializationOfTheTail) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o = flits(topology_kind::d3, 8, 0.004);  // 0.0005 packets per step
    o.net.router.local_latency = 2;
    o.net.router.global_latency = 3;
    test::expect_zero_load(run_traffic(o), zero_load(8, 2, 3),
                           kSamples);  // 15; one-flit packets: 8
}

TEST(MultiFlitZeroLoad, D3OneFlitPacketsKeepThePapersLatency) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o = flits(topology_kind::d3, 1, 0.0005);
    o.net.router.local_latency = 2;
    o.net.router.global_latency = 3;
    const outcome out = run_traffic(o);
    test::expect_zero_load(out, zero_load(1, 2, 3), kSamples);
    EXPECT_FALSE(out.t.contains("flits"));  // one-flit runs keep their keys
}

TEST(MultiFlitZeroLoad, MdfLatencyGrowsByTheSerializationOfTheTail) {
    D3_REQUIRE_FRESH_KERNEL();
    test::expect_zero_load(run_traffic(flits(topology_kind::mdf, 8, 0.004)), zero_load(8, 1, 1),
                           kSamples);  // 11
}

// Loaded (0.4 flits per terminal per step) and saturated (1.0, buffers of one packet per VC):
// every packet arrives once, every flit that entered a link buffer left it, every credit came
// back, and the per-VC counts add up to the hops.
void expect_conserved(const outcome& out, int f) {
    EXPECT_TRUE(out.r.correct);
    for (const auto& p : out.r.problems) ADD_FAILURE() << p;
    EXPECT_EQ(out.r.delivered, out.r.injected);
    EXPECT_EQ(out.r.left_in_buffers, 0u);
    const auto& fl = out.t["flits"];
    const auto F = static_cast<std::uint64_t>(f);
    EXPECT_EQ(fl["injected"].get<std::uint64_t>(), out.r.injected * F);
    EXPECT_EQ(fl["delivered"].get<std::uint64_t>(), out.r.delivered * F);
    EXPECT_EQ(fl["link_sent"].get<std::uint64_t>(), out.r.totals.hops * F);
    EXPECT_EQ(fl["link_freed"].get<std::uint64_t>(), out.r.totals.hops * F);
    std::uint64_t packets = 0;
    for (const auto& v : out.t["per_vc"]) packets += v["packets"].get<std::uint64_t>();
    EXPECT_EQ(packets, out.r.totals.hops);
    EXPECT_EQ(out.t["per_vc"].size(), 5u);
    // Minimal routing launches with b = 3: packets arrive with b = 2, 1, 0, never in VC 3 or 4.
    EXPECT_EQ(out.t["per_vc"][3]["packets"].get<std::uint64_t>(), 0u);
    EXPECT_EQ(out.t["per_vc"][4]["packets"].get<std::uint64_t>(), 0u);
    EXPECT_GT(out.t["per_vc"][0]["packets"].get<std::uint64_t>(), 0u);
}

TEST(MultiFlitConservation, LoadedMdfConservesPacketsAndFlits) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o = flits(topology_kind::mdf, 8, 0.4);
    o.traffic.measure = 1000;
    const outcome out = run_traffic(o);
    expect_conserved(out, 8);
    EXPECT_NEAR(out.t["accepted_flits"].get<double>(), 0.4, 0.05);
    EXPECT_NEAR(out.t["offered_flits"].get<double>(), 0.4, 0.05);
}

TEST(MultiFlitConservation, SaturatedD3WithOnePacketBuffersDrains) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o = flits(topology_kind::d3, 4, 1.0);
    o.net.router.buffer_depth = 4;  // one packet per VC: every packet waits for all its credits
    o.net.watchdog = 200;
    o.traffic.measure = 1000;
    o.traffic.drain_limit = 1000;
    const outcome out = run_traffic(o);
    expect_conserved(out, 4);
    EXPECT_GT(out.r.totals.stalls, 0u);  // backpressure was engaged
    EXPECT_LT(out.t["accepted_flits"].get<double>(), 1.0);
}

}  // namespace
}  // namespace d3
