// The lockstep calendar (paper/programs/lockstep.h) against a brute-force count: a std::map of
// every (step, router, port) and its uses. Closing steps as a planner does (in step order) must
// give the same conflicts and first conflicts as keeping every use; a closed step takes no use.
// The reusable tracer must trace like the one-shot trace_links whatever it traced before.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "core/decoding/header.h"
#include "core/network/topology.h"
#include "paper/programs/lockstep.h"

namespace d3 {
namespace {

using link_step = std::tuple<std::uint64_t, router_id, std::uint16_t>;

// Uses by step: a few routers and ports, so that many (link, step) pairs repeat.
std::vector<std::vector<link_use>> random_uses(unsigned seed, int steps) {
    std::mt19937 rng(seed);
    std::vector<std::vector<link_use>> by_step(static_cast<std::size_t>(steps));
    for (int s = 0; s < steps; ++s)
        for (int i = 0; i < 40; ++i)
            by_step[static_cast<std::size_t>(s)].push_back({static_cast<std::uint64_t>(s),
                                                            static_cast<router_id>(rng() % 9),
                                                            static_cast<std::uint16_t>(rng() % 5)});
    return by_step;
}

struct brute {
    std::uint64_t conflicts = 0;
    std::vector<conflict_record> first;
};

brute count(const std::vector<std::vector<link_use>>& by_step) {
    std::map<link_step, int> uses;
    for (const auto& s : by_step)
        for (const link_use& u : s) ++uses[{u.cycle, u.router, u.port}];
    brute b;
    for (const auto& [k, n] : uses) {  // std::map: (step, router, port) order
        if (n < 2) continue;
        ++b.conflicts;
        if (b.first.size() < link_calendar::kFirstConflicts)
            b.first.push_back(
                {std::get<0>(k), std::get<1>(k), std::get<2>(k), static_cast<std::uint16_t>(n)});
    }
    return b;
}

void expect_same(const std::vector<conflict_record>& a, const std::vector<conflict_record>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].step, b[i].step) << i;
        EXPECT_EQ(a[i].router, b[i].router) << i;
        EXPECT_EQ(a[i].port, b[i].port) << i;
        EXPECT_EQ(a[i].requesters, b[i].requesters) << i;
    }
}

TEST(LinkCalendar, ConflictsAsCountedByHandWithAndWithoutClosing) {
    for (unsigned seed = 1; seed <= 20; ++seed) {
        const auto by_step = random_uses(seed, 12);
        const brute want = count(by_step);
        ASSERT_GT(want.conflicts, 0u);
        link_calendar kept, closed;
        for (std::size_t s = 0; s < by_step.size(); ++s) {
            kept.add(by_step[s]);
            closed.add(by_step[s]);
            closed.filled_before(s);  // its uses are in step s, slot s - 1
        }
        EXPECT_EQ(kept.conflicts(), want.conflicts) << seed;
        EXPECT_EQ(closed.conflicts(), want.conflicts) << seed;
        expect_same(kept.first_conflicts(), want.first);
        expect_same(closed.first_conflicts(), want.first);
    }
}

TEST(LinkCalendar, HalfClosedCalendarCountsBothParts) {
    // Steps 0..5 closed, 6..11 open: conflicts and first conflicts span the two.
    const auto by_step = random_uses(7, 12);
    link_calendar cal;
    for (const auto& s : by_step) cal.add(s);
    cal.filled_before(5);  // steps before 6 closed
    const brute want = count(by_step);
    EXPECT_EQ(cal.conflicts(), want.conflicts);
    expect_same(cal.first_conflicts(), want.first);
}

TEST(LinkCalendar, ShiftedUsesAndFits) {
    link_calendar cal;
    const std::vector<link_use> round = {{0, 3, 1}, {1, 4, 2}};
    cal.add(round, 5);  // steps 5 and 6
    EXPECT_FALSE(cal.fits(round, 5));
    EXPECT_TRUE(cal.fits(round, 4));  // (3,1) at 4 and (4,2) at 5 are free
    EXPECT_TRUE(cal.fits(round, 7));
    EXPECT_TRUE(cal.fits({{0, 4, 2}}, 4));              // router 4 port 2 at step 4: free
    EXPECT_FALSE(cal.fits({{0, 4, 2}}, 6));             // taken at step 6
    EXPECT_FALSE(cal.fits({{0, 1, 1}, {0, 1, 1}}, 9));  // two uses of one (link, step)
    EXPECT_EQ(cal.conflicts(), 0u);
    cal.add(round, 6);  // (0,3,1) at 6 is new, (1,4,2) at 7 new
    EXPECT_EQ(cal.conflicts(), 0u);
    cal.add({{0, 4, 2}}, 6);
    EXPECT_EQ(cal.conflicts(), 1u);
    const auto first = cal.first_conflicts();
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].step, 6u);
    EXPECT_EQ(first[0].router, 4u);
    EXPECT_EQ(first[0].port, 2u);
    EXPECT_EQ(first[0].requesters, 2u);
}

TEST(LinkCalendar, ClosedStepTakesNoUse) {
    link_calendar cal;
    cal.add({{2, 1, 1}});
    cal.filled_before(2);  // steps before 3 closed
    EXPECT_THROW(cal.add({{2, 1, 1}}), std::logic_error);
    EXPECT_FALSE(cal.fits({{0, 1, 1}}, 2));
    EXPECT_TRUE(cal.fits({{0, 1, 1}}, 3));
    EXPECT_NO_THROW(cal.add({{3, 1, 1}}));
}

TEST(LinkTracer, TracesAsTraceLinksWhateverItTracedBefore) {
    const topology t(3, 4);
    std::vector<header> headers;
    for (int b = 1; b <= 3; ++b)
        for (bool bc : {true, false})
            headers.push_back(make_source_vector_header(bc, b, {1, 2, 3}));
    headers.push_back(make_destination_header(3, {2, 1, 3}));
    link_tracer tracer;
    for (int round = 0; round < 2; ++round)
        for (std::size_t i = 0; i < headers.size(); ++i)
            for (router_id src : {router_id{0}, router_id{17}, router_id{47}}) {
                std::vector<link_use> once, reused;
                trace_links(t, src, i, headers[i], once);
                tracer.trace(t, src, i, headers[i], reused);
                ASSERT_EQ(once.size(), reused.size()) << to_string(headers[i]);
                for (std::size_t j = 0; j < once.size(); ++j) {
                    EXPECT_EQ(once[j].cycle, reused[j].cycle);
                    EXPECT_EQ(once[j].router, reused[j].router);
                    EXPECT_EQ(once[j].port, reused[j].port);
                }
            }
    // A broadcast's copies make several uses per step; a unicast one per step.
    std::vector<link_use> u;
    tracer.trace(t, 0, 0, make_source_vector_header(true, 3, {0, 0, 0}), u);
    EXPECT_GT(u.size(), 3u);
    u.clear();
    tracer.trace(t, 0, 0, make_source_vector_header(false, 3, {1, 2, 3}), u);
    EXPECT_EQ(u.size(), 3u);
}

}  // namespace
}  // namespace d3
