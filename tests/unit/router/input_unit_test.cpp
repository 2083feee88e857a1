// Input unit: buffer order, ready times, injection lanes, release and credits, lazy storage.
#include "sc/router/input_unit.h"

#include <gtest/gtest.h>

#include <memory>

#include "core/containers/calendar.h"

namespace d3 {
namespace {

input_unit::setup two_ports(int vcs) {
    input_unit::setup s;
    s.link_inputs = 2;
    s.vcs = vcs;
    s.buffer_depth = 3;
    s.injection_depth = 4;
    s.injection_width = 2;
    return s;
}

TEST(InputUnit, WhatAnArrivalTouchesSharesOneCacheLine) {
    // Another router's receive reads these fields, cold (docs/performance.md, tenth round); on the
    // heap as in a router, and with several channels.
    auto u = std::make_unique<input_unit>("input_unit", two_ports(2));
    EXPECT_TRUE(u->arrival_fields_share_a_line());
}

TEST(InputUnit, CollectsReadyHeadsInBufferOrderThenInjectionLanes) {
    input_unit u("input_unit", two_ports(2));
    packet a, b, c, d, e;
    ASSERT_TRUE(u.accept(u.fifo_index(1, 1), &a, 5));
    ASSERT_TRUE(u.accept(u.fifo_index(0, 0), &b, 5));
    ASSERT_TRUE(u.accept(u.fifo_index(0, 0), &c, 5));  // behind b: not a head
    ASSERT_TRUE(u.accept(u.injection(), &d, 5));
    ASSERT_TRUE(u.accept(u.injection(), &e, 6));  // not ready at 5
    request_list r;
    u.collect(4, r);
    EXPECT_TRUE(r.empty());
    u.collect(5, r);
    ASSERT_EQ(r.size(), 3u);
    EXPECT_EQ(r[0].e->pkt, &b);
    EXPECT_EQ(r[0].source, static_cast<std::uint32_t>(u.fifo_index(0, 0)));
    EXPECT_EQ(r[1].e->pkt, &a);
    EXPECT_EQ(r[2].e->pkt, &d);
    EXPECT_EQ(u.occupancy(), 5u);
    EXPECT_EQ(u.port_occupancy(0), 2u);
    EXPECT_EQ(u.port_occupancy(2), 2u);  // the injection port
}

TEST(InputUnit, ReleaseFreesServedSlotsAndReturnsOneCreditEach) {
    input_unit u("input_unit", two_ports(1));
    packet a, b, c;
    u.accept(u.fifo_index(1, 0), &a, 0);
    u.accept(u.fifo_index(1, 0), &b, 0);
    u.accept(u.injection(), &c, 0);
    request_list r;
    u.collect(0, r);
    ASSERT_EQ(r.size(), 2u);
    r[0].e->done = true;  // a was served; c was not
    std::vector<int> freed;
    std::vector<std::pair<int, std::size_t>> changed;
    u.release(
        r, [&](int f, int) { freed.push_back(f); },
        [&](int f) {
            const int port = u.input_of(f);
            changed.emplace_back(port, u.port_occupancy(port));
        });
    EXPECT_EQ(freed, std::vector<int>{u.fifo_index(1, 0)});
    ASSERT_EQ(changed.size(), 1u);
    EXPECT_EQ(changed[0], std::make_pair(1, std::size_t{1}));
    EXPECT_EQ(u.head(u.fifo_index(1, 0)).pkt, &b);
    EXPECT_EQ(u.occupancy(), 2u);
}

TEST(InputUnit, PaperStepCollectAndReleaseMatchTheGeneralOnes) {
    // One class, one-flit packets (the paper router's step, paper_step): collect and release see
    // and free what the general ones (any_step) do.
    std::vector<std::vector<int>> freed(2);
    std::vector<std::size_t> left(2);
    for (int plain = 0; plain < 2; ++plain) {
        input_unit u("input_unit", two_ports(2));
        packet a, b, c, d, e;
        u.accept(u.fifo_index(1, 1), &a, 0);
        u.accept(u.fifo_index(1, 1), &b, 0);
        u.accept(u.fifo_index(0, 0), &c, 0);
        u.accept(u.injection(), &d, 0);
        u.accept(u.injection(), &e, 0);
        request_list r;
        if (plain)
            u.collect<paper_step<d3_network>>(0, r);
        else
            u.collect(0, r);
        ASSERT_EQ(r.size(), 4u);  // c, a, then the injection lanes d and e
        r[1].e->done = true;      // a
        r[3].e->done = true;      // e, behind d
        const auto f = [&](int fifo, int) {
            freed[static_cast<std::size_t>(plain)].push_back(fifo);
        };
        if (plain)
            u.release<paper_step<d3_network>>(r, f, [](int) {});
        else
            u.release(r, f, [](int) {});
        left[static_cast<std::size_t>(plain)] = u.occupancy();
        EXPECT_EQ(u.head(u.fifo_index(1, 1)).pkt, &b);
        EXPECT_EQ(u.head(u.injection()).pkt, &d);
    }
    EXPECT_EQ(freed[1], freed[0]);
    EXPECT_EQ(freed[0], (std::vector<int>{3, 4}));  // fifo_index(1, 1), then the injection buffer
    EXPECT_EQ(left[1], left[0]);
    EXPECT_EQ(left[0], 3u);
}

TEST(InputUnit, AcceptInPlaceTakesWhatFitsTheStorageAsAcceptDoes) {
    input_unit u("input_unit", two_ports(1));  // link buffers of depth 3: storage 2, then 4
    const int f = u.fifo_index(1, 0);
    packet a, b, c, d;
    EXPECT_FALSE(u.accept_in_place(f, &a, 2));  // no storage yet: accept grows it
    EXPECT_EQ(u.occupancy(), 0u);
    ASSERT_TRUE(u.accept(f, &a, 2));
    ASSERT_TRUE(u.accept_in_place(f, &b, 3));
    EXPECT_FALSE(u.accept_in_place(f, &c, 4));  // the storage is full
    ASSERT_TRUE(u.accept(f, &c, 4));
    EXPECT_FALSE(u.accept_in_place(f, &d, 5));  // the buffer is full
    EXPECT_EQ(u.occupancy(), 3u);
    EXPECT_EQ(u.size(f), 3u);
    request_list r;
    u.collect(2, r);
    ASSERT_EQ(r.size(), 1u);
    r[0].e->done = true;
    u.release(
        r, [](int, int) {}, [](int) {});
    ASSERT_TRUE(u.accept_in_place(f, &d, 5));
    const entry& e = u.head(f);  // b, as accept_in_place left it: a fresh arrival
    EXPECT_EQ(e.pkt, &b);
    EXPECT_EQ(e.ready, 3u);
    EXPECT_FALSE(e.decoded);
    EXPECT_FALSE(e.done);
    EXPECT_FALSE(e.stalled);
    EXPECT_EQ(e.to, kEjectTarget);
    EXPECT_EQ(u.next_work(2), 3u);
    EXPECT_EQ(u.occupancy(), 3u);
    // A buffer that was empty becomes busy: its head is collected.
    input_unit v("input_unit", two_ports(1));
    ASSERT_TRUE(v.accept(f, &a, 0));
    r.clear();
    v.collect(0, r);
    r[0].e->done = true;
    v.release(
        r, [](int, int) {}, [](int) {});
    EXPECT_EQ(v.occupancy(), 0u);
    ASSERT_TRUE(v.accept_in_place(f, &b, 1));
    r.clear();
    v.collect(1, r);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].e->pkt, &b);
}

