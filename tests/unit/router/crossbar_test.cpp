// Crossbar: what a packet that won its way does as it crosses, against the units' definitions: a
// link's packet leaves in the channel of its next sync counter (min(b, vcs - 1), offset by its
// class's channels), spends that channel's credit and carries its next header; the node's keeps
// its header; the hold stage's stays for the hop it replaces; a broadcast's copies are the
// replicator's. The paper router's step (paper_step) and any configuration's (any_step) agree.
#include "sc/router/crossbar.h"

#include <gtest/gtest.h>

#include "far_end.h"

namespace d3 {
namespace {

using test::far_end;

/// Two outputs (global 0, local 1), 3 VCs per class, two classes, 4-flit buffers downstream.
struct crossbar_fixture {
    router_params p;
    router_stats stats, background;
    far_end g0, l1, node;
    packet_pool pool;
    fanout lists;
    replicator copies{"replicator", pool, lists};
    hold_stage hold{"hold_stage", p};
    static_vc_allocation vcs{3};
    router_probe probe{{}};
    std::unique_ptr<output_unit> out;
    crossbar_fixture() {
        p.buffer_depth = 4;
        out = std::make_unique<output_unit>("output_unit", output_unit::setup{1, 2, 6, &p}, stats);
        out->bind({&g0, &l1}, &node);
        node.answer = tlm::TLM_COMPLETED;  // the node takes every packet
    }
    crossbar xbar() { return crossbar({copies, *out, hold, vcs, probe, stats, background}); }
};

entry unicast(packet& p, action act, int next_b) {
    entry e;
    e.pkt = &p;
    e.dec.act = act;
    e.dec.next = p.hdr;
    e.dec.next.b = static_cast<std::uint8_t>(next_b);
    return e;
}

template <typename Step>
void a_link_packet_takes_the_channel_of_its_next_b() {
    crossbar_fixture f;
    packet a, b;
    a.hdr.b = 4;
    b.hdr.b = 2;
    b.service = 1;  // standard: channels 3..5
    entry ea = unicast(a, action::local, 3), eb = unicast(b, action::global, 1);
    EXPECT_EQ(f.xbar().traverse<Step>({&ea, 0}, 1, 5), &a);
    EXPECT_EQ(f.xbar().traverse<Step>({&eb, 1}, 0, 5), &b);
    ASSERT_EQ(f.l1.got.size(), 1u);
    ASSERT_EQ(f.g0.got.size(), 1u);
    // b = 3 with 3 VCs: the last one, vc 2 (min(b, vcs - 1)); a class-0 packet.
    EXPECT_EQ(f.l1.got[0].first.vc, 2);
    EXPECT_EQ(f.out->credits(1, 2), 3);  // 4 - 1
    EXPECT_EQ(a.hdr.b, 3);               // it carries its next header
    EXPECT_TRUE(ea.done);
    // b = 1 in class 1: channel 3 + 1 (any_step only: the paper's router has one class).
    const int vc = Step::classes ? 4 : 1;
    EXPECT_EQ(f.g0.got[0].first.vc, vc);
    EXPECT_EQ(f.out->credits(0, vc), 3);
    EXPECT_EQ(f.out->link_flits_total(), 2u);  // the router's hops (one-flit packets)
}

TEST(Crossbar, ALinkPacketTakesTheChannelOfItsNextSyncCounter) {
    a_link_packet_takes_the_channel_of_its_next_b<paper_step<d3_network>>();
    a_link_packet_takes_the_channel_of_its_next_b<any_step>();
}

TEST(Crossbar, TheNodeKeepsTheHeaderAndTheHoldStageKeepsThePacketForItsHop) {
    crossbar_fixture f;
    packet a, h;
    a.hdr.b = 0;
    h.hdr.b = 3;
    entry ea = unicast(a, action::eject, 0), eh = unicast(h, action::global, 2);
    f.xbar().traverse({&ea, 0}, kEjectTarget, 7);
    f.xbar().traverse({&eh, 0}, kHoldTarget, 7);
    ASSERT_EQ(f.node.got.size(), 1u);
    EXPECT_EQ(f.node.got[0].first.pkt, &a);
    EXPECT_EQ(a.hdr.b, 0);  // ejection keeps the header
    EXPECT_EQ(f.stats.ejected, 1u);
    EXPECT_EQ(f.stats.holds, 1u);
    EXPECT_EQ(h.hdr.b, 2);  // the held packet is routed again with its next header
    f.hold.commit();
    request_list due;
    f.hold.collect(7 + f.hold.hold_time(action::global) - 1, 9, due);
    EXPECT_TRUE(due.empty());
    f.hold.collect(7 + f.hold.hold_time(action::global), 9, due);
    ASSERT_EQ(due.size(), 1u);
    EXPECT_EQ(due[0].e->pkt, &h);
}

TEST(Crossbar, ABroadcastsTargetsButTheLastGetCopies) {
    crossbar_fixture f;
    packet* p = f.pool.acquire();
    p->hdr.b = 3;
    entry e = unicast(*p, action::broadcast_local, 2);
    e.fan = f.lists.open();
    f.lists[e.fan] = {1, kHoldTarget};
    e.stalled = true;
    packet* first = f.xbar().traverse({&e, 0}, 1, 0);
    EXPECT_NE(first, p);
    EXPECT_FALSE(e.stalled);  // a copy was served
    EXPECT_FALSE(e.done);
    EXPECT_EQ(f.xbar().traverse({&e, 0}, kHoldTarget, 0), p);
    EXPECT_TRUE(e.done);
    EXPECT_EQ(f.l1.got[0].first.vc, 2);
}

}  // namespace
}  // namespace d3
