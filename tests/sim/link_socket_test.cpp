// The link multi-sockets (sc/link_socket.h): every binding's binder calls the module's receive or
// credit with that binding's index, whatever socket is at the other end (another link socket, a
// tlm_utils simple initiator, a passthrough target), and the interfaces the module reads back
// (socket[b]) are the far ends, so a reply goes back to the sender.
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>

#include <utility>
#include <vector>

#include "sc/link_socket.h"
#include "sim_util.h"

namespace d3 {
namespace {

/// A module with a link input and a link output; records the bindings its callbacks see.
struct hub : sc_core::sc_module {
    link_target_socket<hub> in;
    link_initiator_socket<hub> out;
    std::vector<std::pair<int, int>> received;  ///< (binding, vc)
    std::vector<std::pair<int, int>> credited;  ///< (binding, vc)

    /// Room for two links on each socket (binder_block): a third link's binder, and a second
    /// bound binding's, is made alone.
    explicit hub(const sc_core::sc_module_name& n)
        : sc_core::sc_module(n), in("in", *this, 2), out("out", *this, 2) {}

    tlm::tlm_sync_enum receive(int b, flit& f, tlm::tlm_phase& ph, sc_core::sc_time&) {
        EXPECT_EQ(ph, tlm::BEGIN_REQ);
        received.push_back({b, f.vc});
        // Answer on the same binding's backward path: it must reach the sender of this flit.
        flit credit{nullptr, f.vc, 0};
        tlm::tlm_phase back = tlm::END_REQ;
        sc_core::sc_time t = sc_core::SC_ZERO_TIME;
        EXPECT_EQ(in[b]->nb_transport_bw(credit, back, t), tlm::TLM_ACCEPTED);
        return tlm::TLM_ACCEPTED;
    }
    tlm::tlm_sync_enum credit(int b, flit& f, tlm::tlm_phase& ph, sc_core::sc_time&) {
        EXPECT_EQ(ph, tlm::END_REQ);
        credited.push_back({b, f.vc});
        return tlm::TLM_ACCEPTED;
    }
};

/// A flit in channel `vc` sent forward through `fw` (one binding of a socket): what it returns.
template <typename FW>
tlm::tlm_sync_enum forward(FW* fw, int vc) {
    flit f{nullptr, static_cast<std::uint8_t>(vc), 0};
    tlm::tlm_phase ph = tlm::BEGIN_REQ;
    sc_core::sc_time t = sc_core::SC_ZERO_TIME;
    return fw->nb_transport_fw(f, ph, t);
}

/// A plain TLM initiator (like a node's injection socket); counts the credits it gets back.
struct sender : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<sender, kSocketWidth, link_protocol_types> out;
    std::vector<int> credits;  ///< vc of each credit
    explicit sender(const sc_core::sc_module_name& n) : sc_core::sc_module(n), out("out") {
        out.register_nb_transport_bw(this, &sender::credit);
    }
    void send(int vc) {
        flit f{nullptr, static_cast<std::uint8_t>(vc), 0};
        tlm::tlm_phase ph = tlm::BEGIN_REQ;
        sc_core::sc_time t = sc_core::SC_ZERO_TIME;
        EXPECT_EQ(out->nb_transport_fw(f, ph, t), tlm::TLM_ACCEPTED);
    }
    tlm::tlm_sync_enum credit(flit& f, tlm::tlm_phase&, sc_core::sc_time&) {
        credits.push_back(f.vc);
        return tlm::TLM_ACCEPTED;
    }
};

/// A plain TLM target (like a node's ejection socket); returns credits when asked.
struct receiver : sc_core::sc_module {
    tlm_utils::passthrough_target_socket<receiver, kSocketWidth, link_protocol_types> in;
    int got = 0;
    explicit receiver(const sc_core::sc_module_name& n) : sc_core::sc_module(n), in("in") {
        in.register_nb_transport_fw(this, &receiver::receive);
    }
    tlm::tlm_sync_enum receive(flit&, tlm::tlm_phase&, sc_core::sc_time&) {
        ++got;
        return tlm::TLM_COMPLETED;
    }
    void give_credit(int vc) {
        flit f{nullptr, static_cast<std::uint8_t>(vc), 0};
        tlm::tlm_phase ph = tlm::END_REQ;
        sc_core::sc_time t = sc_core::SC_ZERO_TIME;
        EXPECT_EQ(in->nb_transport_bw(f, ph, t), tlm::TLM_ACCEPTED);
    }
};

TEST(LinkSocket, EveryBindingReachesTheModuleWithItsIndexAndRepliesToItsSender) {
    D3_REQUIRE_FRESH_KERNEL();
    // Bindings of a.in: 0 from sender s0, 1 from hub b's out (multi to multi), 2 from sender s1.
    // Bindings of b.out: 0 to a.in, 1 to receiver r.
    hub a("a"), b("b");
    sender s0("s0"), s1("s1");
    receiver r("r"), unused_r("unused_r");
    sender unused_s("unused_s");
    s0.out.bind(a.in);
    b.out.bind(a.in);
    s1.out.bind(a.in);
    b.out.bind(r.in);
    unused_s.out.bind(b.in);  // every socket is bound once at least
    a.out.bind(unused_r.in);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    ASSERT_EQ(a.in.size(), 3u);
    ASSERT_EQ(b.out.size(), 2u);

    s1.send(5);                                           // binding 2 of a.in
    s0.send(3);                                           // binding 0
    EXPECT_EQ(forward(b.out[0], 4), tlm::TLM_ACCEPTED);   // binding 1 of a.in
    EXPECT_EQ(forward(b.out[1], 0), tlm::TLM_COMPLETED);  // to r
    r.give_credit(2);                                     // r is binding 1 of b.out

    const std::vector<std::pair<int, int>> want_received = {{2, 5}, {0, 3}, {1, 4}};
    EXPECT_EQ(a.received, want_received);
    // a answered each flit on its binding's backward path: s1 and s0 got theirs, and b got its
    // on binding 0 (a.in), then r's on binding 1.
    EXPECT_EQ(s1.credits, std::vector<int>{5});
    EXPECT_EQ(s0.credits, std::vector<int>{3});
    const std::vector<std::pair<int, int>> want_credited = {{0, 4}, {1, 2}};
    EXPECT_EQ(b.credited, want_credited);
    EXPECT_EQ(r.got, 1);
    EXPECT_TRUE(b.received.empty());
    EXPECT_TRUE(a.credited.empty());
}

TEST(LinkSocket, ConnectedLinksAreBindingsInTheirOrderWithoutPortBindings) {
    D3_REQUIRE_FRESH_KERNEL();
    // Bindings of a.in: 0 from sender s (bound), 1 from b.out (connected). Of b.out: 0 to a.in
    // (connected), 1 to receiver r (bound). Of b.in: 0 from a.out (connected), 1 from unused_s
    // (bound). Of a.out: 0 to b.in (connected), 1 to unused_r (bound).
    hub a("a"), b("b");
    sender s("s"), unused_s("unused_s");
    receiver r("r"), unused_r("unused_r");
    s.out.bind(a.in);
    b.out.connect(a.in);
    b.out.bind(r.in);
    a.out.connect(b.in);
    unused_s.out.bind(b.in);
    a.out.bind(unused_r.in);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    ASSERT_EQ(a.in.size(), 2u);
    ASSERT_EQ(b.out.size(), 2u);
    // Only the bound bindings are the ports' (SystemC's) own.
    EXPECT_EQ(a.in.get_base_port().size(), 1);
    EXPECT_EQ(b.out.get_base_port().size(), 1);

    EXPECT_EQ(forward(b.out[0], 4), tlm::TLM_ACCEPTED);   // binding 1 of a.in
    s.send(3);                                            // binding 0 of a.in
    EXPECT_EQ(forward(a.out[0], 6), tlm::TLM_ACCEPTED);   // binding 0 of b.in
    EXPECT_EQ(forward(b.out[1], 0), tlm::TLM_COMPLETED);  // to r
    r.give_credit(2);                                     // r is binding 1 of b.out
    b.out.retag(0, 7);  // (a hub answers on the binding its receive is told: a.in keeps its own)
    EXPECT_EQ(forward(b.out[0], 1), tlm::TLM_ACCEPTED);

    const std::vector<std::pair<int, int>> want_a = {{1, 4}, {0, 3}, {1, 1}};
    EXPECT_EQ(a.received, want_a);
    EXPECT_EQ(s.credits, std::vector<int>{3});
    const std::vector<std::pair<int, int>> want_b_credited = {{0, 4}, {1, 2}, {7, 1}};
    EXPECT_EQ(b.credited, want_b_credited);
    EXPECT_EQ(b.received, (std::vector<std::pair<int, int>>{{0, 6}}));
    EXPECT_EQ(a.credited, (std::vector<std::pair<int, int>>{{0, 6}}));
    EXPECT_EQ(r.got, 1);
    // A connected link's ends are the two halves of one link object, naming the module each
    // calls.
    auto* down = dynamic_cast<link_fw_end<hub>*>(b.out[0]);
    ASSERT_NE(down, nullptr);
    EXPECT_EQ(&down->downstream(), &a);
    auto* up = dynamic_cast<link_bw_end<hub>*>(a.in[1]);
    ASSERT_NE(up, nullptr);
    EXPECT_EQ(&up->upstream(), &b);
    EXPECT_EQ(&down->backward(), a.in[1]);
    EXPECT_EQ(&up->forward(), b.out[0]);
    EXPECT_EQ(dynamic_cast<link_bw_end<hub>*>(a.in[0]), nullptr);  // s's own socket
}

/// A link input that only records what its receive is told.
struct listener : sc_core::sc_module {
    link_target_socket<listener> in;
    std::vector<int> told;
    explicit listener(const sc_core::sc_module_name& n) : sc_core::sc_module(n), in("in", *this) {}
    tlm::tlm_sync_enum receive(int tag, flit&, tlm::tlm_phase&, sc_core::sc_time&) {
        told.push_back(tag);
        return tlm::TLM_ACCEPTED;
    }
    tlm::tlm_sync_enum credit(int, flit&, tlm::tlm_phase&, sc_core::sc_time&) {
        return tlm::TLM_ACCEPTED;
    }
};

TEST(LinkSocket, RetaggedBindingTellsTheModuleItsTag) {
    D3_REQUIRE_FRESH_KERNEL();
    // The router retags each input binding with its input port's first buffer
    // (router::end_of_elaboration):
    // a retagged binding's transports carry the tag, the others keep their index, and the
    // backward path of a retagged binding still reaches its own sender.
    // Binding 1 is a connected link (from hub h), between bound ones.
    listener l("l");
    sender s0("s0"), s1("s1"), s2("s2"), unused_s("unused_s");
    hub h("h");
    receiver unused_r("unused_r");
    s0.out.bind(l.in);
    h.out.connect(l.in);
    s1.out.bind(l.in);
    s2.out.bind(l.in);
    unused_s.out.bind(h.in);
    h.out.bind(unused_r.in);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    l.in.retag(0, 7);
    l.in.retag(3, 5);
    EXPECT_EQ(forward(h.out[0], 0), tlm::TLM_ACCEPTED);
    l.in.retag(1, 11);
    EXPECT_EQ(forward(h.out[0], 0), tlm::TLM_ACCEPTED);
    s2.send(0);
    s1.send(0);
    s0.send(0);
    EXPECT_EQ(l.told, (std::vector<int>{1, 11, 5, 2, 7}));
    flit f{nullptr, 3, 0};
    tlm::tlm_phase ph = tlm::END_REQ;
    sc_core::sc_time t = sc_core::SC_ZERO_TIME;
    EXPECT_EQ(l.in[3]->nb_transport_bw(f, ph, t), tlm::TLM_ACCEPTED);
    EXPECT_EQ(s2.credits, std::vector<int>{3});
    EXPECT_TRUE(s0.credits.empty());
}

TEST(LinkSocket, RetaggedOutputBindingTellsTheModuleItsTagWithItsCredits) {
    D3_REQUIRE_FRESH_KERNEL();
    // The router retags each output binding with its output's first credit slot, the node's with
    // router::kEjectionCredit (router::end_of_elaboration): a retagged binding's credits carry
    // the tag, the others keep their index, and its forward path still reaches its own target.
    hub h("h");
    receiver r0("r0"), r1("r1"), r2("r2");
    sender unused("unused");
    h.out.bind(r0.in);
    h.out.bind(r1.in);
    h.out.bind(r2.in);
    unused.out.bind(h.in);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    h.out.retag(0, 9);
    h.out.retag(2, -1);
    r2.give_credit(1);
    r1.give_credit(2);
    r0.give_credit(3);
    const std::vector<std::pair<int, int>> want = {{-1, 1}, {1, 2}, {9, 3}};
    EXPECT_EQ(h.credited, want);
    EXPECT_EQ(forward(h.out[2], 0), tlm::TLM_COMPLETED);
    EXPECT_EQ(r2.got, 1);
    EXPECT_EQ(r0.got + r1.got, 0);
}

/// A stock multi-socket initiator (bound through the generic bind, get_last_binder by a cast).
struct multi_sender : sc_core::sc_module {
    tlm_utils::multi_passthrough_initiator_socket<multi_sender, kSocketWidth, link_protocol_types>
        out;
    std::vector<std::pair<int, int>> credits;  ///< (binding, vc)
    explicit multi_sender(const sc_core::sc_module_name& n) : sc_core::sc_module(n), out("out") {
        out.register_nb_transport_bw(this, &multi_sender::credit);
    }
    tlm::tlm_sync_enum credit(int b, flit& f, tlm::tlm_phase&, sc_core::sc_time&) {
        credits.push_back({b, f.vc});
        return tlm::TLM_ACCEPTED;
    }
};

TEST(LinkSocket, AStockMultiSocketBoundGenericallyGetsItsReplies) {
    D3_REQUIRE_FRESH_KERNEL();
    // Bindings of a.in: 0 from s (a plain socket), 1 from m's binding 0, 2 from hub b, 3 from m's
    // binding 1. The multi-sockets' backward interfaces (what get_last_binder is told, by the
    // typed bind or the stock generic one) and the plain socket's are each binding's own.
    hub a("a"), b("b");
    sender s("s"), unused_s("unused_s");
    multi_sender m("m");
    receiver unused_r("unused_r");
    s.out.bind(a.in);
    m.out.bind(a.in);
    b.out.bind(a.in);
    m.out.bind(a.in);
    unused_s.out.bind(b.in);
    a.out.bind(unused_r.in);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    ASSERT_EQ(a.in.size(), 4u);
    EXPECT_EQ(forward(m.out[1], 6), tlm::TLM_ACCEPTED);  // binding 3 of a.in
    EXPECT_EQ(forward(m.out[0], 2), tlm::TLM_ACCEPTED);  // binding 1
    EXPECT_EQ(forward(b.out[0], 1), tlm::TLM_ACCEPTED);  // binding 2
    s.send(4);                                           // binding 0
    const std::vector<std::pair<int, int>> want_received = {{3, 6}, {1, 2}, {2, 1}, {0, 4}};
    EXPECT_EQ(a.received, want_received);
    const std::vector<std::pair<int, int>> want_m = {{1, 6}, {0, 2}};
    EXPECT_EQ(m.credits, want_m);
    EXPECT_EQ(b.credited, (std::vector<std::pair<int, int>>{{0, 1}}));
    EXPECT_EQ(s.credits, std::vector<int>{4});
}

}  // namespace
}  // namespace d3
