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

// Packets of both hold times leave in the order they entered, whichever lane holds them; a packet
// that stays (lost, or waiting for a credit) keeps its place; next_work reads a lane up to its
// first packet not ready.
TEST(HoldStage, LanesKeepTheOrderOfEntry) {
    using slow = paper_step<mdf_network, true>;  // the lanes of a router with slow links
    router_params p;
    p.local_latency = 3;  // holds of 3 (local) and 5 (global) cycles
    p.global_latency = 5;
    hold_stage h("hold_stage", p);
    packet a, b, c, d;
    h.begin_step<slow>();
    h.admit<slow>(&a, 0, action::global);  // ready at 5
    h.admit<slow>(&b, 0, action::local);   // 3
    h.commit<slow>();
    h.begin_step<slow>();
    h.admit<slow>(&c, 1, action::local);   // 4
    h.admit<slow>(&d, 1, action::global);  // 6
    h.commit<slow>();
    EXPECT_EQ(h.next_work<slow>(1), 3u);
    request_list r;
    h.begin_step<slow>();
    h.collect<slow>(5, 9, r);
    ASSERT_EQ(r.size(), 3u);
    EXPECT_EQ(r[0].e->pkt, &a);
    EXPECT_EQ(r[1].e->pkt, &b);
    EXPECT_EQ(r[2].e->pkt, &c);
    r[1].e->done = true;  // b leaves, a waits for a credit, c lost
    r[0].e->stalled = true;
    EXPECT_TRUE(h.commit<slow>());
    EXPECT_EQ(h.size(), 3u);
    ASSERT_EQ(h.held().size(), 3u);
    EXPECT_EQ(h.held()[0]->pkt, &a);
    EXPECT_EQ(h.held()[1]->pkt, &c);
    EXPECT_EQ(h.held()[2]->pkt, &d);
    EXPECT_EQ(h.next_work<slow>(5), 6u);  // c
    r.clear();
    h.begin_step<slow>();
    h.collect<slow>(6, 9, r);
    ASSERT_EQ(r.size(), 3u);
    EXPECT_EQ(r[1].e->pkt, &c);
    EXPECT_EQ(r[2].e->pkt, &d);
    r[1].e->done = true;
    r[2].e->done = true;
    EXPECT_TRUE(h.commit<slow>());
    EXPECT_EQ(h.next_work<slow>(6), calendar::kNever);  // a waits for a credit
}

}  // namespace
}  // namespace d3
