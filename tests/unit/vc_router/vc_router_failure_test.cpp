// A failure at a step at a design-space router (vc_router::fail, core/vc_router/
// vc_router_failure.cpp; docs/resilience.md, "A design-space router"): a lost packet's flits leave
// its input VCs wherever they wait, each freed slot's credit goes upstream, and the output VC it
// held is free for the next packet; a packet behind or ahead of it in the same VC is untouched; a
// rerouted head gives back the output VC it was granted and is routed again; a packet sent in
// part from its source queue gives its terminal input VC back.
#include <gtest/gtest.h>

#include <vector>

#include "core/vc_router/vc_router.h"
#include "unit/vc_router/three_port_setup.h"

namespace d3 {
namespace {

// Records what leaves the router; routes a packet to the output in its payload.
class failure_io final : public vc_router_io {
  public:
    struct sent {
        int output, seq;
        const packet* p;
    };
    std::vector<sent> flits;
    std::vector<std::uint64_t> credits;  ///< the cycle of each credit sent upstream

    void send_flit(int output, int, packet* p, int seq, std::uint64_t) override {
        flits.push_back({output, seq, p});
    }
    void send_credit(int, int, std::uint64_t at) override { credits.push_back(at); }
    void deliver(packet*, std::uint64_t) override {}
    bool route(const packet& p, std::uint64_t, target& to, header& next) override {
        to = static_cast<target>(p.payload);
        next = p.hdr;
        next.b = static_cast<std::uint8_t>(p.hdr.b - 1);
        return true;
    }
    // The outputs `p`'s flits left on, in order.
    std::vector<int> outputs_of(const packet& p) const {
        std::vector<int> out;
        for (const sent& f : flits)
            if (f.p == &p) out.push_back(f.output);
        return out;
    }
};

packet to_output(int output, std::uint64_t serial) {
    packet p;
    p.payload = static_cast<std::uint64_t>(output);
    p.hdr.b = 3;
    p.flits = 4;
    p.serial = serial;
    p.msg = serial;
    return p;
}

void arrive(vc_router& r, int input, int vc, packet& p, std::uint64_t first) {
    for (int i = 0; i < p.flits; ++i) {
        const std::uint64_t ready = first + static_cast<std::uint64_t>(i);
        ASSERT_TRUE(r.arrive(input, vc, &p, i, ready, ready - 1));
    }
}

void run(vc_router& r, std::uint64_t from, std::uint64_t to) {
    for (std::uint64_t t = from; t < to; ++t) r.step(t);
}

const auto kNone = [](const packet*) { return false; };

TEST(VcRouterFailure, ALostPacketsFlitsLeaveAndTheOutputVcItHeldIsFree) {
    failure_io io;
    vc_router r(three_port_setup(), io);
    packet p = to_output(1, 1), q = to_output(1, 2);
    arrive(r, 0, 1, p, 5);
    run(r, 0, 7);  // its head granted in 6 (vc_router_test): three flits left, output 1 VC 1 its
    ASSERT_EQ(io.credits.size(), 1u);
    r.fail(
        6, [&](const packet* x) { return x == &p; }, kNone);
    EXPECT_EQ(r.buffered_flits(), 0u);
    // A credit per flit taken out, due the cycle after the failure.
    EXPECT_EQ(io.credits, (std::vector<std::uint64_t>{7, 7, 7, 7}));
    EXPECT_EQ(r.stats().flits_freed, 4u);
    // Q takes the same static VC (b 3: VC 1 after the hop) of output 1 and goes.
    arrive(r, 2, 1, q, 10);
    run(r, 7, 40);
    EXPECT_EQ(io.outputs_of(q), (std::vector<int>{1, 1, 1, 1}));
    EXPECT_EQ(io.outputs_of(p), (std::vector<int>{1}));  // its head, sent before
}

TEST(VcRouterFailure, APacketBehindAnothersTailLeavesAndTheOtherGoesOn) {
    failure_io io;
    vc_router r(three_port_setup(), io);
    packet q = to_output(2, 1), p = to_output(2, 2);
    arrive(r, 0, 1, q, 5);
    arrive(r, 0, 1, p, 9);
    run(r, 0, 7);  // Q's head granted: Q active, P behind its tail
    r.fail(
        6, [&](const packet* x) { return x == &p; }, kNone);
    EXPECT_EQ(r.buffered_flits(), 3u);
    run(r, 7, 40);
    EXPECT_EQ(io.outputs_of(q), (std::vector<int>{2, 2, 2, 2}));
    EXPECT_TRUE(io.outputs_of(p).empty());
    EXPECT_EQ(io.credits.size(), 8u);  // every slot's credit: Q's as they left, P's at once
}

TEST(VcRouterFailure, AReroutedHeadGivesItsOutputVcBackAndIsRoutedAgain) {
    failure_io io;
    vc_router r(three_port_setup(), io);
    packet p = to_output(1, 1), q = to_output(1, 2);
    arrive(r, 0, 1, p, 5);
    run(r, 0, 6);   // routed and granted output 1's VC in 5, its head not sent
    p.payload = 2;  // the detour
    r.fail(5, kNone, [&](const packet* x) { return x == &p; });
    arrive(r, 2, 1, q, 8);  // output 1's VC is free for another
    run(r, 6, 40);
    EXPECT_EQ(io.outputs_of(p), (std::vector<int>{2, 2, 2, 2}));
    EXPECT_EQ(io.outputs_of(q), (std::vector<int>{1, 1, 1, 1}));
}

TEST(VcRouterFailure, APacketSentInPartFromItsSourceGivesItsTerminalVcBack) {
    failure_io io;
    vc_router r(three_port_setup(), io);
    packet p = to_output(0, 1), q = to_output(0, 2);
    r.inject(&p, 0, 0);
    run(r, 0, 2);  // two of its flits in the terminal's input VC, two in its source queue
    ASSERT_EQ(r.occupancy(), 3u);
    r.fail(
        1, [&](const packet* x) { return x == &p; }, kNone);
    EXPECT_EQ(r.occupancy(), 0u);
    r.inject(&q, 2, 2);  // the same static VC at the terminal input
    run(r, 2, 40);
    EXPECT_EQ(io.outputs_of(q), (std::vector<int>{0, 0, 0, 0}));
    EXPECT_LE(io.outputs_of(p).size(), 1u);  // at most its head left before the failure
}

}  // namespace
}  // namespace d3
