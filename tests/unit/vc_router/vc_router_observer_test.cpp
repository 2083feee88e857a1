// What a design-space router (core/vc_router/vc_router.h) tells its link observer: the VC grants
// and releases and the flits each input sends per cycle, in the cycles the pipeline's definition
// gives them (a head ready at a: VC allocation at a, switch allocation from a + V, out of the
// router at a + V + A + T), the link events and their conflicts as the router counts them, the
// buffers, and the packet events of heads.
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "core/vc_router/vc_router.h"
#include "unit/vc_router/three_port_setup.h"

namespace d3 {
namespace {

// Routes a packet to the output in its payload; keeps the departures.
class observed_io final : public vc_router_io {
  public:
    std::vector<std::pair<const packet*, std::uint64_t>> departed;
    void send_flit(int, int, packet* p, int, std::uint64_t depart) override {
        departed.push_back({p, depart});
    }
    void send_credit(int, int, std::uint64_t) override {}
    void deliver(packet* p, std::uint64_t at) override { departed.push_back({p, at}); }
    bool route(const packet& p, std::uint64_t, target& to, header& next) override {
        to = static_cast<target>(p.payload);
        next = p.hdr;
        next.b = static_cast<std::uint8_t>(p.hdr.b - 1);
        return true;
    }
};

// step, output, out_vc, input, in_vc
using grant = std::tuple<std::uint64_t, int, int, int, int>;
// step, input, flits
using sent = std::tuple<std::uint64_t, int, int>;

class recording_observer final : public link_observer {
  public:
    std::vector<grant> grants;
    std::vector<sent> flits;
    std::vector<link_event> links;
    std::vector<packet_event> packets;
    std::vector<std::tuple<std::uint64_t, int, std::size_t>> buffers, inner;

