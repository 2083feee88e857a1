// Multi-flit packets with virtual cut-through (docs/multi-flit.md) in the router's units: credits
// count flits, a packet needs room for all of its flits downstream, a link and an ejection lane
// carry one flit per cycle, a link buffer of D flits holds D / F packets and reads one flit per
// cycle, the injection lanes serialize. The expected figures are worked out by hand in each test.
#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "core/containers/calendar.h"
#include "far_end.h"
#include "sc/router/input_unit.h"
#include "sc/router/output_unit.h"

namespace d3 {
namespace {

using test::far_end;

/// A packet of `f` flits (packet::flits: the node sets it in a multi-flit network).
packet of_flits(int f) {
    packet p;
    p.flits = static_cast<std::uint8_t>(f);
    return p;
}

/// Two outputs (global 0, local 1), two VCs, 10-flit buffers downstream, packets of 4 flits.
struct outputs {
    router_params p;
    router_stats stats;
    far_end g0, l1, node;
    std::unique_ptr<output_unit> out;
    explicit outputs(int ejection_width = 0, bool records_sent = false) {
        p.buffer_depth = 10;
        p.packet_length = 4;
        p.ejection_width = ejection_width;
        out = std::make_unique<output_unit>(
            "output_unit", output_unit::setup{1, 2, 2, &p, nullptr, records_sent}, stats);
        out->bind({&g0, &l1}, &node);
    }
};

TEST(FlitCredits, APacketNeedsRoomForAllItsFlitsAndSpendsOneCreditPerFlit) {
    outputs f;
    packet a = of_flits(4), b = of_flits(4), c = of_flits(4);
    EXPECT_TRUE(f.out->can_send(0, 1, 4, 0));
    f.out->send(0, 1, &a, 0);
    EXPECT_EQ(f.out->credits(0, 1), 6);    // 10 - 4
    EXPECT_EQ(f.out->occupancy(0, 0), 4);  // flits downstream, what UGAL reads
    f.out->send(0, 1, &b, 4);
    EXPECT_EQ(f.out->credits(0, 1), 2);
    EXPECT_FALSE(
        f.out->has_packet_credits(0, 1, 4));  // 2 < 4 flits: not even the link being free helps
    EXPECT_FALSE(f.out->can_send(0, 1, 4, 100));
    EXPECT_TRUE(f.out->has_packet_credits(0, 0, 4));  // the other VC has its own 10
    // Credits come back one flit at a time; the packet may go once 4 are there.
    f.out->credit_arrived(0, 1, 20);
    f.out->return_credits(20);
    EXPECT_FALSE(f.out->can_send(0, 1, 4, 20));  // 3
    f.out->credit_arrived(0, 1, 21);
    f.out->return_credits(21);
    EXPECT_TRUE(f.out->can_send(0, 1, 4, 21));  // 4
    f.out->send(0, 1, &c, 21);
    EXPECT_EQ(f.out->credits(0, 1), 0);
    EXPECT_EQ(f.stats.hops, 3u);
    EXPECT_EQ(std::as_const(f.stats).vc_packets(1), 3u);
    EXPECT_EQ(std::as_const(f.stats).vc_packets(0), 0u);
    EXPECT_EQ(f.out->credits_outstanding(), 12u - 2u);
}

// A failure at step t (docs/resilience.md, "Failures at a step"): the packets whose tail has not
// reached the router downstream by the end of step t - 1. A packet sent in step s with F flits over
// a one-cycle link has its tail there in step s + F - 1 + 1.
TEST(FlitCredits, TheTailsStillOnALinkAreTheLastPacketsSentOnIt) {
    outputs f(0, /*records_sent=*/true);
    packet a = of_flits(4), b = of_flits(4);
    a.serial = 1;
    b.serial = 2;
    EXPECT_TRUE(f.out->tails_on(1, 0).empty());
    f.out->send(1, 0, &a, 0);  // its tail at the far end in step 4
    f.out->send(1, 0, &b, 4);  // in step 8
    using v = std::vector<std::uint64_t>;
    const auto sorted = [](v x) {
        std::sort(x.begin(), x.end());
        return x;
    };
    EXPECT_EQ(sorted(f.out->tails_on(1, 4)), (v{1, 2}));
    EXPECT_EQ(f.out->tails_on(1, 5), v{2});
    EXPECT_EQ(f.out->tails_on(1, 8), v{2});
    EXPECT_TRUE(f.out->tails_on(1, 9).empty());
    EXPECT_TRUE(f.out->tails_on(0, 4).empty());  // the other link carried nothing
    // More packets than the link keeps (F + its delay = 5): one-flit packets, one per cycle.
    std::vector<packet> ones(7, of_flits(1));
    for (std::size_t i = 0; i < ones.size(); ++i) {
        ones[i].serial = 10 + i;
        f.out->send(1, 1, &ones[i], 20 + i);  // its tail (its only flit) there in 21 + i
    }
    EXPECT_EQ(f.out->tails_on(1, 27), v{16});
    EXPECT_EQ(sorted(f.out->tails_on(1, 24)), (v{13, 14, 15, 16}));
    // Without a failure at a step nothing is kept.
    outputs plain;
    plain.out->send(1, 0, &a, 0);
    EXPECT_TRUE(plain.out->tails_on(1, 1).empty());
}

TEST(FlitCredits, ALinkCarriesOneFlitPerCycle) {
    outputs f;
    packet a = of_flits(4), b = of_flits(4);
    f.out->send(1, 0, &a, 7);  // flits on the link in cycles 7, 8, 9, 10
    for (std::uint64_t t = 7; t < 11; ++t) EXPECT_FALSE(f.out->can_send(1, 0, 4, t)) << t;
    EXPECT_TRUE(f.out->can_send(1, 0, 4, 11));
    EXPECT_TRUE(f.out->can_send(0, 0, 4, 8));   // the other link is free
    EXPECT_TRUE(f.out->can_send(1, 1, 4, 11));  // any VC once the link is free
    EXPECT_EQ(f.out->next_credit(7), 11u);      // a blocked router wakes when the link frees
    EXPECT_EQ(f.out->next_credit(11), calendar::kNever);
    f.out->send(1, 1, &b, 11);
    EXPECT_EQ(f.l1.got.size(), 2u);
    EXPECT_EQ(f.l1.got[0].second, cycles(1));  // the head: one hop later, as a one-flit packet
}

TEST(FlitCredits, TheNodeSeesTheTailAndEjectionLanesCarryOneFlitPerCycle) {
    outputs f(1);  // one ejection lane
    f.node.answer = tlm::TLM_COMPLETED;
    packet a = of_flits(4);
    f.out->begin_step(3);
    EXPECT_TRUE(f.out->take_eject_room(a));
    f.out->eject(&a);
    ASSERT_EQ(f.node.got.size(), 1u);
    EXPECT_EQ(f.node.got[0].second, cycles(3));  // tail F - 1 = 3 cycles behind the head
    EXPECT_EQ(f.stats.ejected, 1u);
    for (std::uint64_t t = 3; t < 7; ++t) {
        f.out->begin_step(t);
        EXPECT_FALSE(f.out->take_eject_room(a)) << t;
    }
    f.out->begin_step(7);
    EXPECT_TRUE(f.out->take_eject_room(a));
}

input_unit::setup flit_ports() {
    input_unit::setup s;
    s.link_inputs = 2;
    s.vcs = 1;
    s.buffer_depth = 9;  // two packets of 4 flits (a third cannot fit)
    s.packet_length = 4;
    s.injection_depth = 4;
    s.injection_width = 1;
    return s;
}

TEST(FlitBuffers, ALinkBufferHoldsWholePacketsAndReadsOneFlitPerCycle) {
    input_unit u("input_unit", flit_ports());
    packet a = of_flits(4), b = of_flits(4), c = of_flits(4);
    const int q = u.fifo_index(1, 0);
    ASSERT_TRUE(u.accept(q, &a, 5));
    ASSERT_TRUE(u.accept(q, &b, 9));    // b's head arrives behind a's 4 flits
    EXPECT_FALSE(u.accept(q, &c, 13));  // 12 flits > 9: the sender ignored its credits
    // a waits for a credit until step 20, then leaves: b's head can follow from 24 on.
    request_list r;
    u.collect(20, r);
    ASSERT_EQ(r.size(), 1u);
    r[0].e->done = true;
    int freed = 0;
    u.release(
        r, [&](int, int) { ++freed; }, [](int) {});
    EXPECT_EQ(freed, 1);  // one call per packet: the router returns its 4 flit credits
    EXPECT_EQ(u.head(q).ready, 24u);
    EXPECT_EQ(u.next_work(20), 24u);
    r.clear();
    u.collect(23, r);
    EXPECT_TRUE(r.empty());
    u.collect(24, r);
    EXPECT_EQ(r.size(), 1u);
}

// --threads: a step that keeps the buffers it empties (router.cpp's threaded_step of a multi-flit
// router).
struct replaying_step : any_step {
    static constexpr bool replays_arrivals = true;
};

// One thread takes b (from a router with a lower id) before the step that serves a: b is read
// after a's 4 flits, from 24 on, as in the test above. On the threads b comes after that step,
// into the buffer it emptied, and is taken as before it; a packet behind others, or in a buffer
// the step did not empty, keeps its ready cycle.
TEST(FlitBuffers, APacketTakenAfterTheStepIsReadAsIfTakenBefore) {
    input_unit u("input_unit", flit_ports());
    packet a = of_flits(4), b = of_flits(4), c = of_flits(1), d = of_flits(1);
    const int q = u.fifo_index(1, 0), other = u.fifo_index(0, 0);
    ASSERT_TRUE(u.accept(q, &a, 5));
    request_list r;
    u.collect<replaying_step>(20, r);
    ASSERT_EQ(r.size(), 1u);
    r[0].e->done = true;
    u.release<replaying_step>(
        r, [](int, int) {}, [](int) {});
    ASSERT_TRUE(u.accept(q, &b, 21));
    ASSERT_TRUE(u.accept(other, &c, 21));
    u.take_as_before_step(&c);  // a buffer the step did not empty
    EXPECT_EQ(u.head(other).ready, 21u);
    u.take_as_before_step(&b);
    EXPECT_EQ(u.head(q).ready, 24u);
    ASSERT_TRUE(u.accept(q, &d, 22));
    u.take_as_before_step(&d);  // behind b: read when b leaves
    EXPECT_EQ(u.head(q).ready, 24u);
    EXPECT_EQ(u.size(q), 2u);
}

TEST(FlitBuffers, AnInjectionLaneReadsOnePacketPerPacketLength) {
    input_unit u("input_unit", flit_ports());
    packet a = of_flits(4), b = of_flits(4);
    ASSERT_TRUE(u.accept(u.injection(), &a, 1));
    ASSERT_TRUE(u.accept(u.injection(), &b, 1));  // the injection buffer counts packets
    request_list r;
    u.collect(1, r);
    ASSERT_EQ(r.size(), 1u);  // one lane
    r[0].e->done = true;
    u.release(
        r, [](int, int) {}, [](int) {});
    EXPECT_EQ(u.next_work(1), 5u);  // the lane carries a's flits in cycles 1..4
    for (std::uint64_t t = 2; t < 5; ++t) {
        r.clear();
        u.collect(t, r);
        EXPECT_TRUE(r.empty()) << t;
    }
    r.clear();
    u.collect(5, r);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].e->pkt, &b);
}