TEST(InputUnit, StalledHeadsWaitForACreditNotForTheClock) {
    input_unit u("input_unit", two_ports(1));
    packet a, b;
    u.accept(u.fifo_index(0, 0), &a, 3);
    u.accept(u.fifo_index(1, 0), &b, 9);
    EXPECT_EQ(u.next_work(1), 3u);
    request_list r;
    u.collect(3, r);
    r[0].e->stalled = true;
    EXPECT_EQ(u.next_work(3), 9u);  // the stalled head does not ask for step 4
    EXPECT_EQ(u.next_work(10), 11u);
}

TEST(InputUnit, TrackedNextWorkIsWhatTheScanFinds) {
    // A step of slow links (tracks_next) works out next_work while it collects and releases:
    // heads not ready yet, a head served with one behind it, a stalled head, one that lost.
    using slow = paper_step<mdf_network, true>;
    input_unit::setup s = two_ports(2);
    s.buffer_depth = 4;
    input_unit u("input_unit", s);
    packet p[8];
    u.accept(u.fifo_index(0, 0), &p[0], 2);  // served; p[1] behind it, ready at 7
    u.accept(u.fifo_index(0, 0), &p[1], 7);
    u.accept(u.fifo_index(0, 1), &p[2], 2);  // stalled
    u.accept(u.fifo_index(1, 0), &p[3], 12);
    u.accept(u.fifo_index(1, 1), &p[4], 2);  // lost: asks again in step 3
    u.accept(u.injection(), &p[5], 9);
    const auto step = [&](std::uint64_t t, const std::vector<int>& done,
                          const std::vector<int>& stalled) {
        request_list r;
        u.collect<slow>(t, r);
        for (int i : done) r[static_cast<std::size_t>(i)].e->done = true;
        for (int i : stalled) r[static_cast<std::size_t>(i)].e->stalled = true;
        u.release<slow>(
            r, [](int, int) {}, [](int) {});
        EXPECT_EQ(u.next_work_tracked(t), u.next_work(t)) << "step " << t;
        return u.next_work_tracked(t);
    };
    EXPECT_EQ(step(2, {0}, {1}), 3u);  // p[0] served, p[2] stalled, p[4] lost
    EXPECT_EQ(step(3, {1}, {}), 7u);   // p[4] served: p[1] is next, at 7
    EXPECT_EQ(step(7, {0}, {}), 9u);   // p[1] served; p[2] still stalled; the injection at 9
    EXPECT_EQ(step(9, {1}, {}), 12u);  // the injection entry (after the stalled p[2]) served
}

