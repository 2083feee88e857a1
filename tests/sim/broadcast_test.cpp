// Theorem 4: a single broadcast (1,3;0,0,0) reaches every router exactly once in three steps.
#include <tuple>

#include "sim_util.h"

namespace d3 {
namespace {

struct broadcast_case {
    int k, m;
    coord source;
};

class Broadcast : public ::testing::TestWithParam<broadcast_case> {};

TEST_P(Broadcast, EveryRouterOnceInThreeSteps) {
    D3_REQUIRE_FRESH_KERNEL();
    const auto [k, m, source] = GetParam();
    run_options o;
    o.net.k = k;
    o.net.m = m;
    o.primitive = "broadcast";
    o.source = source;
    const run_result r = test::run(o);
    const std::uint64_t routers = static_cast<std::uint64_t>(k * m * m);
    EXPECT_TRUE(r.correct);
    EXPECT_EQ(r.injected, 1u);
    EXPECT_EQ(r.delivered, routers);
    EXPECT_EQ(r.expected, routers);
    EXPECT_EQ(r.steps, 3u);
    EXPECT_EQ(r.totals.conflicts, 0u);
    // Step 1: M-1 local hops. Step 2: the M routers of the drawer send on all K global ports, but
    // the fixed point (c,d,d) holds its port-0 copy. Step 3: K*M routers, M-1 local hops each.
    EXPECT_EQ(r.totals.hops, static_cast<std::uint64_t>((m - 1) + (k * m - 1) + k * m * (m - 1)));
    EXPECT_EQ(r.totals.holds, static_cast<std::uint64_t>(1 + 1 + k * m));
    EXPECT_EQ(r.left_in_buffers, 0u);
}

INSTANTIATE_TEST_SUITE_P(Shapes, Broadcast,
                         ::testing::Values(broadcast_case{1, 4, {0, 0, 1}},
                                           broadcast_case{3, 4, {2, 1, 3}},
                                           broadcast_case{3, 4, {1, 2, 2}},  // d = p
                                           broadcast_case{2, 6, {1, 5, 0}}));

}  // namespace
}  // namespace d3
