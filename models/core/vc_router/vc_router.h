// A design-space router (issue 43): the router as an architect describes it, moving packets
// flit by flit through named units, each chosen by configuration (vc_router_setup):
//
//   1. output_vcs.return_credits     credits that came back by now become usable
//   2. terminal_sources.inject       each terminal sends one flit into its input port
//   3. route                         the head of every idle input VC is decoded: its output and
//                                    the VCs it may take there (vc_class.h); the next stage may
//                                    begin R cycles later
//   4. vc_allocation.allocate        routed heads take a free output VC (static: the one b fixes)
//   5. switch_allocation.allocate    active VCs with a flit and a credit downstream (wormhole: one
//                                    slot; virtual cut-through: the head needs the whole packet's)
//                                    ask for their output, input_speedup rows per input port
//   6. traverse                      each winner's flit leaves its buffer: its credit goes upstream
//                                    A cycles later (the allocate unit), the flit onto its link
//                                    A + T cycles later, or when the flits ahead of it in its
//                                    output queue have left (one per cycle); a tail frees its
//                                    output VC and input VC
//   7. next wake-up                  the next cycle with work
//
// Steps 3 to 6 run internal_speedup times per cycle (a fraction carried over), each round with
// input_speedup flits per input port and output_speedup per output port.
//
// Ports: inputs are the P link inputs (port_of order), the hold port (P: port 0's loop back
// into the router) and one per terminal; outputs the P links, the hold port and one ejection
// port per terminal. The units are plain C++; what crosses the router's edges goes through
// vc_router_io (sc/router.cpp wires it to the links and the node). docs/design-space.md.
//
// An optional link_observer (core/run/stats.h; nullptr: none, one pointer test per event site)
// sees what the units do, in the step they do it: on_link per link output and cycle with
// requesters (its switch-allocation rows; a flit crossed), on_inner_conflict for the hold and
// ejection ports, on_buffer and on_vc_buffer when an input's flits change, on_vc_grant when an
// output VC is granted or released, on_input_flits per input that sent flits, and with
// wants_packets() the packet events of heads (inject, hop, hold, deliver, conflict_wait) and,
// with setup.log_tails, of multi-flit packets' tails (tail).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/decoding/decoder.h"
#include "core/decoding/expand.h"
#include "core/decoding/mdf_decoder.h"
#include "core/network/topology.h"
#include "core/run/packet.h"
#include "core/run/stats.h"
#include "core/vc_router/input_vcs.h"
#include "core/vc_router/output_vcs.h"
#include "core/vc_router/switch_allocation.h"
#include "core/vc_router/terminal_sources.h"
#include "core/vc_router/vc_allocation.h"
#include "core/vc_router/vc_router_setup.h"

namespace d3 {

/// What a design-space router does at its edges.
class vc_router_io {
  public:
    virtual ~vc_router_io() = default;
    /// Flit `seq` of `p` leaves on link output `output` into VC `vc` at cycle `depart`.
    virtual void send_flit(int output, int vc, packet* p, int seq, std::uint64_t depart) = 0;
    /// A flit on link output `output` went into the next router's VC directly
    /// (vc_router::link_flits), usable from `ready`: that router is to step then.
    virtual void wake(int /*output*/, std::uint64_t /*ready*/) {}
    /// A slot of VC `vc` of link input `input` was freed at cycle `at`: a credit upstream.
    virtual void send_credit(int input, int vc, std::uint64_t at) = 0;
    /// The tail of `p` reached its terminal at cycle `at`.
    virtual void deliver(packet* p, std::uint64_t at) = 0;
    /// Decodes `p`'s header here: its output (a link, kHoldTarget or kEjectTarget) and the header
    /// it carries after the hop (false: not a unicast, which this router does not move).
    virtual bool route(const packet& p, std::uint64_t t, target& to, header& next) = 0;
};

class vc_router {
  public:
    /// `observer` (nullptr: none) is told what router `id` does (see above).
    vc_router(const vc_router_setup& s, vc_router_io& io, link_observer* observer = nullptr,
              router_id id = 0);