    void on_link(const link_event& e) override { links.push_back(e); }
    void on_buffer(std::uint64_t t, router_id r, int input, std::size_t n) override {
        EXPECT_EQ(r, 7u);
        buffers.emplace_back(t, input, n);
    }
    void on_vc_grant(std::uint64_t t, router_id r, int output, int out_vc, int input,
                     int in_vc) override {
        EXPECT_EQ(r, 7u);
        grants.emplace_back(t, output, out_vc, input, in_vc);
    }
    void on_input_flits(std::uint64_t t, router_id r, int input, int n) override {
        EXPECT_EQ(r, 7u);
        flits.emplace_back(t, input, n);
    }
    void on_inner_conflict(std::uint64_t t, router_id, int output, std::size_t n) override {
        inner.emplace_back(t, output, n);
    }
    void on_packet(const packet_event& e) override { packets.push_back(e); }
    bool wants_packets() const override { return true; }
};

packet to_output(int output, std::uint64_t serial, int b = 3) {
    packet p;
    p.payload = static_cast<std::uint64_t>(output);
    p.serial = serial;
    p.hdr.b = static_cast<std::uint8_t>(b);
    p.flits = 4;  // three_port_setup's packet length
    return p;
}

void arrive(vc_router& r, int input, int vc, packet& p, std::uint64_t first) {
    for (int i = 0; i < 4; ++i) {
        const std::uint64_t ready = first + static_cast<std::uint64_t>(i);
        ASSERT_TRUE(r.arrive(input, vc, &p, i, ready, ready - 1));
    }
}

void run(vc_router& r, std::uint64_t to) {
    for (std::uint64_t t = 0; t < to; ++t) r.step(t);
}

constexpr int kFree = link_observer::kFreeVc;

// Packets a (VC 0) and b (VC 1) of link input 0, for outputs 1 and 2, their flits ready at 1..4.
// Both heads are ready at a = 1: VC allocated at 1 (the static VC downstream, vc_of(2, 2) = 1),
// switch allocated from a + V = 2.
TEST(VcRouterObserver, VcGrantsAndInputFlitsFollowThePipeline) {
    for (int speedup : {1, 2}) {
        observed_io io;
        recording_observer obs;
        vc_router r(three_port_setup(speedup), io, &obs, 7);
        packet a = to_output(1, 10), b = to_output(2, 11);
        arrive(r, 0, 0, a, 1);
        arrive(r, 0, 1, b, 1);
        run(r, 30);
        ASSERT_EQ(io.departed.size(), 8u);
        if (speedup == 2) {
            // Both VCs send a flit per cycle, 2..5; the tails leave at 5, freeing their VCs; out
            // of the router at 2 + A + T = 4 .. 7.
            EXPECT_EQ(obs.grants, (std::vector<grant>{{1, 1, 1, 0, 0},
                                                      {1, 2, 1, 0, 1},
                                                      {5, 1, 1, kFree, kFree},
                                                      {5, 2, 1, kFree, kFree}}));
            EXPECT_EQ(obs.flits, (std::vector<sent>{{2, 0, 2}, {3, 0, 2}, {4, 0, 2}, {5, 0, 2}}));
            EXPECT_EQ(io.departed[0].second, 4u);
            EXPECT_EQ(io.departed[7].second, 7u);
        } else {
            // One flit per cycle from the input, 2..9, the input arbiter's round robin taking the
            // outputs in turn (a, b, a, b, ...): a's tail leaves at 8, b's at 9.
            EXPECT_EQ(obs.grants, (std::vector<grant>{{1, 1, 1, 0, 0},
                                                      {1, 2, 1, 0, 1},
                                                      {8, 1, 1, kFree, kFree},
                                                      {9, 2, 1, kFree, kFree}}));
            std::vector<sent> one;
            for (std::uint64_t t = 2; t <= 9; ++t) one.emplace_back(t, 0, 1);
            EXPECT_EQ(obs.flits, one);
            EXPECT_EQ(io.departed[0].second, 4u);
            EXPECT_EQ(io.departed[7].second, 11u);
        }
        // No conflict: each output has one requester; with speedup 1, the output the input's one
        // row did not take in a cycle (2..8) was asked for in vain.
        EXPECT_EQ(obs.links.size(), speedup == 2 ? 8u : 15u);
        std::size_t crossed = 0;
        for (const link_event& e : obs.links) {
            EXPECT_EQ(e.requesters, 1);
            EXPECT_EQ(e.counted, 0);
            if (!e.sent) continue;
            ++crossed;
            EXPECT_EQ(e.serial, e.port == 1 ? 10u : 11u);
            EXPECT_EQ(e.hdr.b, 2);  // as on the wire
        }
        EXPECT_EQ(crossed, 8u);
        EXPECT_EQ(r.conflicts(), 0u);
    }
}

// Two packets from link inputs 0 and 2 for output 1, ready at 1: both VC allocated at 1 (the same
// static VC 1 downstream: one wins it, the other waits until the first's tail frees it).
TEST(VcRouterObserver, AVcWaitsForTheTailAndConflictsAreTheRoutersOwn) {
    observed_io io;
    recording_observer obs;
    vc_router r(three_port_setup(1), io, &obs, 7);
    packet a = to_output(1, 10), b = to_output(1, 11);
    arrive(r, 0, 0, a, 1);
    arrive(r, 2, 0, b, 1);
    run(r, 40);
    ASSERT_EQ(obs.grants.size(), 4u);
    // The first packet's flits go 2..5: its VC is free at 5, granted again at 6 (the next VC
    // allocation), whose packet's flits go 7..10.
    EXPECT_EQ(std::get<0>(obs.grants[0]), 1u);
    EXPECT_EQ(obs.grants[1], (grant{5, 1, 1, kFree, kFree}));
    EXPECT_EQ(std::get<0>(obs.grants[2]), 6u);
    EXPECT_EQ(obs.grants[3], (grant{10, 1, 1, kFree, kFree}));
    // One VC downstream: never two requesters for the output, no conflict.
    std::uint64_t counted = 0;
    for (const link_event& e : obs.links) counted += e.counted & link_event::kRunConflict;
    EXPECT_EQ(counted, r.conflicts());

    // With dynamic VCs both packets hold a VC of output 1 at once and ask for it together; the
    // oldest-first arbiters prefer c (launched first): c takes VC 0 at 1 (both ask for VC 0
    // first), d VC 1 at 2. c's flits go 2..5, d's head asks from 3 and loses to c's body flits at
    // 3, 4, 5 (three conflicts, the events' and the router's), then goes at 6.
    vc_router_setup s = three_port_setup(1);
    s.vc_allocator = "separable-input-first";
    s.arbiter = "oldest-first";
    s.class_count = 1;
    observed_io io2;
    recording_observer obs2;
    vc_router r2(s, io2, &obs2, 7);
    packet c = to_output(1, 20), d = to_output(1, 21);
    c.launch = 0;
    d.launch = 5;
    arrive(r2, 0, 0, c, 1);
    arrive(r2, 2, 0, d, 1);
    run(r2, 40);
    counted = 0;
    std::uint64_t two = 0;
    for (const link_event& e : obs2.links) {
        counted += e.counted & link_event::kRunConflict;
        if (e.requesters == 2) ++two;
    }
    EXPECT_EQ(r2.conflicts(), 3u);
    EXPECT_EQ(counted, 3u);
    EXPECT_EQ(two, 3u);
    std::vector<std::uint64_t> waits;
    for (const packet_event& e : obs2.packets)
        if (e.kind == packet_event_kind::conflict_wait) {
            waits.push_back(e.step);
            EXPECT_EQ(e.serial, 21u);
            EXPECT_EQ(e.input, 2);
            EXPECT_EQ(e.output, 1);
        }
    EXPECT_EQ(waits, (std::vector<std::uint64_t>{3, 4, 5}));
    EXPECT_EQ(io2.departed[4].first, &d);
    EXPECT_EQ(io2.departed[4].second, 6u + 2u);
    EXPECT_TRUE(obs2.inner.empty());
}

// A terminal's packet: its input and its ejection port are the node's (link_ports + 0), its head's
// events inject, deliver.
TEST(VcRouterObserver, TerminalPortsAreTheNodesAndHeadsAreLogged) {
    observed_io io;
    recording_observer obs;
    vc_router r(three_port_setup(1), io, &obs, 7);
    packet p = to_output(kEjectTarget, 5, 1);
    r.inject(&p, 2, 1);
    run(r, 30);
    // Sent over the injection channel 2..5, the head ready at 3: VC allocated at 3, its flits
    // through the switch 4..7 to the ejection port.
    ASSERT_EQ(obs.grants.size(), 2u);
    // It enters VC vc_of(1, 2) = 1 of the terminal's input and takes VC vc_of(0, 2) = 0 of the
    // ejection port.
    EXPECT_EQ(obs.grants[0], (grant{3, 3, 0, 3, 1}));
    EXPECT_EQ(obs.grants[1], (grant{7, 3, 0, kFree, kFree}));
    EXPECT_EQ(obs.flits, (std::vector<sent>{{4, 3, 1}, {5, 3, 1}, {6, 3, 1}, {7, 3, 1}}));
    // The injection buffer (input 3 to the observer) fills 2..5 and drains 4..7.
    EXPECT_EQ(obs.buffers.front(), (std::tuple<std::uint64_t, int, std::size_t>{2, 3, 1}));
    EXPECT_EQ(obs.buffers.back(), (std::tuple<std::uint64_t, int, std::size_t>{7, 3, 0}));
    EXPECT_TRUE(obs.links.empty());  // no link output
    ASSERT_EQ(obs.packets.size(), 2u);
    EXPECT_EQ(obs.packets[0].kind, packet_event_kind::inject);
    EXPECT_EQ(obs.packets[0].step, 1u);
    EXPECT_EQ(obs.packets[1].kind, packet_event_kind::deliver);
    EXPECT_EQ(obs.packets[1].step, 4u);
    EXPECT_EQ(obs.packets[1].input, packet_event::kNode);
    EXPECT_EQ(obs.packets[1].output, packet_event::kNode);
}

}  // namespace
}  // namespace d3
