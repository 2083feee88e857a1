// Output unit: credits per output and VC, credits on their way back, hop delays, ejection room,
// occupancy as UGAL reads it, protocol checks on return values.
#include "sc/router/output_unit.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/containers/calendar.h"
#include "far_end.h"

namespace d3 {
namespace {

using test::far_end;

struct output_fixture {
    router_params p;
    router_stats stats;
    far_end g0, l1, node;
    std::unique_ptr<output_unit> out;
    explicit output_fixture(int local_latency = 1) {
        p.buffer_depth = 2;
        p.pipeline = pipeline_of_stages(2);
        p.local_latency = local_latency;
        p.global_latency = 5;
        p.ejection_width = 1;
        out = std::make_unique<output_unit>("output_unit", output_unit::setup{1, 2, 2, &p}, stats);
        out->bind({&g0, &l1}, &node);
    }
};

TEST(OutputUnit, SendingSpendsACreditOfItsVirtualChannelAndTakesTheHopDelay) {
    output_fixture f;
    packet a, b;
    f.out->send(0, 1, &a, 0);
    f.out->send(1, 0, &b, 0);
    ASSERT_EQ(f.g0.got.size(), 1u);
    EXPECT_EQ(f.g0.got[0].first.vc, 1);
    EXPECT_EQ(f.g0.got[0].second, cycles(6));  // one extra stage plus the global link
    EXPECT_EQ(f.l1.got[0].second, cycles(2));
    EXPECT_EQ(f.out->credits(0, 1), 1);
    EXPECT_EQ(f.out->credits(0, 0), 2);
    EXPECT_EQ(f.out->occupancy(0, 0), 1);
    EXPECT_EQ(a.hops, 1u);
    // One-flit packets: each link counts its flits, from which the router works out its hops.
    EXPECT_EQ(f.out->link_flits(0), 1u);
    EXPECT_EQ(f.out->link_flits(1), 1u);
    EXPECT_EQ(f.out->link_flits_total(), 2u);
    EXPECT_EQ(f.stats.hops, 0u);
}

TEST(OutputUnit, WhatACreditTouchesSharesOneCacheLine) {
    // The router downstream's credit reads these fields, cold (docs/performance.md, tenth round).
    output_fixture f;
    EXPECT_TRUE(f.out->credit_fields_share_a_line());
}

TEST(OutputUnit, CreditsBecomeUsableWhenTheyArrive) {
    output_fixture f;
    packet a, b;
    f.out->send(0, 0, &a, 0);
    f.out->send(0, 0, &b, 0);
    EXPECT_FALSE(f.out->has_packet_credits(0, 0, 1));
    EXPECT_EQ(f.out->credits_outstanding(), 2u);  // both packets downstream
    f.out->credit_arrived(0, 0, 7);
    EXPECT_EQ(f.out->credits_outstanding(), 1u);  // one credit on its way back
    EXPECT_EQ(f.out->next_credit(3), 7u);
    f.out->return_credits(6);
    EXPECT_FALSE(f.out->has_packet_credits(0, 0, 1));
    f.out->return_credits(7);
    EXPECT_TRUE(f.out->has_packet_credits(0, 0, 1));
    EXPECT_EQ(f.out->credits_outstanding(), 1u);
    EXPECT_EQ(f.out->next_credit(7), calendar::kNever);
}

TEST(OutputUnit, ACreditArrivesInPlaceAsCreditArrivedRecordsIt) {
    output_fixture f(5);  // links of one latency: one ring
    packet a, b, c, d;
    f.out->send(0, 0, &a, 0);
    f.out->send(0, 0, &b, 0);
    f.out->send(1, 0, &c, 0);
    f.out->send(1, 0, &d, 0);
    EXPECT_FALSE(f.out->credit_arrived_in_place(0, 0, 7));  // the ring owns no storage yet
    EXPECT_EQ(f.out->credits_outstanding(), 4u);
    f.out->credit_arrived(0, 0, 7);
    EXPECT_TRUE(f.out->credit_arrived_in_place(1, 0, 8));
    EXPECT_FALSE(f.out->credit_arrived_in_place(0, 0, 6));  // before the last one: inserted
    EXPECT_EQ(f.out->credits_outstanding(), 2u);
    EXPECT_EQ(f.out->next_credit(3), 7u);
    f.out->return_credits(7);
    EXPECT_TRUE(f.out->has_packet_credits(0, 0, 1));
    EXPECT_FALSE(f.out->has_packet_credits(1, 0, 1));
    f.out->return_credits(8);
    EXPECT_TRUE(f.out->has_packet_credits(1, 0, 1));
    EXPECT_EQ(f.out->next_credit(8), calendar::kNever);
}

// What UGAL reads at launch: a credit that came back while the router was idle (it makes credits
// usable only when it steps) counts as back from the cycle after it arrived, as it would for a
// router that steps in every cycle. An audit found idle routers showing such a phantom queue for
// thousands of cycles, so that UGAL deflected packets in an empty network (2026-11-25).
TEST(OutputUnit, OccupancyCountsTheCreditsThatArrivedWhileIdle) {
    output_fixture f;
    packet a, b, c;
    f.out->send(0, 0, &a, 0);
    f.out->send(0, 1, &b, 0);
    f.out->send(1, 0, &c, 0);
    f.out->credit_arrived(0, 1, 7);
    f.out->credit_arrived(1, 0, 9);
    EXPECT_EQ(f.out->occupancy(0, 7), 2);  // arrives in cycle 7: seen from the end of it
    EXPECT_EQ(f.out->occupancy(0, 8), 1);
    EXPECT_EQ(f.out->occupancy(0, 1000), 1);  // long idle: still counted once
    EXPECT_EQ(f.out->occupancy(1, 8), 1);     // another output's credit is its own
    EXPECT_EQ(f.out->occupancy(1, 10), 0);
    f.out->return_credits(7);  // the router steps: the same figures
    EXPECT_EQ(f.out->occupancy(0, 8), 1);
    EXPECT_EQ(f.out->occupancy(1, 8), 1);
}

TEST(OutputUnit, EjectionRoomAndTheNodesAnswer) {
    output_fixture f;
    packet a;
    f.node.answer = tlm::TLM_COMPLETED;
    f.out->begin_step();
    EXPECT_TRUE(f.out->take_eject_room(a));
    EXPECT_FALSE(f.out->take_eject_room(a));  // ejection width 1
    f.out->eject(&a);
    EXPECT_EQ(f.node.got.size(), 1u);
    EXPECT_EQ(f.node.got[0].second,
              cycles(1));  // through the traverse stage (core/router/pipeline.h)
    EXPECT_EQ(f.stats.ejected, 1u);
    f.node.answer = tlm::TLM_ACCEPTED;  // a node must consume what it receives
    EXPECT_THROW(f.out->eject(&a), sc_core::sc_report);
    f.g0.answer = tlm::TLM_COMPLETED;  // a link must accept
    EXPECT_THROW(f.out->send(0, 0, &a, 0), sc_core::sc_report);
}

TEST(OutputUnit, MoreCreditsThanTheDepthIsAProtocolError) {
    output_fixture f;
    packet a;
    f.out->send(1, 0, &a, 0);
    f.out->credit_arrived(1, 0, 1);  // a's slot, freed
    f.out->credit_arrived(1, 0, 2);  // one too many: found when it would become usable
    f.out->return_credits(1);
    EXPECT_EQ(f.out->credits(1, 0), 2);
    EXPECT_THROW(f.out->return_credits(2), sc_core::sc_report);
    EXPECT_EQ(f.out->credits(1, 0), 2);  // the depth, not more
}

}  // namespace
}  // namespace d3