    /// Flit `seq` of `p` arrives in VC `vc` of link input `input`, usable from `ready`, sent in
    /// cycle `now` (the observer's step: the slot is taken from then); false when the VC is full.
    bool arrive(int input, int vc, packet* p, int seq, std::uint64_t ready, std::uint64_t now) {
        if (!inputs_.arrive(input, vc, {p, ready, static_cast<std::uint16_t>(seq)})) return false;
        if (observer_) report_buffer(now, input, vc);
        return true;
    }
    /// A packet from the node in cycle `now`: its terminal's source queue, from `ready`.
    void inject(packet* p, std::uint64_t ready, std::uint64_t now) {
        p->globals = 0;
        sources_.add(p, ready);
        if (log_packets_) log_packet(packet_event_kind::inject, *p, now, -1, 0, -1);
    }
    /// A credit for VC `vc` of link output `output`, usable from `due`.
    void credit(int output, int vc, std::uint64_t due) { outputs_.credit_arrived(output, vc, due); }
    /// Link input `input` comes from link output `output` of design-space router `from`, over
    /// `latency` cycles: its credits go to `from`'s credit() directly, not through io.
    void link_credits(int input, vc_router& from, int output, std::uint64_t latency) {
        in_ports_[static_cast<std::size_t>(input)].credits = {&from, output, latency};
    }
    /// Link output `output` leads to link input `input` of design-space router `to`, over
    /// `latency` cycles: its flits go to `to`'s arrive() directly and io wakes `to` (a full VC,
    /// which its sender's credits rule out, still goes through io's send_flit, which reports it).
    void link_flits(int output, vc_router& to, int input, std::uint64_t latency) {
        out_ports_[static_cast<std::size_t>(output)].flits = {&to, input, latency};
    }

    /// The networks whose reference decoder a router may call itself (decode_with_reference).
    enum class reference_net : std::uint8_t { none, d3, mdf };
    /// Heads whose header is known valid (packet::header_checked) are decoded here with the
    /// reference decoder of `net` on `t` at `at`, as the route stage behind io's route() would
    /// decode them; any other head, and any decision that is no unicast move, through route().
    void decode_with_reference(const topology& t, const coord& at, reference_net net) {
        topo_ = &t;
        at_ = at;
        net_ = net;
    }
    /// Heads decoded by decode_with_reference's decoder (the others: io's route()).
    std::uint64_t decodes() const { return decodes_; }

    /// One cycle; returns the next cycle with work (UINT64_MAX: none until something arrives).
    std::uint64_t step(std::uint64_t t);

    const router_stats& stats() const { return stats_; }
    /// Flits through the crossbar from input port `i` / to output port `o` in the whole run:
    /// link ports, then the hold port, then the terminals.
    std::uint64_t crossed_in(int i) const { return in_ports_[static_cast<std::size_t>(i)].crossed; }
    std::uint64_t crossed_out(int o) const {
        return out_ports_[static_cast<std::size_t>(o)].crossed;
    }
    std::uint64_t conflicts() const { return switch_.conflicts(); }
    /// Flits in its input buffers (the hold port's too).
    std::uint64_t buffered_flits() const { return inputs_.flits(); }
    /// Flits in input buffers and packets in source queues.
    std::uint64_t occupancy() const { return inputs_.flits() + sources_.packets(); }
    /// Flits sent on link output `o` its downstream buffers still hold.
    int output_occupancy(int o) const { return outputs_.occupancy(o); }
    std::uint64_t credits_outstanding() const { return outputs_.outstanding(); }
    /// "input 3 vc1: 4 flits, head serial 17 (vc_alloc)" per non-empty VC (a run that did not
    /// drain).
    std::string describe() const;
    int hold_port() const { return setup_.link_ports; }

    // A failure at a step (vc_router_failure.cpp; docs/resilience.md, "Failures at a step").
    /// Where a packet waits none of whose flits has left its terminal's source queue.
    static constexpr int kSourceQueue = -1;
    /// f(packet, input port (the link ports, hold_port(), a terminal's; kSourceQueue), VC, the
    /// lowest of its flits there) once per input VC and source queue holding flits of it.
    void for_each_waiting(const std::function<void(packet&, int, int, int)>& f) const;
    /// f(packet, output) for each packet whose head has left over `output` while its input VC
    /// here is still its (flits of it to come from here or upstream).
    void for_each_sending(const std::function<void(packet&, int)>& f) const;
    /// Whether a packet's input VC class follows its sync counter b down every hop (static VCs,
    /// sync classes), as the paper router's channels do.
    bool channels_by_b() const { return classes_.fixed() || setup_.classes == vc_class_kind::sync; }
    /// A failure at the end of step `t`: each packet `lost` names leaves this router (its flits
    /// leave every input VC and source queue, each freed slot's credit goes upstream, the VCs it
    /// held here are free); each packet `rerouted` names whose head waits here is routed again.
    void fail(std::uint64_t t, const std::function<bool(const packet*)>& lost,
              const std::function<bool(const packet*)>& rerouted);

