// A node that replays a plan every header of which the ledger launches in its closed form
// (ledger::closed_form) launches them through ledger::launch_closed_form, without the header's
// tests: the plan must be checked whole, once, and any other plan found otherwise.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "core/network/dragonfly.h"
#include "core/run/ledger.h"
#include "core/workload/schedule.h"

namespace d3 {
namespace {

std::vector<slot> plan_of(const std::vector<header>& headers) {
    std::vector<slot> plan(headers.size() + 1);  // and a delay (an empty slot) at the end
    for (std::size_t i = 0; i < headers.size(); ++i) plan[i].launches.push_back({headers[i]});
    return plan;
}

TEST(LedgerPlan, AClosedFormPlanHoldsOnlyValidThreeHopUnicastSourceVectors) {
    const topology t(2, 4);
    ledger l(t);
    const header ok = make_source_vector_header(false, 3, {1, 2, 3});
    EXPECT_TRUE(l.closed_form(plan_of({ok, ok})));
    EXPECT_TRUE(l.closed_form(all_to_all_schedule(2, 4, schedule_kind::paper).slots));
    EXPECT_TRUE(l.closed_form(std::vector<slot>{}));
    // One header of another kind anywhere in the plan: the plan is not in closed form.
    for (const header& other : {make_source_vector_header(true, 3, {0, 0, 0}),   // broadcast
                                make_source_vector_header(false, 2, {1, 2, 3}),  // 2 hops
                                make_source_vector_header(false, 3, {2, 0, 0}),  // gamma >= k
                                make_source_vector_header(false, 3, {0, 4, 0}),  // pi >= m
                                make_source_vector_header(false, 3, {0, 0, 4}),  // delta >= m
                                make_destination_header(3, {1, 2, 3})}) {
        EXPECT_FALSE(l.closed_form(plan_of({ok, other}))) << to_string(other);
        EXPECT_FALSE(l.closed_form(plan_of({other, ok}))) << to_string(other);
    }
    // Not on an MDF network, whose source vectors the closed form does not describe.
    const topology mdf(std::make_shared<const dragonfly>(2, 4, arrangement::palmtree));
    ledger on_mdf(mdf);
    EXPECT_FALSE(on_mdf.closed_form(plan_of({ok})));
}

// A plan found in closed form once is known by its address (the all-to-all's nodes share one);
// another plan, even at a later call, is checked on its own.
TEST(LedgerPlan, APlanFoundInClosedFormIsKeptAndAnotherCheckedAgain) {
    const topology t(2, 4);
    ledger l(t);
    const header ok = make_source_vector_header(false, 3, {1, 2, 3});
    const std::vector<slot> shared = plan_of({ok});
    const std::vector<slot> bad = plan_of({make_source_vector_header(false, 3, {2, 0, 0})});
    EXPECT_TRUE(l.closed_form(shared));
    EXPECT_FALSE(l.closed_form(bad));
    EXPECT_TRUE(l.closed_form(shared));
    EXPECT_FALSE(l.closed_form(bad));
}

// launch_closed_form records the message launch() does: the same destination, checked on
// delivery.
TEST(LedgerPlan, AClosedFormLaunchIsTheLaunchOfItsHeader) {
    const topology t(2, 4);
    ledger l(t);
    const coord src{1, 2, 3};
    const header h = make_source_vector_header(false, 3, {1, 3, 2});
    const auto general = l.launch(t.id(src), h);
    const auto closed = l.launch_closed_form(t.id(src), src, h);
    const router_id dst = t.id(t.destination_in_range(src, {1, 3, 2}));
    for (const auto msg : {general, closed}) {
        EXPECT_EQ(l.deliver(msg, (dst + 1) % t.routers()), ledger::receipt::misrouted);
        EXPECT_EQ(l.deliver(msg, dst), ledger::receipt::ok);
        EXPECT_EQ(l.deliver(msg, dst), ledger::receipt::duplicate);
    }
    const auto s = l.summarize();
    EXPECT_EQ(s.injected, 2u);
    EXPECT_EQ(s.delivered, 2u);
    EXPECT_EQ(s.duplicated, 2u);
    EXPECT_EQ(s.misrouted, 2u);
}

}  // namespace
}  // namespace d3
