// Theorem 7: the all-to-all in K M^2 rounds with K M delays and no link conflict; the same rounds
// without the delays conflict. Expected figures are computed here from the paper's formulas and a
// path count over the topology, not from the model.
#include "core/network/topology.h"
#include "sim_util.h"

namespace d3 {
namespace {

// Link traversals of Protocol 1 over all sources and all vectors: local delta unless 0, global
// gamma unless it is port 0 at a fixed point, local pi unless 0.
std::uint64_t expected_hops(int k, int m) {
    const topology t(k, m);
    std::uint64_t hops = 0;
    for (router_id s = 0; s < t.routers(); ++s) {
        const coord x = t.at(s);
        for (int g = 0; g < k; ++g)
            for (int pi = 0; pi < m; ++pi)
                for (int delta = 0; delta < m; ++delta) {
                    const coord a{x.c, x.d, mod(x.p + delta, m)};
                    hops += (delta != 0) + !(g == 0 && a.d == a.p) + (pi != 0);
                }
    }
    return hops;
}

class AllToAll : public ::testing::TestWithParam<std::tuple<int, int, bool>> {};

TEST_P(AllToAll, Theorem7) {
    D3_REQUIRE_FRESH_KERNEL();
    const auto [k, m, paper] = GetParam();
    run_options o;
    o.net.k = k;
    o.net.m = m;
    o.primitive = "all-to-all";
    o.schedule = paper ? schedule_kind::paper : schedule_kind::none;
    const run_result r = test::run(o);
    const std::uint64_t n = static_cast<std::uint64_t>(k * m * m);
    EXPECT_TRUE(r.correct);
    EXPECT_EQ(r.rounds, n);                                               // K M^2 rounds
    EXPECT_EQ(r.delays, paper ? static_cast<std::uint64_t>(k * m) : 0u);  // K M delays
    EXPECT_EQ(r.injected, n * n);
    EXPECT_EQ(r.delivered, n * n);
    EXPECT_EQ(r.lost, 0u);
    EXPECT_EQ(r.duplicated, 0u);
    EXPECT_EQ(r.left_in_buffers, 0u);
    EXPECT_EQ(r.totals.hops, expected_hops(k, m));
    if (paper) {
        EXPECT_EQ(r.totals.conflicts, 0u);
        // Rounds and delays are one step each; the last round takes three steps.
        EXPECT_EQ(r.steps, n + static_cast<std::uint64_t>(k * m) + 2);
    } else {
        EXPECT_GT(r.totals.conflicts, 0u);
        ASSERT_FALSE(r.first_conflicts.empty());
    }
}

INSTANTIATE_TEST_SUITE_P(Shapes, AllToAll,
                         ::testing::Combine(::testing::Values(1, 2, 3, 4), ::testing::Values(4),
                                            ::testing::Bool()));
INSTANTIATE_TEST_SUITE_P(Wider, AllToAll,
                         ::testing::Values(std::make_tuple(2, 6, true),
                                           std::make_tuple(2, 6, false),
                                           std::make_tuple(4, 8, true),
                                           std::make_tuple(4, 8, false)));

// Shallow buffers: backpressure engages and still nothing is lost.
TEST(AllToAllBackpressure, ShallowBuffersStallButLoseNothing) {
    D3_REQUIRE_FRESH_KERNEL();
    run_options o;
    o.net.k = 2;
    o.net.m = 4;
    o.schedule = schedule_kind::none;
    o.net.router.buffer_depth = 2;
    const run_result r = test::run(o);
    EXPECT_TRUE(r.correct);
    EXPECT_EQ(r.delivered, 32u * 32u);
    EXPECT_GT(r.totals.stalls, 0u);
}

// With one-packet buffers shared by packets at every hop count, the conflicting rounds deadlock
// (a b=2 packet waiting for a global port blocks the b=0 packets behind it). The run must say so,
// not hang and not claim success.
TEST(AllToAllBackpressure, DepthOneDeadlockIsReported) {
    D3_REQUIRE_FRESH_KERNEL();
    const run_result r = test::run(test::depth_one_deadlock(200));
    EXPECT_FALSE(r.correct);
    EXPECT_GT(r.left_in_buffers, 0u);
    EXPECT_GT(r.lost, 0u);
    EXPECT_LT(r.end_cycle, 1000u);  // the watchdog stopped it
}

// A bounded hold stage: the packets a node sends to itself from a fixed point hold three times in
// a row, and each keeps its place (hold_stage::take_room). With capacity 1 the all-to-all used to
// deadlock at its first round (an audit, 2026-11-25); it must deliver every pair once.
TEST(AllToAllBackpressure, HoldCapacityOneDelivers) {
    D3_REQUIRE_FRESH_KERNEL();
    run_options o;
    o.net.k = 2;
    o.net.m = 4;
    o.net.router.hold_capacity = 1;
    const run_result r = test::run(o);
    EXPECT_TRUE(r.correct);
    EXPECT_EQ(r.delivered, 32u * 32u);
    EXPECT_EQ(r.left_in_buffers, 0u);
}

// A deadlock through bounded hold stages: D3(2,4), two virtual channels of one place per input,
// one place per hold stage. A head that must hold waits for its router's hold stage, whose packet
// waits for a credit of the buffer that head sits in (global port 0 of (c,d,p) and of (c,p,d) face
// each other). The report names that cycle; it named none while the wait-for graph had link buffers
// only.
TEST(AllToAllBackpressure, HoldStageDeadlockNamesItsCycle) {
    D3_REQUIRE_FRESH_KERNEL();
    run_options o;
    o.net.k = 2;
    o.net.m = 4;
    o.net.router.vcs = 2;
    o.net.router.buffer_depth = 1;
    o.net.router.hold_capacity = 1;
    o.net.watchdog = 200;
    const run_result r = test::run(o);
    EXPECT_FALSE(r.correct);
    ASSERT_FALSE(r.problems.empty());
    const std::string& p = r.problems[0];
    const std::size_t at = p.find("blocked cycle: ");
    ASSERT_NE(at, std::string::npos) << p;
    // The cycle's elements ("router (c,d,p) input ..." or "router (c,d,p) hold stage ..."), the
    // last one "back to router (c,d,p)".
    std::vector<std::string> e;
    for (std::size_t from = at + 15;;) {
        const std::size_t to = p.find(" -> ", from);
        e.push_back(p.substr(from, to == std::string::npos ? std::string::npos : to - from));
        if (to == std::string::npos) break;
        from = to + 4;
    }
    ASSERT_GE(e.size(), 3u) << p;
    ASSERT_EQ(e.back().rfind("back to router (", 0), 0u) << p;
    e.pop_back();
    const auto router_of = [](const std::string& x) { return x.substr(0, x.find(')') + 1); };
    // Each hold stage is waited for by a buffer of its own router (the element before it, round).
    std::size_t holds = 0;
    for (std::size_t i = 0; i < e.size(); ++i) {
        if (e[i].find(" hold stage (") == std::string::npos) continue;
        ++holds;
        const std::string& before = e[(i + e.size() - 1) % e.size()];
        EXPECT_EQ(router_of(before), router_of(e[i])) << p;
        EXPECT_NE(before.find(" input "), std::string::npos) << p;
    }
    EXPECT_GT(holds, 0u) << p;
}

}  // namespace
}  // namespace d3