  private:
    /// Routes the heads ready at `t` (step 3) and lists the routed heads' VC requests.
    void route_and_ask(std::uint64_t t);
    /// Decodes `p`'s header here (decode_with_reference) or through io's route().
    [[gnu::always_inline]] bool decode(const packet& p, std::uint64_t t, target& to, header& next) {
        if (net_ != reference_net::none && p.header_checked) {
            decision d;
            if (net_ == reference_net::mdf)
                decode_mdf_valid_inline(p.hdr, at_, *topo_, d);
            else
                decode_valid_d3(p.hdr, at_, *topo_, d);
            if (unicast_target(d, *topo_, to)) {
                ++decodes_;
                next = d.next;
                return true;
            }
        }
        return io_.route(p, t, to, next);
    }
    /// Decodes the head of input VC `iv` (always inline: its one caller visits every head).
    [[gnu::always_inline]] inline void route(int iv, input_vc& v, std::uint64_t t);
    /// Grants this cycle's VC requests (step 4); `AskSwitch`: each head granted a VC that may
    /// ask for the switch this round asks at once (ask_switch), not in request_switch's visit.
    template <bool AskSwitch>
    void allocate_vcs(std::uint64_t t);
    /// The switch requests of the active VCs whose flit is ready (step 5).
    void request_switch(std::uint64_t t);
    /// Active input VC `iv`'s flit `f` (ready, eligible) asks for its output if it has credits
    /// downstream and room in its output queue.
    [[gnu::always_inline]] inline void ask_switch(int iv, const input_vc& v, const flit_slot& f,
                                                  std::uint64_t t);
    /// The switch's grant to input VC `iv` (input x vcs + vc) for `output`: its flit crosses.
    void traverse(int iv, int output, std::uint64_t t);
    /// A slot of VC `vc` of link input `input` is free at cycle `at`: its credit upstream.
    void send_credit(int input, int vc, std::uint64_t at) {
        const peer& c = in_ports_[static_cast<std::size_t>(input)].credits;
        if (c.to)
            c.to->credit(c.port, vc, at + c.latency);
        else
            io_.send_credit(input, vc, at);
    }
    /// A slot of VC `vc` of input `input` is free at cycle `freed`: a link input's credit goes
    /// upstream, a terminal input's to its source queue (after the terminal's latency); the
    /// hold port between them (hold_port) returns no credit.
    void free_slot(int input, int vc, std::uint64_t freed) {
        if (input < setup_.link_ports) {
            ++stats_.flits_freed;
            send_credit(input, vc, freed);
        } else if (input > setup_.link_ports) {
            sources_.credit(input - setup_.link_ports - 1, vc,
                            freed + static_cast<std::uint64_t>(setup_.terminal_latency));
        }
    }
    /// Flit `seq` of `p` leaves on link output `output` into VC `vc` at cycle `depart` (sent in
    /// cycle `t`).
    void send_flit(int output, int vc, packet* p, int seq, std::uint64_t depart, std::uint64_t t) {
        // As the peer's receive would: usable from `depart` plus the link's latency.
        const peer& n = out_ports_[static_cast<std::size_t>(output)].flits;
        const std::uint64_t ready = depart + n.latency;
        if (n.to && n.to->arrive(n.port, vc, p, seq, ready, t)) return io_.wake(output, ready);
        io_.send_flit(output, vc, p, seq, depart);
    }
    /// The terminal a packet leaves at (uniform over the router's terminals).
    int terminal_of(const packet& p) const;
    int input_of_terminal(int terminal) const { return setup_.link_ports + 1 + terminal; }
    bool is_ejection(int output) const { return output > setup_.link_ports; }

