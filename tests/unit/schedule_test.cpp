// The Theorem 7 schedule, checked against the paper's formulas.
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "core/network/config.h"
#include "core/workload/schedule.h"

namespace d3 {
namespace {

TEST(Schedule, AllToAllPaperCounts) {
    for (auto [k, m] :
         std::vector<std::pair<int, int>>{{1, 4}, {2, 4}, {3, 4}, {4, 4}, {2, 6}, {4, 8}}) {
        const schedule s = all_to_all_schedule(k, m, schedule_kind::paper);
        EXPECT_EQ(s.rounds(), static_cast<std::size_t>(k * m * m));  // K M^2 rounds
        EXPECT_EQ(s.delays(), static_cast<std::size_t>(k * m));      // K M delays
        const schedule n = all_to_all_schedule(k, m, schedule_kind::none);
        EXPECT_EQ(n.rounds(), static_cast<std::size_t>(k * m * m));
        EXPECT_EQ(n.delays(), 0u);
    }
}

TEST(Schedule, EverySourceVectorOnceAndDelaysWhereTheTestSays) {
    const int k = 3, m = 6;
    const schedule s = all_to_all_schedule(k, m, schedule_kind::paper);
    std::set<std::tuple<int, int, int>> seen;
    bool delay_before = false;
    int i = 0;
    for (const slot& sl : s.slots) {
        if (sl.is_delay()) {
            EXPECT_FALSE(delay_before) << "two delays in a row";
            delay_before = true;
            continue;
        }
        ASSERT_EQ(sl.launches.size(), 1u);
        const header& h = sl.launches[0].hdr;
        EXPECT_EQ(h.b, 3);
        EXPECT_FALSE(h.broadcast);
        // i = pi + delta M + gamma M^2, in order.
        EXPECT_EQ(h.pi() + h.delta() * m + h.gamma() * m * m, i);
        EXPECT_EQ(delay_before, mod(h.pi() - 2, m) == h.delta()) << "round " << i;
        seen.insert({h.gamma(), h.pi(), h.delta()});
        delay_before = false;
        ++i;
    }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(k * m * m));
}

// The node asks a schedule's program finished() only from unfinished_before() on: the step after
// its last slot, from which it is finished.
TEST(Schedule, ProgramUnfinishedBeforeItsEnd) {
    const schedule s = all_to_all_schedule(2, 4, schedule_kind::paper);
    const schedule_program p(s);
    ASSERT_EQ(p.unfinished_before(), s.slots.size());
    for (std::uint64_t step = 0; step < p.unfinished_before(); ++step)
        EXPECT_FALSE(p.finished(step)) << step;
    EXPECT_TRUE(p.finished(p.unfinished_before()));
}

TEST(Config, ValidatesAndResolves) {
    network_config c;
    EXPECT_FALSE(c.validate());
    c.k = 0;
    EXPECT_TRUE(c.validate());
    c = {};
    c.router.buffer_depth = 0;
    EXPECT_TRUE(c.validate());
    c = {};
    c.router.injection_width = 2;
    c.router.injection_depth = 1;
    EXPECT_TRUE(c.validate());
    c = {};
    c.m = 6;
    const network_config r = c.resolved();
    EXPECT_EQ(r.router.injection_width, 6);  // the paper's M launches per step
    EXPECT_EQ(r.router.injection_depth, 12);
    EXPECT_EQ(parse_as<arbitration>("oldest-first"), arbitration::oldest_first);
    EXPECT_FALSE(parse_as<arbitration>("random"));
}

}  // namespace
}  // namespace d3
