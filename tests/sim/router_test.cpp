// One router alone, driven by test sources and observed by test sinks: buffering, credits and
// backpressure, arbitration and conflict records, the hold stage and ejection, the link protocol.
#include <tlm_utils/passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>

#include <vector>

#include "sc/router.h"
#include "sim_util.h"

namespace d3 {
namespace {

/// Sends packets into one router input, respecting credits.
struct source : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<source, kSocketWidth, link_protocol_types> out;
    packet_pool& pool;
    int credits;

    source(const sc_core::sc_module_name& n, packet_pool& p, int depth)
        : sc_core::sc_module(n), out("out"), pool(p), credits(depth) {
        out.register_nb_transport_bw(this, &source::credit);
    }
    /// Sends now; the packet is at the router one step later.
    bool send(const header& h, tlm::tlm_phase ph = tlm::BEGIN_REQ) {
        if (credits == 0) return false;
        --credits;
        packet* p = pool.acquire();
        p->hdr = h;
        flit f{p, static_cast<std::uint8_t>(vc_of(h.b, 1)), 0};
        sc_core::sc_time t = step_time();
        EXPECT_EQ(out->nb_transport_fw(f, ph, t), tlm::TLM_ACCEPTED);
        return true;
    }
    tlm::tlm_sync_enum credit(flit& f, tlm::tlm_phase& ph, sc_core::sc_time&) {
        EXPECT_EQ(f.pkt, nullptr);  // a credit carries no packet
        EXPECT_EQ(ph, tlm::END_REQ);
        ++credits;
        return tlm::TLM_ACCEPTED;
    }
};

/// Receives packets from one router output and returns credits only when told to.
struct sink : sc_core::sc_module {
    tlm_utils::passthrough_target_socket<sink, kSocketWidth, link_protocol_types> in;
    packet_pool& pool;
    bool hold_credits = false;
    int owed = 0;
    bool node = false;  ///< stands for the node: consumes packets, returns no credits
    std::vector<std::pair<std::uint64_t, std::uint64_t>> got;  ///< (step it crossed, serial)
    std::vector<std::uint64_t> arrivals;  ///< cycle the packet reaches the far buffer
    std::vector<int> vcs;

    sink(const sc_core::sc_module_name& n, packet_pool& p)
        : sc_core::sc_module(n), in("in"), pool(p) {
        in.register_nb_transport_fw(this, &sink::receive);
    }
    tlm::tlm_sync_enum receive(flit& f, tlm::tlm_phase&, sc_core::sc_time& t) {
        got.emplace_back(to_cycle(sc_core::sc_time_stamp()), f.pkt->serial);
        arrivals.push_back(to_cycle(sc_core::sc_time_stamp() + t));
        vcs.push_back(f.vc);
        pool.release(f.pkt);
        if (node) return tlm::TLM_COMPLETED;
        if (hold_credits)
            ++owed;
        else
            give(1);
        return tlm::TLM_ACCEPTED;
    }
    void give(int n) {
        for (int i = 0; i < n; ++i) {
            flit credit{nullptr, 0, 0};
            tlm::tlm_phase ph = tlm::END_REQ;
            sc_core::sc_time t = sc_core::SC_ZERO_TIME;
            in->nb_transport_bw(credit, ph, t);
        }
    }
    void release() {
        give(owed);
        owed = 0;
    }
};

/// Router (0,0,1) of D3(1,2): output 0 is global port 0 to (0,1,0), output 1 is local port 1.
struct harness {
    network_config cfg;
    topology topo{1, 2};
    packet_pool pool;
    reference_decoder dec{1, 2};
    stepper clock{"clock", 8};
    std::unique_ptr<router> r;
    std::vector<std::unique_ptr<source>> sources;  // global 0, local 1, injection
    std::vector<std::unique_ptr<sink>> sinks;      // global 0, local 1, ejection