namespace d3 {
namespace {

// Links of two latencies (global 5, local 1): each link's credits come back in due order, but a
// local credit is due before the global credits already on their way. They wait in a ring per
// latency, so neither is sorted past the other's, and each becomes usable at its own cycle.
TEST(OutputUnit, CreditsOfTwoLinkLatenciesWaitInTheirOwnRings) {
    output_fixture f;  // global 0 (latency 5), local 1 (latency 1)
    EXPECT_FALSE(f.out->separate_ring(0));
    EXPECT_TRUE(f.out->separate_ring(1));
    packet a, b, c;
    f.out->send(0, 0, &a, 0);
    f.out->send(0, 1, &b, 0);
    f.out->send(1, 0, &c, 0);
    f.out->credit_arrived(0, 0, 20);
    f.out->credit_arrived(0, 1, 21);
    f.out->credit_arrived(1, 0, 12);  // before the global ones: appended to its own ring
    EXPECT_EQ(f.out->local_credits_returning(), 1u);
    EXPECT_EQ(f.out->credits_outstanding(), 0u);
    EXPECT_EQ(f.out->next_credit(3), 12u);
    EXPECT_EQ(f.out->occupancy(1, 13), 0);  // due before 13: counted as back
    EXPECT_EQ(f.out->occupancy(0, 13), 2);
    f.out->return_credits(12);
    EXPECT_EQ(f.out->credits(1, 0), 2);
    EXPECT_EQ(f.out->credits(0, 0), 1);
    EXPECT_EQ(f.out->next_credit(12), 20u);
    f.out->return_credits(21);
    EXPECT_EQ(f.out->credits(0, 0), 2);
    EXPECT_EQ(f.out->credits(0, 1), 2);
    EXPECT_EQ(f.out->next_credit(21), calendar::kNever);
}

TEST(OutputUnit, LinksOfOneLatencyShareOneRing) {
    router_params p;
    p.local_latency = p.global_latency = 3;
    router_stats stats;
    output_unit out("output_unit", output_unit::setup{1, 2, 1, &p}, stats);
    EXPECT_FALSE(out.separate_ring(0));
    EXPECT_FALSE(out.separate_ring(1));
}

// A file network's links, each of its own latency (output_unit::setup::link_latencies): 3, 1, 7
// and 1 cycles on outputs 0 to 3. Each hop takes its link's latency after the pipeline's cycle,
// and the credits wait in a ring per latency (three rings), each usable at its own cycle whatever
// order they arrive in across the rings.
TEST(OutputUnit, LinksOfThreeLatenciesTakeTheirOwnDelaysAndRings) {
    router_params p;
    p.buffer_depth = 2;
    p.pipeline = pipeline_of_stages(2);  // one cycle after the grant (as output_fixture's)
    p.local_latency = p.global_latency = 7;
    router_stats stats;
    far_end o0, o1, o2, o3, node;
    output_unit::setup s{4, 4, 1, &p};
    s.link_latencies = {3, 1, 7, 1};
    output_unit out("output_unit", s, stats);
    out.bind({&o0, &o1, &o2, &o3}, &node);
    EXPECT_EQ(out.credit_rings(), 3u);
    EXPECT_FALSE(out.one_separate_ring());  // each credit into its latency's ring by the table
    for (int o = 0; o < 4; ++o) EXPECT_TRUE(out.separate_ring(o));
    packet a, b, c, d;
    out.send(0, 0, &a, 0);
    out.send(1, 0, &b, 0);
    out.send(2, 0, &c, 0);
    out.send(3, 0, &d, 0);
    EXPECT_EQ(o0.got.at(0).second, cycles(1 + 3));
    EXPECT_EQ(o1.got.at(0).second, cycles(1 + 1));
    EXPECT_EQ(o2.got.at(0).second, cycles(1 + 7));
    EXPECT_EQ(o3.got.at(0).second, cycles(1 + 1));
    // Arrivals in the order of the routers downstream, each ring in its own due order.
    out.credit_arrived(2, 0, 16);
    out.credit_arrived(0, 0, 8);
    out.credit_arrived(1, 0, 4);
    out.credit_arrived(3, 0, 5);
    EXPECT_EQ(out.credits_outstanding(), 0u);
    EXPECT_EQ(out.next_credit(0), 4u);
    EXPECT_EQ(out.occupancy(2, 16), 1);  // due at 16: not before it
    EXPECT_EQ(out.occupancy(2, 17), 0);
    const auto usable = [&] {
        std::vector<int> u;
        for (int o = 0; o < 4; ++o) u.push_back(out.credits(o, 0));
        return u;
    };
    out.return_credits(4);
    EXPECT_EQ(usable(), (std::vector<int>{1, 2, 1, 1}));
    EXPECT_EQ(out.next_credit(4), 5u);
    out.return_credits(8);
    EXPECT_EQ(usable(), (std::vector<int>{2, 2, 1, 2}));
    EXPECT_EQ(out.next_credit(8), 16u);
    out.return_credits(16);
    EXPECT_EQ(usable(), (std::vector<int>{2, 2, 2, 2}));
    EXPECT_EQ(out.next_credit(16), calendar::kNever);
}

// Per-output latencies of two values take two rings, by the table; of one value one ring, each
// credit appended in place.
TEST(OutputUnit, LinksOfOneOrTwoLatenciesKeepOneOrTwoRings) {
    router_params p;
    router_stats stats;
    output_unit::setup s{3, 3, 1, &p};
    s.link_latencies = {2, 5, 2};
    output_unit two("output_unit", s, stats);
    EXPECT_EQ(two.credit_rings(), 2u);
    EXPECT_FALSE(two.one_separate_ring());
    far_end o0, o1, o2, node;
    two.bind({&o0, &o1, &o2}, &node);
    packet a, b, c;
    two.send(0, 0, &a, 0);
    two.send(1, 0, &b, 0);
    two.send(2, 0, &c, 0);
    two.credit_arrived(1, 0, 9);
    two.credit_arrived(0, 0, 3);
    two.credit_arrived(2, 0, 4);
    EXPECT_EQ(two.next_credit(0), 3u);
    two.return_credits(4);
    EXPECT_EQ(two.credits(0, 0), p.buffer_depth);
    EXPECT_EQ(two.credits(1, 0), p.buffer_depth - 1);
    EXPECT_EQ(two.credits(2, 0), p.buffer_depth);
    EXPECT_EQ(two.next_credit(4), 9u);
    s.link_latencies = {4, 4, 4};
    output_unit one("output_unit", s, stats);
    EXPECT_EQ(one.credit_rings(), 1u);
    EXPECT_TRUE(one.one_separate_ring());
    for (int o = 0; o < 3; ++o) EXPECT_FALSE(one.separate_ring(o));
}

}  // namespace
}  // namespace d3