TEST(InputUnit, FullBufferRefusesAndStorageGrowsOnDemand) {
    input_unit u("input_unit", two_ports(1));
    const std::size_t empty = u.allocated_bytes();
    packet p[4];
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(u.accept(0, &p[i], 0));
    EXPECT_FALSE(u.accept(0, &p[3], 0));
    EXPECT_GT(u.allocated_bytes(), empty);
    input_unit idle("idle", two_ports(1));
    EXPECT_EQ(idle.allocated_bytes(), empty);  // nothing allocated before a packet arrives
    EXPECT_EQ(idle.next_work(0), calendar::kNever);
}

TEST(InputUnit, PrivilegedInjectionGoesFirstAndEachClassHasItsBuffer) {
    input_unit::setup s = two_ports(2);
    s.classes = 2;
    s.injection_width = 1;
    s.injection_depth = 1;
    input_unit u("input_unit", s);
    EXPECT_EQ(u.fifo_index(1, 3), 7);  // channels per input: 2 classes x 2 VCs
    EXPECT_EQ(u.injection(0), 8);
    EXPECT_EQ(u.injection(1), 9);
    EXPECT_EQ(u.buffers(), 10);
    EXPECT_EQ(u.channel_of_fifo(9),
              1);  // an injection buffer's class (its credit goes to that class)
    packet standard, privileged;
    ASSERT_TRUE(u.accept(u.injection(1), &standard, 1));
    ASSERT_TRUE(u.accept(u.injection(0), &privileged, 3));  // a standard packet does not fill it
    request_list r;
    u.collect(2, r);
    ASSERT_EQ(r.size(), 1u);  // nothing privileged yet: the standard packet takes the lane
    EXPECT_EQ(r[0].e->pkt, &standard);
    r.clear();
    u.collect(3, r);
    ASSERT_EQ(r.size(), 1u);  // one lane: the privileged packet takes it, the older one waits
    EXPECT_EQ(r[0].e->pkt, &privileged);
    r[0].e->done = true;
    std::vector<int> freed;
    u.release(
        r, [&](int f, int) { freed.push_back(f); }, [](int) {});
    EXPECT_EQ(freed, std::vector<int>{8});
    EXPECT_EQ(u.port_occupancy(2), 1u);
}

}  // namespace
}  // namespace d3

