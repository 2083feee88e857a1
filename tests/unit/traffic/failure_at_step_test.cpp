// What a failure during the run does to a waiting packet (core/traffic/failure_at_step.h),
// against counts worked out by hand in coordinates: the minimal route of section 10 from (c,d,p)
// to (c',d',p') goes to (c,d,d'), over global port c' - c to (c',d',d), then to (c',d',p').
#include <gtest/gtest.h>

#include "core/decoding/walk.h"
#include "core/network/link_faults.h"
#include "core/traffic/failure_at_step.h"
#include "core/traffic/routing.h"

namespace d3 {
namespace {

// The cable of D3(4,8) from (1,2,3) over global port 1 to (2,3,2) (its port 3 = -1 mod 4).
link_faults one_global_cable(const topology& t, cable& failed) {
    std::vector<cable> one;
    for (const cable& c : all_cables(t))
        if (c.from == t.id({1, 2, 3}) && c.out == index_of({true, 1}, 4)) one.push_back(c);
    EXPECT_EQ(one.size(), 1u);
    failed = one.at(0);
    return link_faults(t, one);
}

TEST(FailureAtStep, PacketsOnTheFailedCableAreLostInEitherDirection) {
    const topology t(4, 8);
    cable c;
    const link_faults f = one_global_cable(t, c);
    const detour_finder detours(t, f);
    ASSERT_EQ(c.to, t.id({2, 3, 2}));
    ASSERT_EQ(c.in, index_of({true, 3}, 4));
    const header h = minimal_header({0, 0, 0});
    EXPECT_EQ(fate_at_failure(t, f, detours, {c.to, c.in}, h, 0).fate,
              failure_fate::on_failed_link);
    EXPECT_EQ(fate_at_failure(t, f, detours, {c.from, c.out}, h, 0).fate,
              failure_fate::on_failed_link);
    // The other inputs of both ends, the injection and the hold stage are not on it.
    for (const router_id r : {c.from, c.to})
        for (int in = -2; in < t.link_ports(); ++in) {
            if ((r == c.from && in == c.out) || (r == c.to && in == c.in)) continue;
            const coord at = t.at(r);
            EXPECT_FALSE(lost(fate_at_failure(t, f, detours, {r, in}, minimal_header(at), 0).fate))
                << t.label(at) << " input " << in;
        }
}

TEST(FailureAtStep, ExactlyTheRoutesOverTheCableAreReroutedAroundIt) {
    const topology t(4, 8);
    cable c;
    const link_faults f = one_global_cable(t, c);
    const detour_finder detours(t, f);
    int rerouted = 0;
    for (router_id s = 0; s < t.routers(); ++s)
        for (router_id d = 0; d < t.routers(); ++d) {
            const coord a = t.at(s), b = t.at(d);
            // By hand: the global hop leaves (a.c, a.d, b.d) over port b.c - a.c; it is the
            // cable from (1,2,3) over port 1 or from (2,3,2) over port 3.
            const bool over = (a.c == 1 && a.d == 2 && b.d == 3 && b.c == 2) ||
                              (a.c == 2 && a.d == 3 && b.d == 2 && b.c == 1);
            const failure_outcome o = fate_at_failure(t, f, detours, {s, waiting_place::kInjected},
                                                      minimal_header(b), s * 7 + d);
            ASSERT_EQ(o.fate, over ? failure_fate::rerouted : failure_fate::stays)
                << t.label(a) << " -> " << t.label(b);
            if (!over) continue;
            ++rerouted;
            const walk_result w = walk(t, a, o.hdr);
            ASSERT_TRUE(w.error.empty()) << w.error;
            ASSERT_EQ(w.destinations, std::vector<router_id>{d});
            EXPECT_FALSE(route_crosses_failure(t, f, a, o.hdr));
        }
    EXPECT_EQ(rerouted, 2 * 8 * 8);  // per direction: any p, any p'
}

// A packet already in the network keeps the channel order (core/decoding/vc.h): a detour from a
// link buffer or the hold stage must arrive with a b below the one it waits with; from an
// injection buffer any detour will do.
TEST(FailureAtStep, ADetourFromALinkBufferMustDescend) {
    header h, d;
    h.b = 3;
    d.b = 4;  // a minimal packet at its first router, the detour (4; dst, C)
    EXPECT_FALSE(detour_descends({0, 2, 3}, h, d));
    EXPECT_FALSE(detour_descends({0, waiting_place::kHeld, 0}, h, d));
    EXPECT_TRUE(detour_descends({0, waiting_place::kInjected, 0}, h, d));
    h.b = 4;  // arrived with 4 (UGAL's (5; ...) after one hop): 4 - 1 = 3 < 4
    EXPECT_TRUE(detour_descends({0, 2, 4}, h, d));
    d.b = 5;
    EXPECT_FALSE(detour_descends({0, 2, 4}, h, d));
    // A minimal route over the failed cable, waiting in a link buffer: lost, not rerouted.
    const topology t(4, 8);
    cable c;
    const link_faults f = one_global_cable(t, c);
    const detour_finder detours(t, f);
    const router_id s = t.id({1, 2, 0}), dst = t.id({2, 3, 5});  // l-g-l over the cable
    EXPECT_EQ(fate_at_failure(t, f, detours, {s, 3, 3}, minimal_header(t.at(dst)), 0).fate,
              failure_fate::no_descending_detour);
    EXPECT_EQ(fate_at_failure(t, f, detours, {s, waiting_place::kInjected, 0},
                              minimal_header(t.at(dst)), 0)
                  .fate,
              failure_fate::rerouted);
}

TEST(FailureAtStep, AFailedRouterTakesWhatItHoldsAndWhatGoesToIt) {
    const topology t(4, 8);
    const router_id down = t.id({3, 1, 4});
    const link_faults f(t, {}, {down});
    const detour_finder detours(t, f);
    for (int in = -2; in < t.link_ports(); ++in)
        EXPECT_EQ(fate_at_failure(t, f, detours, {down, in}, minimal_header({0, 0, 0}), 0).fate,
                  failure_fate::in_failed_router);
    // From anywhere else to it: no route; to anywhere else: a route (stays or a detour).
    for (router_id s = 0; s < t.routers(); ++s) {
        if (s == down) continue;
        EXPECT_EQ(
            fate_at_failure(t, f, detours, {s, waiting_place::kHeld}, minimal_header(t.at(down)), s)
                .fate,
            failure_fate::no_route);
        const router_id other =
            (s + 1) % t.routers() == down ? (s + 2) % t.routers() : (s + 1) % t.routers();
        EXPECT_FALSE(lost(fate_at_failure(t, f, detours, {s, waiting_place::kInjected},
                                          minimal_header(t.at(other)), s)
                              .fate));
    }
}

// A source vector mid-way keeps its launch's ports (only b is lowered): where it leads is walked
// from where it waits. (0,3;1,5,2) from (1,2,3) goes local 2 to (1,2,5), global 1 to (2,5,2),
// local 5 to (2,5,7) (section 8: (c + gamma, p + delta, d + pi)); waiting at (1,2,5) as
// (0,2;1,5,2) and at (2,5,2) as (0,1;1,5,2) it still leads there.
TEST(FailureAtStep, ASourceVectorMidWayLeadsWhereItWasLaunchedTo) {
    const topology t(4, 8);
    const router_id dst = t.id({2, 5, 7});
    EXPECT_EQ(
        waiting_destination(t, t.id({1, 2, 3}), make_source_vector_header(false, 3, {1, 5, 2})),
        dst);
    EXPECT_EQ(
        waiting_destination(t, t.id({1, 2, 5}), make_source_vector_header(false, 2, {1, 5, 2})),
        dst);
    EXPECT_EQ(
        waiting_destination(t, t.id({2, 5, 2}), make_source_vector_header(false, 1, {1, 5, 2})),
        dst);
    EXPECT_EQ(
        waiting_destination(t, t.id({2, 5, 7}), make_source_vector_header(false, 0, {1, 5, 2})),
        dst);
    EXPECT_EQ(
        waiting_destination(t, t.id({1, 2, 3}), make_source_vector_header(true, 3, {0, 0, 0})),
        std::nullopt);
}

TEST(FailureAtStep, StepAfterTheSpec) {
    EXPECT_EQ(split_fault_step("random:3", "--fail-links").at, std::nullopt);
    const timed_fault_spec s = split_fault_step("random:3@120", "--fail-links");
    EXPECT_EQ(s.spec, "random:3");
    EXPECT_EQ(s.at, 120u);
    EXPECT_THROW(split_fault_step("random:3@soon", "--fail-links"), std::invalid_argument);
    EXPECT_THROW(split_fault_step("random:3@", "--fail-links"), std::invalid_argument);
    EXPECT_THROW(split_fault_step("@5", "--fail-links"), std::invalid_argument);
    EXPECT_THROW(fault_step("random:1@5", "random:1@6"), std::invalid_argument);
    EXPECT_EQ(fault_step("random:1@5", ""), 5u);
    EXPECT_EQ(fault_step("", "random:1"), std::nullopt);
}

}  // namespace
}  // namespace d3
