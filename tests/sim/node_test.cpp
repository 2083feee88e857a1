// The node as its own transport interface (sc/node.h): a packet delivered on eject_in reaches the
// node's ledger check, and the calls that are not part of the link protocol (b_transport, DMI,
// debug transport) are reported as d3/protocol.
#include <tlm_utils/passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "sc/delivery_sink.h"
#include "sc/injection_sink.h"
#include "sc/node.h"
#include "sim_util.h"
#include "tb/report.h"

namespace d3 {
namespace {

/// Stands for the router: ejects into the node (its injection socket only completes the binding:
/// these nodes launch nothing).
struct router_end : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<router_end, kSocketWidth, link_protocol_types> eject;
    tlm_utils::passthrough_target_socket<router_end, kSocketWidth, link_protocol_types> inject;

    explicit router_end(const sc_core::sc_module_name& n)
        : sc_core::sc_module(n), eject("eject"), inject("inject") {}
};

/// D3(1,2), its router parameters as `adjust` sets them.
template <typename Adjust>
network_config d3_1_2(Adjust&& adjust) {
    network_config c;
    c.k = 1;
    c.m = 2;
    adjust(c.router);
    return c.resolved();
}
network_config d3_1_2() {
    return d3_1_2([](router_params&) {});
}

/// What a node of D3(1,2) is built with, beside its configuration.
struct node_context {
    topology topo{1, 2};
    packet_pool pool;
    ledger book{topo};
    stepper clock{"clock", 8};
};

struct harness : node_context {
    network_config cfg = d3_1_2();
    std::unique_ptr<node> n;
    router_end r{"router"};