    // The observer's side (vc_router_observe.cpp).
    /// A port as the observer's new callbacks name it (link_observer::kHoldPort, ...).
    int observed_port(int port) const {
        return port < setup_.link_ports    ? port
               : port == setup_.link_ports ? link_observer::kHoldPort
                                           : port - 1;
    }
    /// A port as packet events name it: a link, packet_event::kHold or kNode (-1: kNode).
    int event_port(int port) const {
        return port < 0                    ? packet_event::kNode
               : port < setup_.link_ports  ? port
               : port == setup_.link_ports ? packet_event::kHold
                                           : packet_event::kNode;
    }
    /// The occupancy of input `input` changed (and of its VC `vc`).
    void report_buffer(std::uint64_t t, int input, int vc);
    /// A head's event at input `input` (-1: the node), VC `vc`, output `output` (-1: none).
    void log_packet(packet_event_kind kind, const packet& p, std::uint64_t t, int input, int vc,
                    int output);
    /// What traverse did for the observer: the flit of `p` left input `input`'s VC `vc` for
    /// `output`'s VC `out_vc` (the tail: `tail`).
    void observe_traverse(std::uint64_t t, int input, int vc, int output, int out_vc,
                          const packet& p, bool head, bool tail);
    /// After the switch allocation of cycle `t`: on_link, on_inner_conflict, conflict waits,
    /// on_input_flits.
    void observe_switch(std::uint64_t t);
    /// VCs released when their tails' credits came back (wait_for_tail_credit).
    void observe_releases(std::uint64_t t);
    /// fail(): VC `out_vc` of `output` is free of the packet that held it.
    void release_output(std::uint64_t t, int output, int out_vc);
    /// fail(): the flits of the lost packets leave input VC `iv`; their slots' credits go back.
    void take_out_lost(std::uint64_t t, int iv, const std::function<bool(const packet*)>& lost);

    const vc_router_setup setup_;
    vc_router_io& io_;
    // decode_with_reference's network (none: every head through io's route()).
    const topology* topo_ = nullptr;
    coord at_{};
    reference_net net_ = reference_net::none;
    std::uint64_t decodes_ = 0;
    link_observer* const observer_;
    const router_id id_;
    const bool log_packets_;
    const std::uint64_t route_cycles_, vc_cycles_, read_out_, depart_;
    const std::uint64_t queue_;  ///< output queue depth in flits (0: unbounded)
    vc_class_map classes_;
    input_vcs inputs_;
    output_vcs outputs_;
    terminal_sources sources_;
    vc_allocation vcs_;
    switch_allocation switch_;
    router_stats stats_;
    /// The design-space router at the other end of a link (none: through io), its port there
    /// and the link's latency.
    struct peer {
        vc_router* to = nullptr;
        int port = -1;
        std::uint64_t latency = 0;
    };
    /// What a traversal reads and writes of its input and its output port, side by side.
    struct input_port {
        /// Flits through the crossbar in the whole run (the activity counts,
        /// core/energy/activity.h).
        std::uint64_t crossed = 0;
        peer credits;  ///< a link input's (link_credits)
    };
    struct output_port {
        std::uint64_t crossed = 0;  ///< as input_port's
        /// The first cycle its link is free (a flit leaves per cycle; with speedups the flits
        /// granted beyond that wait in the output queue).
        std::uint64_t link_free = 0;
        peer flits;           ///< a link output's (link_flits)
        bool global = false;  ///< a global link (setup_.link_global)
    };
    std::vector<input_port> in_ports_;
    std::vector<output_port> out_ports_;
    double rounds_owed_ = 0;  ///< internal speedup: the fraction of a round carried over
    // With an observer: this cycle's flits per output (the packet sent) and per input, the heads
    // that asked for the switch (for conflict waits), the released VCs not free yet.
    std::vector<const packet*> output_sent_;
    /// Per output, the flits and the heads that crossed it in this step (link_event).
    std::vector<std::uint16_t> output_flits_, output_heads_;
    std::vector<int> input_sent_;
    struct head_request {
        int input, vc, output;
        const packet* pkt;
    };
    std::vector<head_request> heads_asked_;
    struct pending_release {
        int output, vc;
    };
    std::vector<pending_release> releases_;
};

}  // namespace d3