TEST(FlitBuffers, OneFlitPacketsKeepThePapersRouter) {
    input_unit::setup s = flit_ports();
    s.packet_length = 1;
    s.buffer_depth = 2;
    input_unit u("input_unit", s);
    packet a, b, c;
    const int q = u.fifo_index(0, 0);
    ASSERT_TRUE(u.accept(q, &a, 0));
    ASSERT_TRUE(u.accept(q, &b, 0));
    EXPECT_FALSE(u.accept(q, &c, 0));
    request_list r;
    u.collect(3, r);
    r[0].e->done = true;
    u.release(
        r, [](int, int) {}, [](int) {});
    EXPECT_EQ(u.head(q).ready, 0u);  // b may go in the next step
    EXPECT_EQ(u.next_work(3), 4u);
}

// --packet-sizes: each packet its own size (packet::flits), the network built for the largest.
TEST(FlitCredits, PacketsOfSeveralSizesSpendAndHoldTheLinkForTheirOwnFlits) {
    outputs f(1);  // the largest size 4; one ejection lane
    f.node.answer = tlm::TLM_COMPLETED;
    packet one = of_flits(1), two = of_flits(2), four = of_flits(4);
    EXPECT_TRUE(f.out->can_send(0, 0, 1, 0));
    f.out->send(0, 0, &one, 0);                // 10 - 1
    EXPECT_TRUE(f.out->can_send(0, 0, 4, 1));  // its link free again a cycle later
    f.out->send(0, 0, &four, 1);               // 9 - 4 = 5, the link busy in 1..4
    EXPECT_FALSE(f.out->can_send(0, 0, 2, 4));
    EXPECT_TRUE(f.out->can_send(0, 0, 2, 5));
    f.out->send(0, 0, &two, 5);  // 5 - 2 = 3
    EXPECT_EQ(f.out->credits(0, 0), 3);
    EXPECT_FALSE(f.out->can_send(0, 0, 4, 7));  // 3 < 4
    EXPECT_TRUE(f.out->can_send(0, 0, 2, 7));
    EXPECT_EQ(f.stats.flits_sent, 7u);  // 1 + 4 + 2
    // The node sees each packet's tail: its own flits - 1 behind the head; the lane the same.
    f.out->begin_step(10);
    EXPECT_TRUE(f.out->take_eject_room(two));
    f.out->eject(&two);
    f.out->begin_step(11);
    EXPECT_FALSE(f.out->take_eject_room(one));  // the lane carries two's second flit
    f.out->begin_step(12);
    EXPECT_TRUE(f.out->take_eject_room(one));
    f.out->eject(&one);
    ASSERT_EQ(f.node.got.size(), 2u);
    EXPECT_EQ(f.node.got[0].second, cycles(1));
    EXPECT_EQ(f.node.got[1].second, sc_core::SC_ZERO_TIME);
    EXPECT_EQ(f.stats.flits_ejected, 3u);
}

TEST(FlitBuffers, ALinkBufferHoldsPacketsOfTheSmallestSizeAndFreesEachOnesFlits) {
    input_unit::setup s = flit_ports();  // 9 flits, the largest size 4
    s.smallest_packet = 1;
    input_unit u("input_unit", s);
    const int q = u.fifo_index(1, 0);
    std::vector<packet> ones(9, of_flits(1));
    for (packet& p : ones) ASSERT_TRUE(u.accept(q, &p, 0));  // 9 one-flit packets fit
    packet two = of_flits(2);
    EXPECT_FALSE(u.accept(q, &two, 0));
    request_list r;
    u.collect(0, r);
    r[0].e->done = true;
    int freed = 0;
    u.release(
        r, [&](int, int flits) { freed += flits; }, [](int) {});
    EXPECT_EQ(freed, 1);             // the credits of the packet's one flit
    EXPECT_EQ(u.head(q).ready, 1u);  // the next head right behind it
}

}  // namespace
}  // namespace d3
