// Router pipelines (core/router/pipeline.h) through the SystemC model: the zero-load latency
// follows from the units' cycles, T0 = 1 + 3 (R + A + T) + (2 local + 1 global link latency) + (R +
// A + T), one injection cycle, three hops (local, global, local; a hold takes the hop it replaces),
// then the route, allocate and traverse of the delivery. Each TEST elaborates its own network.
#include <gtest/gtest.h>

#include "sim_util.h"
#include "traffic_run.h"

namespace d3 {
namespace {

using test::run_traffic;

traffic_run_options staged(topology_kind shape, const pipeline_spec& p) {
    traffic_run_options o;
    o.net.shape = shape;
    o.net.k = 2;
    o.net.m = 4;
    o.net.router.pipeline = p;
    o.net.router.local_latency = 2;
    o.net.router.global_latency = 3;
    o.traffic.rate = 0.0005;
    o.traffic.warmup = 100;
    o.traffic.measure = 20000;
    return o;
}

std::uint64_t zero_load(const pipeline_spec& p) {
    return 1 + 4 * static_cast<std::uint64_t>(p.extra()) + 2 * 2 + 3;
}

void expect_staged_zero_load(const traffic_run_options& o) {
    test::expect_zero_load(run_traffic(o), zero_load(o.net.router.pipeline));
}

TEST(PipelineZeroLoad, D3LatencyFollowsTheUnitsCycles) {
    D3_REQUIRE_FRESH_KERNEL();
    expect_staged_zero_load(staged(topology_kind::d3, {1, 1, 2}));  // 1 + 16 + 7 = 24
}

TEST(PipelineZeroLoad, D3PipelineStagesAreATraversal) {
    D3_REQUIRE_FRESH_KERNEL();
    expect_staged_zero_load(staged(topology_kind::d3, pipeline_of_stages(3)));  // 1 + 8 + 7 = 16
}

TEST(PipelineZeroLoad, MdfRouteStageOnly) {
    D3_REQUIRE_FRESH_KERNEL();
    expect_staged_zero_load(staged(topology_kind::mdf, {1, 0, 0}));  // 1 + 4 + 7 = 12
}

TEST(PipelineZeroLoad, ThePapersRouterKeepsOneStepPerHop) {
    D3_REQUIRE_FRESH_KERNEL();
    traffic_run_options o = staged(topology_kind::d3, {});
    o.net.router.local_latency = o.net.router.global_latency = 1;
    const test::traffic_outcome out = run_traffic(o);
    EXPECT_EQ(out.t["latency"]["p50"].get<std::uint64_t>(), 4u);  // injection + three steps
}

}  // namespace
}  // namespace d3