namespace d3 {
namespace {

/// The sender upstream of a buffer: records the credits it gets.
struct credit_sink final : link_bw_call {
    std::vector<std::pair<int, sc_core::sc_time>> got;  // channel, delay
    tlm::tlm_sync_enum nb_transport_bw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
        EXPECT_EQ(ph, tlm::END_REQ);
        got.emplace_back(f.vc, t);
        return tlm::TLM_ACCEPTED;
    }
};

TEST(InputUnit, ReleaseSendsEachFreedSlotsCreditOverItsOwnLink) {
    // One credit per packet served, in the channel of its buffer, over the link its input port
    // came on, after that link's delay; the injection buffer's credit to the node's channel.
    input_unit u("input_unit", two_ports(2));
    credit_sink port0, port1, node;
    const sc_core::sc_time over0 = cycles(3), over1 = cycles(5), from_node = cycles(1);
    u.bind_upstream(0, &port0, over0);  // per input port: the node's is the last (2)
    u.bind_upstream(1, &port1, over1);
    u.bind_upstream(2, &node, from_node);
    packet a, b, c;
    u.accept(u.fifo_index(1, 1), &a, 0);
    u.accept(u.fifo_index(0, 0), &b, 0);
    u.accept(u.injection(), &c, 0);
    request_list r;
    u.collect<paper_step<d3_network>>(0, r);
    ASSERT_EQ(r.size(), 3u);
    for (request& q : r) q.e->done = true;
    int changed = 0;
    u.release<paper_step<d3_network>>(r, [&](int) { ++changed; });
    EXPECT_EQ(changed, 3);
    using credit = std::pair<int, sc_core::sc_time>;
    EXPECT_EQ(port0.got, (std::vector<credit>{{0, over0}}));
    EXPECT_EQ(port1.got, (std::vector<credit>{{1, over1}}));
    EXPECT_EQ(node.got, (std::vector<credit>{{0, from_node}}));
    EXPECT_EQ(u.occupancy(), 0u);
}

TEST(InputUnit, EveryBuffersCreditGoesOverItsInputsLinkInItsChannel) {
    // Three link inputs of 2 classes x 3 VCs (6 channels) and two injection classes: a packet in
    // each buffer, each served, each credit over its input's link (the delay bound to that input)
    // in the channel it arrived in; an injection buffer's in its class's channel.
    input_unit::setup s = two_ports(3);
    s.link_inputs = 3;
    s.classes = 2;
    s.injection_width = 4;
    input_unit u("input_unit", s);
    ASSERT_EQ(u.channels(), 6);
    credit_sink link[3], node;
    for (int i = 0; i < 3; ++i) u.bind_upstream(i, &link[i], cycles(10 + i));
    u.bind_upstream(3, &node, cycles(1));
    std::vector<packet> p(static_cast<std::size_t>(3 * 6 + 2));
    std::size_t n = 0;
    for (int i = 0; i < 3; ++i)
        for (int ch = 0; ch < 6; ++ch) ASSERT_TRUE(u.accept(u.fifo_index(i, ch), &p[n++], 0));
    for (int c = 0; c < 2; ++c) ASSERT_TRUE(u.accept(u.injection(c), &p[n++], 0));
    request_list r;
    u.collect(0, r);
    ASSERT_EQ(r.size(), n);
    for (request& q : r) q.e->done = true;
    u.release(r, [](int) {});
    using credit = std::pair<int, sc_core::sc_time>;
    for (int i = 0; i < 3; ++i) {
        std::vector<credit> want;
        for (int ch = 0; ch < 6; ++ch) want.emplace_back(ch, cycles(10 + i));
        EXPECT_EQ(link[i].got, want) << "input " << i;
    }
    EXPECT_EQ(node.got, (std::vector<credit>{{0, cycles(1)}, {1, cycles(1)}}));
    EXPECT_EQ(u.occupancy(), 0u);
}

TEST(InputUnit, AMultiFlitPacketFreesOneSlotPerFlitOnePerCycle) {
    // F = 4 flits: a link buffer's F credits leave one per cycle from the read-out; the
    // injection buffer counts packets (one credit).
    router_stats stats;
    input_unit::setup s = two_ports(1);
    s.packet_length = 4;
    s.buffer_depth = 8;
    s.stats = &stats;
    input_unit u("input_unit", s);
    credit_sink port1, node;
    u.bind_upstream(0, &port1, cycles(2));
    u.bind_upstream(1, &port1, cycles(2));
    u.bind_upstream(2, &node, cycles(1));
    packet a, c;
    a.flits = 4;  // (c, in the injection buffer: one credit whatever its size)
    u.accept(u.fifo_index(1, 0), &a, 0);
    u.accept(u.injection(), &c, 0);
    request_list r;
    u.collect(0, r);
    for (request& q : r) q.e->done = true;
    u.release(r, [](int) {});
    using credit = std::pair<int, sc_core::sc_time>;
    EXPECT_EQ(port1.got, (std::vector<credit>{
                             {0, cycles(2)}, {0, cycles(3)}, {0, cycles(4)}, {0, cycles(5)}}));
    EXPECT_EQ(node.got, (std::vector<credit>{{0, cycles(1)}}));
    EXPECT_EQ(stats.flits_freed, 4u);
}

}  // namespace
}  // namespace d3
