// Collectives through the SystemC model (core/replay/collectives.h, docs/collectives.md): a ring
// allreduce on D3(4,8) whose steps share no link replays to the cycle of the schedule worked out
// here from the zero-load rule of docs/traces.md, and a halo exchange delivers every message
// exactly once (the others: tests/cli/collective_cli_test.cpp). Each TEST elaborates its own
// network (one process per test in CTest).
#include <gtest/gtest.h>

#include <string>

#include "sim_util.h"
#include "tb/replay_bench.h"

namespace d3 {
namespace {

struct collective_replayed {
    run_result r;
    nlohmann::json w;
};

collective_replayed run_collective(int k, int m, const collective_options& c) {
    replay_run_options o;
    o.net.k = k;
    o.net.m = m;
    o.replay.collective = c;
    const topology t = make_topology(o.net);
    auto loaded = load_collective(o.replay, t);
    if (auto* err = std::get_if<std::string>(&loaded)) {
        ADD_FAILURE() << *err;
        return {};
    }
    loaded_collective& l = std::get<loaded_collective>(loaded);
    auto* tb = new replay_bench("tb", o, std::move(l.state));
    collective_replayed out{tb->run(), nlohmann::json()};
    out.w = collective_summary(l.layout, tb->work().state());
    return out;  // the design stays: SystemC tears it down at exit
}

collective_options ring(std::uint32_t size, std::uint32_t iterations) {
    collective_options c;
    c.collective = "allreduce";
    c.algorithm = "ring";
    c.size = size;
    c.iterations = iterations;
    return c;
}

// The zero-load rule of docs/traces.md on D3, worked out here: a message of n one-flit packets
// created at step t arrives at t + 4 + n - 1 (one step on the injection channel, the b = 3 steps
// of the destination header whatever the route, holds included, then its n - 1 later packets one
// per step), and a rank sends its next step's message 1 step after its receive. Every rank's
// step is the same, so one rank's chain of 2 (P - 1) steps per iteration is the completion.
std::uint64_t ring_zero_load(std::uint32_t ranks, std::uint32_t size, std::uint32_t iterations) {
    const std::uint64_t n = (size + ranks - 1) / ranks;  // packets (flits) per message
    std::uint64_t created = 0, arrived = 0;
    for (std::uint64_t step = 0; step < 2ull * (ranks - 1) * iterations; ++step) {
        arrived = created + 4 + n - 1;
        created = arrived + 1;
    }
    return arrived;
}

TEST(CollectiveReplay, RingAllreduceOnD3At0ContentionMeetsTheStepFormula) {
    const collective_replayed out = run_collective(4, 8, ring(64, 1));
    ASSERT_TRUE(out.r.correct);
    EXPECT_EQ(out.r.totals.conflicts, 0u);  // what makes the formula exact
    EXPECT_EQ(out.w["ranks"], 256);
    EXPECT_EQ(out.w["steps"], 510);
    EXPECT_EQ(out.w["completion"].get<std::uint64_t>(), ring_zero_load(256, 64, 1));
}

TEST(CollectiveReplay, RingAllreduceIterationsAddUp) {
    collective_options c = ring(32, 3);  // 1 flit a step
    c.ranks = 32;                        // routers 0 .. 31: four drawers of cabinet 0
    const collective_replayed out = run_collective(4, 8, c);
    ASSERT_TRUE(out.r.correct);
    EXPECT_EQ(out.r.totals.conflicts, 0u);
    const std::uint64_t total = ring_zero_load(32, 32, 3), one = ring_zero_load(32, 32, 1);
    EXPECT_EQ(out.w["completion"].get<std::uint64_t>(), total);
    EXPECT_EQ(out.w["per_iteration"], (std::vector<std::uint64_t>{one, one + 1, one + 1}));
    EXPECT_EQ(out.w["iteration"]["max"], one + 1);
}

// The collective with the most messages at once: 26 per rank, all created together.
TEST(CollectiveReplay, Halo3dDeliversEveryMessageOnce) {
    collective_options halo;
    halo.collective = "halo3d";
    halo.size = 2;
    halo.iterations = 2;
    const collective_replayed out = run_collective(2, 4, halo);
    ASSERT_TRUE(out.r.correct);
    EXPECT_EQ(out.w["messages"], 2 * 32 * 26);  // 4 x 4 x 2: 26 offsets, none the rank itself
}

}  // namespace
}  // namespace d3