    harness() {
        n = std::make_unique<node>("node",
                                   node::setup{cfg, topo, {0, 0, 1}, pool, book, clock, nullptr});
        r.eject.bind(n->eject_in);
        n->inject_out.bind(r.inject);
    }
};

// Delivers one message twice through `deliver(packet*)`: the first is received, the second a
// duplicate, counted as bad (d3/node warning).
template <typename Deliver>
void expect_ledger_check(harness& h, Deliver&& deliver) {
    // From (0,0,0) with (gamma, pi, delta) = (0, 1, 0): it arrives at (0, 0 + 0, 0 + 1) = (0,0,1).
    const std::uint64_t msg =
        h.book.launch(h.topo.id({0, 0, 0}), make_source_vector_header(false, 3, {0, 1, 0}));
    for (std::uint64_t n = 1; n <= 2; ++n) {
        packet* p = h.pool.acquire();
        p->msg = msg;
        deliver(p);
        EXPECT_EQ(h.n->stats().received, n);
        EXPECT_EQ(h.n->stats().bad, n - 1);
    }
}

TEST(Node, ADeliveryReachesTheLedgerCheck) {
    D3_REQUIRE_FRESH_KERNEL();
    harness h;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    expect_ledger_check(h, [&](packet* p) {
        flit f{p, 0, 0};
        tlm::tlm_phase ph = tlm::BEGIN_REQ;
        sc_core::sc_time t = sc_core::SC_ZERO_TIME;
        EXPECT_EQ(h.r.eject->nb_transport_fw(f, ph, t), tlm::TLM_COMPLETED);
    });
}

// The same delivery by a direct call (node::direct_delivery, what a design-space router's edges
// call): the same ledger check and counts.
TEST(Node, ADirectDeliveryReachesTheLedgerCheck) {
    D3_REQUIRE_FRESH_KERNEL();
    harness h;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    delivery_sink* sink = h.n->direct_delivery();
    ASSERT_NE(sink, nullptr);
    expect_ledger_check(h, [&](packet* p) { sink->deliver(p, h.clock.now()); });
}

// A node of multi-flit packets (each delivered with its size) keeps its ejection channel.
TEST(Node, ANodeOfMultiFlitPacketsTakesNoDirectDelivery) {
    D3_REQUIRE_FRESH_KERNEL();
    const network_config cfg = d3_1_2([](router_params& r) { r.packet_length = 2; });
    node_context c;
    node n("node", node::setup{cfg, c.topo, {0, 0, 1}, c.pool, c.book, c.clock, nullptr});
    EXPECT_EQ(n.direct_delivery(), nullptr);
}

/// Launches `count` packets in step 0 and nothing after.
struct burst final : node_program {
    header hdr;
    int count = 0;
    void launches(std::uint64_t step, std::vector<launch>& out) override {
        if (step != 0) return;
        for (int i = 0; i < count; ++i) out.push_back({hdr, static_cast<std::uint64_t>(i)});
    }
    bool finished(std::uint64_t step) const override { return step > 0; }
    reaction reacts() const override { return reaction::none; }
};

/// Stands for a router's direct injection: records the step and ready cycle of each packet and
/// returns its credit one cycle later.
struct recording_sink final : injection_sink {
    explicit recording_sink(const stepper& c) : clock(c) {}
    std::uint64_t inject(packet* p, std::uint64_t ready) override {
        payloads.push_back(p->payload);
        steps.push_back(clock.now());
        readies.push_back(ready);
        return clock.now() + 1;
    }
    const stepper& clock;
    std::vector<std::uint64_t> payloads, steps, readies;
};

// A node handing its packets over by a direct call (node::inject_into) keeps the injection
// channel's rules: in order, at most the injection width per step, no more than its credits (the
// injection depth), each credit back in the cycle the sink says; a packet is ready one cycle after
// its launch step. Width 3, depth 2: two packets a step.
TEST(Node, ADirectInjectionKeepsTheChannelsWidthAndCredits) {
    D3_REQUIRE_FRESH_KERNEL();
    const network_config cfg = d3_1_2([](router_params& r) {
        r.injection_width = 3;
        r.injection_depth = 2;
    });
    node_context c;
    auto program = std::make_unique<burst>();
    program->hdr = make_source_vector_header(false, 3, {0, 1, 0});
    program->count = 7;
    node n("node",
           node::setup{cfg, c.topo, {0, 0, 0}, c.pool, c.book, c.clock, std::move(program)});
    router_end r{"router"};
    r.eject.bind(n.eject_in);
    n.inject_out.bind(r.inject);
    recording_sink sink(c.clock);
    n.inject_into(sink);
    sc_core::sc_start();
    EXPECT_EQ(sink.payloads, (std::vector<std::uint64_t>{0, 1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(sink.steps, (std::vector<std::uint64_t>{0, 0, 1, 1, 2, 2, 3}));
    EXPECT_EQ(sink.readies, (std::vector<std::uint64_t>{1, 1, 2, 2, 3, 3, 4}));
    EXPECT_EQ(n.stats().launched, 7u);
    EXPECT_EQ(n.queued(), 0u);
}

TEST(Node, CallsOutsideTheLinkProtocolAreReported) {
    D3_REQUIRE_FRESH_KERNEL();
    harness h;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    flit f{nullptr, 0, 0};
    sc_core::sc_time t = sc_core::SC_ZERO_TIME;
    tlm::tlm_dmi dmi;
    EXPECT_THROW(h.r.eject->b_transport(f, t), sc_core::sc_report);
    EXPECT_THROW(h.r.eject->get_direct_mem_ptr(f, dmi), sc_core::sc_report);
    EXPECT_THROW(h.r.eject->transport_dbg(f), sc_core::sc_report);
    EXPECT_THROW(h.r.inject->invalidate_direct_mem_ptr(0, 1), sc_core::sc_report);
}

// The command line's report handler (tb/report.cpp) prints at most 16 lines of one message type
// and then one line saying that more are not shown; every warning is still counted. A decoder
// that misroutes everything made each node warn up to 8 times: 384 lines on D3(3,4).
TEST(Report, WarningsOfOneTypeAreCappedOnStderr) {
    const unsigned before = report_warnings();
    testing::internal::CaptureStderr();
    for (int i = 0; i < 40; ++i) SC_REPORT_WARNING("d3/test-cap", "one of many");
    SC_REPORT_WARNING("d3/test-other", "another type");
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(report_warnings() - before, 41u);
    const auto lines = [&](const std::string& what) {
        std::size_t n = 0;
        for (std::size_t at = err.find(what); at != std::string::npos; at = err.find(what, at + 1))
            ++n;
        return n;
    };
    EXPECT_EQ(lines("warning: d3/test-cap: one of many\n"), 16u) << err;
    EXPECT_EQ(lines("warning: d3/test-cap: more of these are not shown"), 1u) << err;
    EXPECT_EQ(lines("warning: d3/test-other: another type\n"), 1u) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 18) << err;
}

}  // namespace
}  // namespace d3
