// The design-space router's units together (core/vc_router/vc_router.h), with its edges recorded
// by a stand-in: the cycles of a flit through route, VC allocation, switch allocation and
// traversal as the pipeline's definition gives them (core/router/pipeline.h; Dally and Towles,
// 16.2: a head passes RC, VA, SA, ST, a body flit SA and ST), wormhole against virtual
// cut-through, input speedup, static against dynamic VCs, wait_for_tail_credit and the credit
// delay.
#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

#include "core/vc_router/vc_router.h"
#include "unit/vc_router/three_port_setup.h"

namespace d3 {
namespace {

struct sent_flit {
    int output, vc, seq;
    std::uint64_t depart;
    const packet* p;
};
struct sent_credit {
    int input, vc;
    std::uint64_t at;
};

// Records what leaves the router; routes a packet to the output in its payload.
class recording_io final : public vc_router_io {
  public:
    std::vector<sent_flit> flits;
    std::vector<sent_credit> credits;
    std::vector<std::pair<const packet*, std::uint64_t>> delivered;
    std::vector<std::pair<int, std::uint64_t>> wakes;

    void send_flit(int output, int vc, packet* p, int seq, std::uint64_t depart) override {
        flits.push_back({output, vc, seq, depart, p});
    }
    void send_credit(int input, int vc, std::uint64_t at) override {
        credits.push_back({input, vc, at});
    }
    void deliver(packet* p, std::uint64_t at) override { delivered.push_back({p, at}); }
    void wake(int output, std::uint64_t ready) override { wakes.push_back({output, ready}); }
    bool route(const packet& p, std::uint64_t, target& to, header& next) override {
        to = static_cast<target>(p.payload);
        next = p.hdr;
        next.b = static_cast<std::uint8_t>(p.hdr.b - 1);
        return true;
    }
    std::vector<std::uint64_t> departures(const packet& p) const {
        std::vector<std::uint64_t> d;
        for (const sent_flit& f : flits)
            if (f.p == &p) d.push_back(f.depart);
        return d;
    }
};

// A packet of `flits` flits (three_port_setup's packet length unless a test sets another).
packet to_output(int output, int b = 3, int flits = 4) {
    packet p;
    p.payload = static_cast<std::uint64_t>(output);
    p.hdr.b = static_cast<std::uint8_t>(b);
    p.flits = static_cast<std::uint8_t>(flits);
    return p;
}

// The flits of `p` arrive in VC `vc` of link input `input`, one per cycle from `first` (each
// sent the cycle before it is ready).
void arrive(vc_router& r, int input, int vc, packet& p, std::uint64_t first, int flits) {
    for (int i = 0; i < flits; ++i) {
        const std::uint64_t ready = first + static_cast<std::uint64_t>(i);
        ASSERT_TRUE(r.arrive(input, vc, &p, i, ready, ready - 1));
    }
}

void run(vc_router& r, std::uint64_t from, std::uint64_t to) {
    for (std::uint64_t t = from; t < to; ++t) r.step(t);
}

TEST(VcRouter, AHeadPassesEveryUnitAndItsFlitsFollowOnePerCycle) {
    const vc_router_setup s = three_port_setup();
    ASSERT_FALSE(s.validate());
    recording_io io;
    vc_router r(s, io);
    packet p = to_output(1);
    arrive(r, 0, 1, p, 5, 4);
    run(r, 0, 30);
    // Ready at 5: routed and VC-allocated in 5, switch allocation from 5 + V = 6, out of the
    // router A + T = 2 cycles after it: 8; each body flit one cycle behind.
    EXPECT_EQ(io.departures(p), (std::vector<std::uint64_t>{8, 9, 10, 11}));
    // Each slot is freed when its flit is read out, A = 1 cycle after its grant (6, 7, 8, 9).
    ASSERT_EQ(io.credits.size(), 4u);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(io.credits[static_cast<std::size_t>(i)].input, 0);
        EXPECT_EQ(io.credits[static_cast<std::size_t>(i)].vc, 1);
        EXPECT_EQ(io.credits[static_cast<std::size_t>(i)].at, 7u + static_cast<std::uint64_t>(i));
    }
    // The static VC downstream is b's after the hop: vc_of(2, 2) = 1.
    for (const sent_flit& f : io.flits) EXPECT_EQ(f.vc, 1);
    EXPECT_EQ(r.stats().hops, 1u);
    EXPECT_EQ(r.stats().flits_freed, 4u);
    EXPECT_EQ(p.hdr.b, 2);
}

TEST(VcRouter, TheCreditDelayHoldsEveryCredit) {
    vc_router_setup s = three_port_setup();
    s.credit_delay = 3;
    recording_io io;
    vc_router r(s, io);
    packet p = to_output(1);
    arrive(r, 0, 0, p, 5, 4);
    run(r, 0, 30);
    ASSERT_EQ(io.credits.size(), 4u);
    EXPECT_EQ(io.credits[0].at, 7u + 3u);
}

// A link input linked to the router upstream (link_credits): its credits reach that router's
// output at the cycles an unlinked twin sends them through io, plus the link's latency, and
// none goes through io.
TEST(VcRouter, ALinkedInputsCreditsGoToTheRouterUpstreamAfterTheLinksLatency) {
    const vc_router_setup s = three_port_setup();
    recording_io up_io, io, twin_io;
    vc_router up(s, up_io), r(s, io), twin(s, twin_io);
    r.link_credits(0, up, 1, 2);
    packet p = to_output(1);
    arrive(up, 0, 1, p, 5, 4);
    run(up, 0, 20);
    ASSERT_EQ(up_io.flits.size(), 4u);
    p.payload = 2;  // on from r (and its twin) over output 2
    packet q = p;
    for (const sent_flit& f : up_io.flits) {
        ASSERT_TRUE(r.arrive(0, f.vc, &p, f.seq, f.depart + 1, f.depart));
        ASSERT_TRUE(twin.arrive(0, f.vc, &q, f.seq, f.depart + 1, f.depart));
    }
    run(r, 20, 60);
    run(twin, 20, 60);
    EXPECT_TRUE(io.credits.empty());
    ASSERT_EQ(twin_io.credits.size(), 4u);
    EXPECT_EQ(io.flits.size(), 4u);
    up.step(twin_io.credits[0].at + 1);
    EXPECT_EQ(up.output_occupancy(1), 4);
    for (std::size_t i = 0; i < 4; ++i) {
        up.step(twin_io.credits[i].at + 2);
        EXPECT_EQ(up.output_occupancy(1), 3 - static_cast<int>(i));
    }
}

// A link output linked to the router downstream (link_flits): its flits enter that router's VCs
// as an unlinked twin's would arrive over the link (usable from their departure plus the
// latency), io is asked to wake it then, and none goes through io's send_flit.
TEST(VcRouter, ALinkedOutputsFlitsEnterTheRouterDownstreamAfterTheLinksLatency) {
    const vc_router_setup s = three_port_setup();
    recording_io io, twin_io, down_io, twin_down_io;
    vc_router up(s, io), twin(s, twin_io), down(s, down_io), twin_down(s, twin_down_io);
    up.link_flits(1, down, 0, 2);
    packet p = to_output(1), q = to_output(1);
    arrive(up, 0, 1, p, 5, 4);
    arrive(twin, 0, 1, q, 5, 4);
    run(up, 0, 20);
    run(twin, 0, 20);
    EXPECT_TRUE(io.flits.empty());
    ASSERT_EQ(twin_io.flits.size(), 4u);
    ASSERT_EQ(io.wakes.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) {
        const sent_flit& f = twin_io.flits[i];
        EXPECT_EQ(io.wakes[i], (std::pair<int, std::uint64_t>{1, f.depart + 2}));
        ASSERT_TRUE(twin_down.arrive(0, f.vc, &q, f.seq, f.depart + 2, f.depart));
    }
    p.payload = q.payload = 2;  // on from both routers downstream over output 2
    run(down, 0, 60);
    run(twin_down, 0, 60);
    ASSERT_EQ(down_io.flits.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(down_io.flits[i].depart, twin_down_io.flits[i].depart);
        EXPECT_EQ(down_io.flits[i].vc, twin_down_io.flits[i].vc);
    }
    EXPECT_EQ(down_io.credits.size(), twin_down_io.credits.size());
}

// Two 4-flit packets for one output VC downstream with 6 free slots (no credit comes back):
// the first takes 4. With wormhole the second's head needs one slot, so 2 of its flits leave;
// with virtual cut-through it needs 4 and none leaves.
std::size_t second_packet_flits(flow_control c) {
    vc_router_setup s = three_port_setup();
    s.buffer_depth = 6;
    s.control = c;
    recording_io io;
    vc_router r(s, io);
    packet a = to_output(1), b = to_output(1);
    arrive(r, 0, 1, a, 1, 4);
    arrive(r, 2, 1, b, 1, 4);
    run(r, 0, 40);
    EXPECT_EQ(io.departures(a).size() + io.departures(b).size(),
              c == flow_control::wormhole ? 6u : 4u);
    return std::min(io.departures(a).size(), io.departures(b).size());
}

TEST(VcRouter, WormholeStartsAHeadWithOneSlotCutThroughWaitsForThePacket) {
    EXPECT_EQ(second_packet_flits(flow_control::wormhole), 2u);
    EXPECT_EQ(second_packet_flits(flow_control::vct), 0u);
}

// Two one-flit packets in the two VCs of one input, for different outputs, ready together.
std::vector<std::uint64_t> departures_of_two_vcs(int speedup, const char* allocator) {
    vc_router_setup s = three_port_setup();
    s.packet_length = 1;
    s.input_speedup = speedup;
    s.sw_allocator = allocator;
    recording_io io;
    vc_router r(s, io);
    packet a = to_output(1, 3, 1), b = to_output(2, 3, 1);
    arrive(r, 0, 0, a, 3, 1);
    arrive(r, 0, 1, b, 3, 1);
    run(r, 0, 20);
    std::vector<std::uint64_t> d = io.departures(a);
    for (std::uint64_t x : io.departures(b)) d.push_back(x);
    std::sort(d.begin(), d.end());
    return d;
}

TEST(VcRouter, InputSpeedupBoundsTheFlitsAnInputSendsPerCycle) {
    // Ready at 3: VC allocated in 3, switch allocated from 4, out A + T = 2 cycles later.
    EXPECT_EQ(departures_of_two_vcs(1, "separable-input-first"),
              (std::vector<std::uint64_t>{6, 7}));
    EXPECT_EQ(departures_of_two_vcs(2, "separable-input-first"),
              (std::vector<std::uint64_t>{6, 6}));
    // The paper's allocator: every VC its own requester.
    EXPECT_EQ(departures_of_two_vcs(1, "paper"), (std::vector<std::uint64_t>{6, 6}));
}

// Two 4-flit packets from two inputs for one output: the VCs their flits take downstream.
std::set<int> vcs_taken(const char* vc_allocator, int classes) {
    vc_router_setup s = three_port_setup();
    s.vc_allocator = vc_allocator;
    s.class_count = classes;
    recording_io io;
    vc_router r(s, io);
    packet a = to_output(1), b = to_output(1);
    arrive(r, 0, 0, a, 1, 4);
    arrive(r, 2, 0, b, 1, 4);
    run(r, 0, 40);
    EXPECT_EQ(io.flits.size(), 8u);
    std::set<int> vcs;
    for (const sent_flit& f : io.flits) vcs.insert(f.vc);
    return vcs;
}

TEST(VcRouter, DynamicVcsLetTwoPacketsShareAnOutputStaticOnesQueue) {
    EXPECT_EQ(vcs_taken("static", 1), (std::set<int>{1}));  // vc_of(2, 2)
    EXPECT_EQ(vcs_taken("separable-input-first", 1), (std::set<int>{0, 1}));
    EXPECT_EQ(vcs_taken("wavefront", 1), (std::set<int>{0, 1}));
    // By phase with two classes, a local hop keeps class 0: one VC, as static.
    EXPECT_EQ(vcs_taken("separable-input-first", 2), (std::set<int>{0}));
}

TEST(VcRouter, AGlobalHopMovesThePacketToTheNextPhasesVcs) {
    vc_router_setup s = three_port_setup();
    s.vc_allocator = "separable-input-first";
    recording_io io;
    vc_router r(s, io);
    packet p = to_output(2);  // the global output
    arrive(r, 0, 0, p, 1, 4);
    run(r, 0, 30);
    ASSERT_EQ(io.flits.size(), 4u);
    for (const sent_flit& f : io.flits) EXPECT_EQ(f.vc, 1);
    EXPECT_EQ(p.globals, 1);
}

// Packet b follows packet a into the same static VC downstream; the credits of a's flits come
// back at cycle 50.
std::uint64_t second_head_departure(bool wait_for_tail_credit) {
    vc_router_setup s = three_port_setup();
    s.wait_for_tail_credit = wait_for_tail_credit;
    recording_io io;
    vc_router r(s, io);
    packet a = to_output(1), b = to_output(1);
    arrive(r, 0, 0, a, 1, 4);
    arrive(r, 2, 0, b, 1, 4);
    run(r, 0, 50);
    for (int i = 0; i < 4; ++i) r.credit(1, 1, 50);
    run(r, 50, 80);
    const std::vector<std::uint64_t> da = io.departures(a), db = io.departures(b);
    EXPECT_EQ(da.size(), 4u);
    EXPECT_EQ(db.size(), 4u);
    return std::max(da.front(), db.front());
}

TEST(VcRouter, WaitForTailCreditKeepsTheVcUntilTheTailsCreditIsBack) {
    // a's flits are ready at 1..4: its head VC allocated in 1, its flits switch allocated in
    // 2..5. Without: the VC is free once a's tail was granted (5, after that cycle's VC
    // allocation); b's head is VC allocated in 6, switch allocated in 7, out at 9.
    EXPECT_EQ(second_head_departure(false), 9u);
    // With: free when the last credit is back, usable at 50 (credits come first in a cycle):
    // VC allocated in 50, switch allocated in 51, out at 53.
    EXPECT_EQ(second_head_departure(true), 53u);
}

TEST(VcRouter, ATerminalsPacketEntersOverItsChannelAndLeavesAtItsTerminal) {
    vc_router_setup s = three_port_setup();
    recording_io io;
    vc_router r(s, io);
    packet p = to_output(kEjectTarget, 1);
    r.inject(&p, 2, 1);
    run(r, 0, 30);
    // Sent in 2..5 over the one-cycle injection channel: the head is ready at 3, VC allocated in
    // 3, switch allocated in 4, out at 6, the tail at 9, at the terminal one cycle later.
    ASSERT_EQ(io.delivered.size(), 1u);
    EXPECT_EQ(io.delivered[0].second, 10u);
    EXPECT_TRUE(io.credits.empty());  // the terminal's credits stay in the router
    EXPECT_EQ(r.stats().ejected, 1u);
    EXPECT_EQ(r.occupancy(), 0u);
}

TEST(VcRouter, AHoldLoopsBackOrIsSkipped) {
    for (bool skip : {false, true}) {
        vc_router_setup s = three_port_setup();
        s.packet_length = 1;
        s.skip_holds = skip;
        s.hold_latency = 10;
        recording_io io;
        // Held first (payload kHoldTarget), then, decoded again, out on link 1.
        struct hold_then_link final : vc_router_io {
            recording_io& rec;
            explicit hold_then_link(recording_io& x) : rec(x) {}
            void send_flit(int o, int vc, packet* p, int seq, std::uint64_t d) override {
                rec.send_flit(o, vc, p, seq, d);
            }
            void send_credit(int i, int vc, std::uint64_t at) override {
                rec.send_credit(i, vc, at);
            }
            void deliver(packet* p, std::uint64_t at) override { rec.deliver(p, at); }
            bool route(const packet& p, std::uint64_t, target& to, header& next) override {
                to = p.hdr.b == 3 ? kHoldTarget : 1;
                next = p.hdr;
                next.b = static_cast<std::uint8_t>(p.hdr.b - 1);
                return true;
            }
        } hold_io(io);
        vc_router held(s, hold_io);
        packet p = to_output(0, 3, 1);
        ASSERT_TRUE(held.arrive(0, 0, &p, 0, 1, 0));
        run(held, 0, 40);
        ASSERT_EQ(io.flits.size(), 1u);
        // Skipped: out at 1 + V + A + T = 4 with b = 1 (two decodes). Held: into the hold port at
        // 4, back after 10 cycles, 14, then out 3 cycles later.
        EXPECT_EQ(io.flits[0].depart, skip ? 4u : 17u);
        EXPECT_EQ(p.hdr.b, 1);
        EXPECT_EQ(held.stats().holds, skip ? 0u : 1u);
    }
}

TEST(VcRouter, SetupRefusesWhatItCannotBuild) {
    vc_router_setup s = three_port_setup();
    s.input_speedup = 3;
    EXPECT_TRUE(s.validate());
    s = three_port_setup();
    s.sw_allocator = "islipp";
    EXPECT_TRUE(s.validate());
    s = three_port_setup();
    s.control = flow_control::vct;
    s.buffer_depth = 2;
    EXPECT_TRUE(s.validate());
    s.control = flow_control::wormhole;
    EXPECT_FALSE(s.validate());
}

}  // namespace
}  // namespace d3