    explicit harness(network_config c, link_observer* observer = nullptr) : cfg(c.resolved()) {
        r = std::make_unique<router>(
            "router", router::setup{cfg, topo, {0, 0, 1}, dec, pool, clock, observer});
        for (const char* n : {"src_g0", "src_l1", "src_inject"})
            sources.push_back(std::make_unique<source>(n, pool,
                                                       n == std::string("src_inject")
                                                           ? cfg.router.injection_depth
                                                           : cfg.router.buffer_depth));
        for (const char* n : {"sink_g0", "sink_l1", "sink_eject"})
            sinks.push_back(std::make_unique<sink>(n, pool));
        sinks[2]->node = true;
        // Inputs bound out of port order: the router maps each binding to its port.
        sources[2]->out.bind(r->in);
        r->bind_input(2);
        sources[0]->out.bind(r->in);
        r->bind_input(0);
        sources[1]->out.bind(r->in);
        r->bind_input(1);
        for (auto& s : sinks) r->out.bind(s->in);
    }
};

network_config small(int depth) {
    network_config c;
    c.k = 1;
    c.m = 2;
    c.router.buffer_depth = depth;
    c.router.injection_width = 1;
    c.router.injection_depth = 5;
    return c;
}

const header kLocal1 = make_source_vector_header(false, 3, {0, 0, 1});  // b=3: local port 1

TEST(Router, BackpressureStopsAtTheCreditCountAndLosesNothing) {
    D3_REQUIRE_FRESH_KERNEL();
    harness h(small(2));
    sink& out = *h.sinks[1];
    out.hold_credits = true;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    for (int i = 0; i < 5; ++i) ASSERT_TRUE(h.sources[2]->send(kLocal1));
    EXPECT_FALSE(h.sources[2]->send(kLocal1));  // the injection buffer is full: the source waits
    sc_core::sc_start(step_time() * 20.0);
    EXPECT_EQ(out.got.size(), 2u);  // two credits, two packets
    EXPECT_EQ(h.r->occupancy(), 3u);
    EXPECT_GT(h.r->stats().stalls, 0u);
    out.hold_credits = false;
    out.release();
    sc_core::sc_start(step_time() * 20.0);
    ASSERT_EQ(out.got.size(), 5u);
    for (std::size_t i = 1; i < out.got.size(); ++i)
        EXPECT_LT(out.got[i - 1].second, out.got[i].second);
    EXPECT_EQ(h.r->occupancy(), 0u);
    EXPECT_EQ(h.pool.in_use(), 0u);
    EXPECT_EQ(h.r->stats().conflicts, 0u);
    EXPECT_EQ(h.sources[2]->credits, 5);  // every injection slot came back
}

TEST(Router, TwoRequestersOneLinkIsOneConflict) {
    D3_REQUIRE_FRESH_KERNEL();
    harness h(small(4));
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    // Both want local port 1 in step 1: one from the global input (b=1, pi=1), one injected.
    ASSERT_TRUE(h.sources[0]->send(make_source_vector_header(false, 1, {0, 1, 0})));
    ASSERT_TRUE(h.sources[2]->send(kLocal1));
    sc_core::sc_start(step_time() * 10.0);
    const sink& out = *h.sinks[1];
    ASSERT_EQ(out.got.size(), 2u);
    EXPECT_EQ(out.got[0].first, 1u);  // the winner crosses in step 1
    EXPECT_EQ(out.got[1].first, 2u);  // the loser waits one step
    EXPECT_EQ(out.arrivals[0], 2u);   // a local link takes one step
    EXPECT_EQ(h.r->stats().conflicts, 1u);
    EXPECT_EQ(h.r->stats().waits, 1u);
    ASSERT_EQ(h.r->conflict_log().size(), 1u);
    EXPECT_EQ(h.r->conflict_log()[0].step, 1u);
    EXPECT_EQ(h.r->conflict_log()[0].port, 1u);  // output 1 = local port 1
    EXPECT_EQ(h.r->conflict_log()[0].requesters, 2u);
    EXPECT_EQ(h.sources[0]->credits, 4);  // the global input's slot was returned
}

/// Counts the link events a router reports (with one, the router takes its general step).
struct counting_observer : link_observer {
    int links = 0, sent = 0;
    void on_link(const link_event& e) override {
        ++links;
        sent += e.sent;
    }
};

// The paper's router takes its plain step (router::step_as), a router with an observer the general
// one: the same moves, the same figures.
TEST(Router, TheGeneralStepMovesAsThePlainOne) {
    D3_REQUIRE_FRESH_KERNEL();
    counting_observer seen;
    harness h(small(4), &seen);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    ASSERT_TRUE(h.sources[0]->send(make_source_vector_header(false, 1, {0, 1, 0})));
    ASSERT_TRUE(h.sources[2]->send(kLocal1));
    ASSERT_TRUE(h.sources[1]->send(make_source_vector_header(false, 1, {0, 0, 0})));
    sc_core::sc_start(step_time() * 10.0);
    const sink& out = *h.sinks[1];
    ASSERT_EQ(out.got.size(), 2u);
    EXPECT_EQ(out.got[0].first, 1u);  // as in TwoRequestersOneLinkIsOneConflict
    EXPECT_EQ(out.got[1].first, 2u);
    ASSERT_EQ(h.sinks[2]->got.size(), 1u);
    EXPECT_EQ(h.sinks[2]->got[0].first, 2u);  // as in HoldStageStepsTheCounterDown
    EXPECT_EQ(h.r->stats().conflicts, 1u);
    EXPECT_EQ(h.r->stats().waits, 1u);
    EXPECT_EQ(h.r->stats().holds, 1u);
    EXPECT_EQ(seen.links, 2);  // local port 1 in steps 1 and 2
    EXPECT_EQ(seen.sent, 2);
}

TEST(Router, HoldStageStepsTheCounterDown) {
    D3_REQUIRE_FRESH_KERNEL();
    harness h(small(4));
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    // (0,3;0,1,0) at (0,0,1): delta = 0 holds, then gamma = 0 is a real global link (d != p).
    ASSERT_TRUE(h.sources[2]->send(make_source_vector_header(false, 3, {0, 1, 0})));
    // (0,1;0,0,0): pi = 0 holds one step, then b = 0 ejects to the node.
    ASSERT_TRUE(h.sources[1]->send(make_source_vector_header(false, 1, {0, 0, 0})));
    sc_core::sc_start(step_time() * 10.0);
    ASSERT_EQ(h.sinks[0]->got.size(), 1u);
    EXPECT_EQ(h.sinks[0]->got[0].first, 2u);  // hold in step 1, global hop in step 2
    ASSERT_EQ(h.sinks[2]->got.size(), 1u);
    EXPECT_EQ(h.sinks[2]->got[0].first, 2u);  // hold in step 1, ejected at step 2
    EXPECT_EQ(h.r->stats().holds, 2u);
    EXPECT_EQ(h.r->stats().hops, 1u);
    EXPECT_EQ(h.r->stats().ejected, 1u);
    EXPECT_EQ(h.sinks[0]->vcs[0], 0);  // one virtual channel
}

TEST(Router, UnitsAreNamedChildren) {
    D3_REQUIRE_FRESH_KERNEL();
    harness h(small(2));
    std::vector<std::string> names;
    for (const sc_core::sc_object* o : h.r->get_child_objects()) names.push_back(o->basename());
    // The six units, the two multi-sockets, and the export and port each socket carries for its
    // other direction: a fixed number of SystemC objects per router, whatever K and M are
    // (docs/architecture.md, "Modules").
    std::sort(names.begin(), names.end());
    const std::vector<std::string> expected{
        "hold_stage",   "in",          "in_port_0",  "input_unit",  "out",
        "out_export_0", "output_unit", "replicator", "route_stage", "switch_allocator"};
    EXPECT_EQ(names, expected);
}

// A buffer's label names its class and its virtual channel, each where there is more than one:
// with two classes of one VC each, the two buffers of one input are told apart (a deadlock report
// once printed both as "global 0").
TEST(Router, BufferLabelsNameClassAndVirtualChannel) {
    D3_REQUIRE_FRESH_KERNEL();
    network_config two_classes = small(2);
    two_classes.router.service_classes = 2;
    harness h(two_classes);
    EXPECT_EQ(h.r->fifo_label(h.r->fifo_index(0, 0)), "global 0 privileged");
    EXPECT_EQ(h.r->fifo_label(h.r->fifo_index(0, 1)), "global 0 standard");
}

TEST(Router, BufferLabelsNameTheVirtualChannelWithinItsClass) {
    D3_REQUIRE_FRESH_KERNEL();
    network_config both = small(2);
    both.router.service_classes = 2;
    both.router.vcs = 2;
    harness g(both);
    // channel = class * vcs + vc: channel 3 is the standard class's second VC.
    EXPECT_EQ(g.r->fifo_label(g.r->fifo_index(1, 3)), "local 1 standard vc1");
}

TEST(Router, AProtocolErrorIsReported) {
    D3_REQUIRE_FRESH_KERNEL();
    harness h(small(2));
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    tlm::tlm_phase wrong = tlm::BEGIN_RESP;
    EXPECT_THROW(h.sources[2]->send(kLocal1, wrong), sc_core::sc_report);
}

}  // namespace
}  // namespace d3
