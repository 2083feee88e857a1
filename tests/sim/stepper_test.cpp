// The network's clock (sc/stepper.h): clients step in the cycles they asked for, nodes before
// routers and by ascending id within a phase, once per cycle however they were asked for, and a
// client kept awake steps in every cycle until it lets go; the simulation ends when nobody waits.
#include <functional>
#include <utility>
#include <vector>

#include "sc/protocol.h"
#include "sc/stepper.h"
#include "sim_util.h"

namespace d3 {
namespace {

/// Records (cycle, name) of every step, and runs a per-step action.
struct recorder : stepper::client {
    const char* name;
    std::vector<std::pair<std::uint64_t, const char*>>& log;
    std::function<void(std::uint64_t)> action;
    recorder(const char* n, std::vector<std::pair<std::uint64_t, const char*>>& l)
        : name(n), log(l) {}
    void step(std::uint64_t t) override {
        log.push_back({t, name});
        if (action) action(t);
    }
};

TEST(Stepper, KeptAwakeStepsEveryCycleOnceAndInIdOrder) {
    D3_REQUIRE_FRESH_KERNEL();
    std::vector<std::pair<std::uint64_t, const char*>> log;
    stepper clock("clock", 8);
    recorder n0("n0", log), n1("n1", log), r0("r0", log);
    clock.add(n0, false);
    clock.add(n1, false);
    clock.add(r0, true);
    // n1 keeps itself awake from its first step (cycle 1) while t < 4, and also asks for cycle 3
    // by a wake-up (it must still step there once). n0 asks for cycle 3 only. r0 asks for 2 and 6.
    n1.action = [&](std::uint64_t t) {
        clock.keep_awake(n1, t < 4);
        if (t == 1) clock.wake(n1, 3);
    };
    clock.wake(n1, 1);
    clock.wake(n0, 3);
    clock.wake(r0, 2);
    r0.action = [&](std::uint64_t t) {
        if (t == 2) clock.wake(r0, 6);
    };
    sc_core::sc_start();
    // Expected, written out by hand: n1 at 1 (woken), then 2, 3, 4 (awake after steps 1, 2, 3;
    // at 4 it lets go); n0 at 3, before n1 (ascending id); r0 at 2 and 6, after the nodes.
    const std::vector<std::pair<std::uint64_t, const char*>> want = {
        {1, "n1"}, {2, "n1"}, {2, "r0"}, {3, "n0"}, {3, "n1"}, {4, "n1"}, {6, "r0"}};
    ASSERT_EQ(log.size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ(log[i].first, want[i].first) << i;
        EXPECT_STREQ(log[i].second, want[i].second) << i;
    }
    // Nothing waits after cycle 6: the simulation stopped there.
    EXPECT_EQ(to_cycle(sc_core::sc_time_stamp()), 6u);
}

// due_next_router: true only while a client steps and only when the next cycle is asked for already
// (the case in which a router skips working out its next wake-up, router.cpp step 6).
TEST(Stepper, DueNextOnlyWhenTheNextCycleIsAskedFor) {
    D3_REQUIRE_FRESH_KERNEL();
    std::vector<std::pair<std::uint64_t, const char*>> log;
    stepper clock("clock", 8);
    recorder a("a", log), b("b", log);
    clock.add(a, true);
    clock.add(b, true);
    std::vector<std::pair<std::uint64_t, bool>> seen;  // (cycle, b.due_next_router) at b's steps
    // a (id 0) steps before b (id 1) in a cycle: at 1 it asks for b at 2 (b's 1 sees it due next),
    // at 2 it asks for b at 5 (b's 2 does not: 5 is later than 3).
    a.action = [&](std::uint64_t t) {
        if (t == 1) clock.wake(b, 2);
        if (t == 2) clock.wake(b, 5);
    };
    b.action = [&](std::uint64_t t) { seen.push_back({t, clock.due_next_router(b)}); };
    EXPECT_FALSE(clock.due_next_router(a));  // outside a step: never
    clock.wake(a, 1);
    clock.wake(a, 2);  // ignored: a waits for 1 already; a's step at 1 asks again
    clock.wake(b, 1);
    a.action = [&, first = a.action](std::uint64_t t) {
        first(t);
        if (t == 1) clock.wake(a, 2);
    };
    sc_core::sc_start();
    const std::vector<std::pair<std::uint64_t, bool>> want = {{1, true}, {2, false}, {5, false}};
    EXPECT_EQ(seen, want);
}

// A program that links the model may choose the kernel's time resolution before it elaborates:
// the model builds no sc_time at static initialisation (a header's global did, and SystemC then
// refused sc_set_time_resolution with E514). A cycle stays 1 ns, counted in the new unit.
TEST(Stepper, TheHostChoosesTheTimeResolution) {
    D3_REQUIRE_FRESH_KERNEL();
    sc_core::sc_set_time_resolution(100, sc_core::SC_PS);
    EXPECT_EQ(step_time().value(), 10u);
    std::vector<std::pair<std::uint64_t, const char*>> log;
    stepper clock("clock", 8);
    recorder a("a", log);
    clock.add(a, false);
    EXPECT_EQ(clock.cycle_of(sc_core::sc_time(7, sc_core::SC_NS)), 7u);
    EXPECT_EQ(to_cycle(sc_core::sc_time(3, sc_core::SC_NS)), 3u);
    EXPECT_EQ(cycles(4), sc_core::sc_time(4, sc_core::SC_NS));
    clock.wake(a, 5);
    sc_core::sc_start();
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0].first, 5u);
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_core::sc_time(5, sc_core::SC_NS));
}

}  // namespace
}  // namespace d3