namespace d3 {
namespace {

TEST(VcRouter, OutputSpeedupAndAQueueLetTwoInputsShareAnOutputInOneCycle) {
    vc_router_setup s = three_port_setup();
    s.packet_length = 1;
    for (int speedup : {1, 2}) {
        s.output_speedup = speedup;
        recording_io io;
        vc_router r(s, io);
        packet a = to_output(1, 3, 1),
               b = to_output(1, 1, 1);  // static VCs 1 and 0: no wait for a VC
        arrive(r, 0, 0, a, 3, 1);
        arrive(r, 1, 0, b, 3, 1);  // input 1: the other column of output 1 (1 mod 2)
        run(r, 0, 20);
        std::vector<std::uint64_t> grants, departures;
        for (const sent_credit& c : io.credits) grants.push_back(c.at - 1);
        for (const sent_flit& f : io.flits) departures.push_back(f.depart);
        std::sort(grants.begin(), grants.end());
        std::sort(departures.begin(), departures.end());
        // VC allocated in 3 (VCs 1 and 0), switch allocated from 4: with speedup 2 both in
        // 4, the second leaving a cycle after the first through the output queue.
        EXPECT_EQ(grants, speedup == 1 ? (std::vector<std::uint64_t>{4, 5})
                                       : (std::vector<std::uint64_t>{4, 4}));
        EXPECT_EQ(departures, (std::vector<std::uint64_t>{6, 7}));
    }
}

TEST(VcRouter, InternalSpeedupRunsMoreAllocationRoundsPerCycle) {
    // A 4-flit packet on one input VC, input speedup 1: one flit per round. Two rounds per cycle
    // grant two flits per cycle (their credits two per cycle); the link still takes one per cycle.
    for (double speedup : {1.0, 2.0}) {
        vc_router_setup s = three_port_setup();
        s.internal_speedup = speedup;
        recording_io io;
        vc_router r(s, io);
        packet p = to_output(1);
        for (int i = 0; i < 4; ++i) ASSERT_TRUE(r.arrive(0, 0, &p, i, 3, 0));  // all ready at 3
        run(r, 0, 30);
        std::vector<std::uint64_t> grants;
        for (const sent_credit& c : io.credits) grants.push_back(c.at - 1);
        EXPECT_EQ(grants, speedup == 1.0 ? (std::vector<std::uint64_t>{4, 5, 6, 7})
                                         : (std::vector<std::uint64_t>{4, 4, 5, 5}));
        EXPECT_EQ(io.departures(p), (std::vector<std::uint64_t>{6, 7, 8, 9}));
    }
}

}  // namespace
}  // namespace d3
