// Hold stage: hold times per hop kind, room, entry order, commit.
#include "sc/router/hold_stage.h"

#include <gtest/gtest.h>

#include "core/containers/calendar.h"

namespace d3 {
namespace {

TEST(HoldStage, AHoldLastsTheHopItReplaces) {
    router_params p;
    p.pipeline = pipeline_of_stages(3);
    p.local_latency = 2;
    p.global_latency = 7;
    hold_stage h("hold_stage", p);
    EXPECT_EQ(h.hold_time(action::local), 4u);
    EXPECT_EQ(h.hold_time(action::broadcast_local), 4u);
    EXPECT_EQ(h.hold_time(action::global), 9u);
    EXPECT_EQ(h.hold_time(action::broadcast_global), 9u);
    EXPECT_EQ(hold_stage("paper", router_params{}).hold_time(action::global), 1u);
    // The route stage's own cycles are not part of it: a held packet is routed again after it.
    p.pipeline = {3, 1, 2};
    EXPECT_EQ(hold_stage("staged", p).hold_time(action::local), 1u + 2u + 2u);
    EXPECT_EQ(hold_stage("staged", p).hold_time(action::global), 1u + 2u + 7u);
}

TEST(HoldStage, PacketsEnterAtTheEndOfTheStepAndLeaveInOrder) {
    hold_stage h("hold_stage", router_params{});
    packet a, b;
    h.begin_step();
    ASSERT_TRUE(h.take_room());
    h.admit(&a, 10, action::local);
    h.admit(&b, 10, action::global);
    request_list r;
    h.collect(11, 7, r);
    EXPECT_TRUE(r.empty());  // not yet in: entering packets are taken in by commit()
    EXPECT_TRUE(h.commit());
    EXPECT_EQ(h.size(), 2u);
    EXPECT_EQ(h.next_work(10), 11u);
    h.collect(11, 7, r);
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].e->pkt, &a);
    EXPECT_EQ(r[1].e->pkt, &b);
    EXPECT_EQ(r[0].source, 7u);
    r[0].e->done = true;
    EXPECT_TRUE(h.commit());
    EXPECT_EQ(h.size(), 1u);
    EXPECT_EQ(h.entered(), 2u);
}

TEST(HoldStage, CapacityBoundsTheRoomOfAStep) {
    router_params p;
    p.hold_capacity = 2;
    hold_stage h("hold_stage", p);
    packet a;
    h.begin_step();
    h.admit(&a, 0, action::local);
    h.commit();
    h.begin_step();
    EXPECT_TRUE(h.take_room());
    EXPECT_FALSE(h.take_room());  // one held, one place left
    hold_stage unbounded("unbounded", router_params{});
    unbounded.begin_step();
    for (int i = 0; i < 1000; ++i) EXPECT_TRUE(unbounded.take_room());
    EXPECT_EQ(unbounded.next_work(0), calendar::kNever);
}

TEST(HoldStage, EachServiceClassHasItsOwnCapacity) {
    router_params p;
    p.hold_capacity = 1;
    p.service_classes = 2;
    hold_stage h("hold_stage", p);
    packet standard;
    standard.service = 1;
    h.begin_step();
    ASSERT_TRUE(h.take_room(1));
    h.admit(&standard, 0, action::local);
    h.commit();
    h.begin_step();
    EXPECT_FALSE(h.take_room(1));  // the standard class's place is taken
    EXPECT_TRUE(h.take_room(0));   // the privileged class's is not
    EXPECT_FALSE(h.take_room(0));
}

}  // namespace
}  // namespace d3
