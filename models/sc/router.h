// The router (c,d,p) of D3(K,M) (or a router of the comparison MDF(K,M)): named units, stepped in
// one documented order per cycle by the network's stepper (docs/architecture.md, "Router"). The
// paper's router (step_as):
//
//   1. credits in           output_unit.return_credits: credits that came back by now are usable
//   2. input                input_unit.collect, hold_stage.collect: the packets that may move
//                           now: buffer heads and injection lanes, then the held packets due
//   3. route                route_stage.route: each packet's header is decoded once per visit and
//                           expanded into its targets; the node and the hold stage take theirs
//                           through the crossbar directly (up to the ejection width and the room)
//   4. VC and switch        switch_allocator.allocate: one winner per link among those with a
//      allocation,          credit downstream in the channel static_vc_allocation gives it (a
//      switch traversal,    function of b: core/router/static_vc_allocation.h); conflicts are
//      output               recorded; the crossbar moves the winner (the replicator's copy) and
//                           the output unit sends it
//   5. credits out          input_unit.release (a credit upstream per slot freed),
//                           hold_stage.commit (it takes in what entered it)
//   6. next wake-up         the earliest cycle any unit has work (a min over the units), unless
//                           the next cycle is asked for already
//
// The step is compiled once per kind of router (core/router/step_traits.h): the paper's router
// rules out service classes, multi-flit packets, a route stage of its own, an observer and the
// background at compile time; any other configuration tests them. The observer is told through
// one probe adapter (sc/router/router_probe.h).
//
// With two service classes (core/router/service.h) the requests of step 2 are ordered privileged
// first, so the privileged class takes the ejection and hold room first; the units keep the
// classes' channels, injection buffers and hold capacity apart, and the switch allocator serves the
// highest class first.
//
// A design-space router (router_params::design_space: any microarchitecture option) moves its
// packets flit by flit through core/vc_router's units instead (docs/design-space.md), its glue in
// sc/router/router_design.cpp.
//
// Sockets: `in` takes every link input and the node's injection, `out` every link output and the
// ejection to the node (multi-sockets: a fixed number of SystemC objects whatever K and M are;
// a forward transport on an input binding calls receive(the input port's first buffer, ...) and a
// credit on output binding o credit(output o's first credit slot, ...) directly, sc/link_socket.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>
#include <type_traits>
#include <vector>

#include "core/decoding/decoder.h"
#include "core/decoding/vc.h"
#include "core/energy/router_counts.h"
#include "core/network/config.h"
#include "core/network/topology.h"
#include "core/router/service.h"
#include "core/router/static_vc_allocation.h"
#include "core/router/step_traits.h"
#include "core/run/stats.h"
#include "core/vc_router/vc_router.h"
#include "sc/injection_sink.h"
#include "sc/link_socket.h"
#include "sc/packet_pool.h"
#include "sc/protocol.h"
#include "sc/router/crossbar.h"
#include "sc/router/design_io.h"
#include "sc/router/hold_stage.h"
#include "sc/router/input_unit.h"
#include "sc/router/output_unit.h"
#include "sc/router/replicator.h"
#include "sc/router/route_stage.h"
#include "sc/router/router_probe.h"
#include "sc/router/switch_allocator.h"
#include "sc/router/unit_slot.h"
#include "sc/step_deferral.h"
#include "sc/stepper.h"

namespace d3 {

// stepper::client first: the stepper's call of step() then needs no `this`-adjusting thunk (the
// node is laid out the same way).
class router : public stepper::client, public sc_core::sc_module {
  public:
    using out_socket = link_initiator_socket<router>;
    using in_socket = link_target_socket<router>;

    struct setup {
        const network_config& cfg;  ///< resolved (network_config::resolved)
        const topology& topo;
        coord at;
        decoder_if& decoder;
        packet_pool& pool;
        stepper& clock;
        link_observer* observer = nullptr;
        bool background = false;  ///< keep the background traffic's figures apart
    };

    /// Link outputs in port order (see port_of: global 0..K-1, then local 1..M-1), then the node.
    out_socket out;
    /// Link inputs and the node's injection, in the order they were bound (see bind_input).
    in_socket in;

    router(const sc_core::sc_module_name& name, const setup& s);
    ~router() override;  // the paper's units, if built

    /// Binds the next binding of `in` to input port `input` (link_ports() for the node).
    /// Call once per binding, in the order the bindings are made.
    void bind_input(int input) { input_of_binding_.push_back(static_cast<std::uint16_t>(input)); }

    coord position() const { return at_; }
    router_id id() const { return id_; }
    router_stats stats() const {
        router_stats s = design_ ? design_stats() : stats_;
        // One-flit packets: the hops are the links' flits less the background's
        // (output_unit::send).
        if (!design_ && cfg_.router.packet_length == 1)
            s.hops = out_unit_->link_flits_total() - background_stats_.hops;
        s.decodes = route_.decodes() + (design_ ? design_->decodes() : 0);
        return s;
    }
    /// What its units counted in the whole run (core/energy/activity.h; router_activity.cpp).
    router_counts activity_counts() const;
    /// A design-space router (router_params::design_space): the units of core/vc_router move
    /// its packets flit by flit; nullptr for the paper's router.
    const vc_router* design() const { return design_.get(); }
    vc_router* design() { return design_.get(); }
    /// Where its node may hand packets over by a direct call (node::inject_into): a design-space
    /// router's units; nullptr for the paper's router (its injection channel).
    injection_sink* direct_injection() { return design_ ? &design_sink_ : nullptr; }
    /// Its deliveries go to `sink` (node::direct_delivery) by a direct call: a design-space
    /// router's; the paper's router keeps its ejection channel.
    void deliver_into(delivery_sink& sink) {
        if (design_io_) design_io_->deliver_into(sink);
    }
    /// The background traffic's figures (--background; decodes are counted in stats()).
    const router_stats& background_stats() const { return background_stats_; }
    /// The first conflicts of this router (at most kConflictLog), in step order.
    const std::vector<conflict_record>& conflict_log() const {
        static const std::vector<conflict_record> none;  // a design-space router's
        return design_ ? none : alloc_->conflict_log();
    }
    static constexpr std::size_t kConflictLog = switch_allocator::kConflictLog;

    /// Packets in input buffers and the hold stage.
    std::size_t occupancy() const {
        return design_ ? static_cast<std::size_t>(design_->occupancy())
                       : in_unit_.occupancy() + hold_->size();
    }
    /// Packets in the hold stage.
    std::size_t hold_size() const { return design_ ? 0 : hold_->size(); }
    /// Flits sent on output `o` that its downstream buffers still hold (all virtual channels),
    /// at the end of the last cycle: what UGAL compares when a node launches (nodes step before
    /// routers). The credits that came back while the router was idle count, as if it had
    /// stepped in every cycle (it makes them usable only in its next step).
    int output_occupancy(int o) const {
        return design_ ? design_->output_occupancy(o) : out_unit_->occupancy(o, clock_.now());
    }
    /// Credits of the outputs not back yet: flits downstream (0 once the network drained).
    std::uint64_t credits_outstanding() const {
        return design_ ? design_->credits_outstanding() : out_unit_->credits_outstanding();
    }

    /// A packet that waits: the head of link input buffer `fifo`, or (fifo kHoldStage) a packet
    /// of the hold stage of service class `cls`; it waits for a credit of output `output`, virtual
    /// channel `vc` downstream, or (output kHoldStage) for room in this router's hold stage of
    /// class `cls`.
    static constexpr int kHoldStage = -1;
    struct wait {
        int fifo = 0;
        int output = 0;
        int vc = 0;
        int cls = 0;
    };
    /// What blocks this router (deadlock diagnosis): the heads of the link input buffers that wait
    /// for a credit or for the hold stage's room, and per class the first held packet that waits
    /// for a credit.
    std::vector<wait> blocked_heads() const;
    /// The header of the first held packet of class `cls` that waits for a credit ("" if none).
    std::string held_head(int cls) const;
    /// Link buffer `fifo` has no room for another packet.
    bool fifo_full(int fifo) const { return in_unit_.full(fifo); }
    /// Buffer index of link input `input` (0..K+M-2), virtual channel `vc`.
    int fifo_index(int input, int vc) const { return in_unit_.fifo_index(input, vc); }
    /// "local 3 vc2", "global 0 vc1", "injection".
    std::string fifo_label(int fifo) const;
    /// " privileged vc1": a link channel's class (with more than one) and virtual channel (with
    /// more than one per class), for fifo_label and describe_occupancy.
    std::string channel_suffix(int channel) const;
    /// The header at the head of buffer `fifo` (which must not be empty).
    std::string fifo_head(int fifo) const;
    /// "router (c,d,p): input global 2 holds 3 ..." for packets left behind.
    std::string describe_occupancy() const;

    void step(std::uint64_t t) override;

    /// What a failure during the run does to one packet waiting here (fail_waiting).
    enum class waiting_verdict : std::uint8_t { keep, rerouted, removed };
    /// visit(packet, where it waits: a link input port, waiting_place::kInjected or kHeld, the
    /// channel of the link buffer it waits in: 0 elsewhere, a decoded broadcast's copies still
    /// to leave: waiting_place::copies_left, else null).
    using copies_left = std::vector<std::pair<int, header>>;
    using waiting_visitor = std::function<waiting_verdict(packet&, int, int, const copies_left*)>;
    /// A failure at the end of step `t` (core/traffic/failure_at_step.h; router_failure.cpp):
    /// `visit` judges every packet in the input buffers and the hold stage; the removed ones are
    /// taken out (a credit upstream for each flit's buffer slot), the rerouted ones (their header
    /// rewritten by `visit`) are decoded again, in step t + 1. The paper's router, without a
    /// hold unit.
    void fail_waiting(std::uint64_t t, const waiting_visitor& visit);
    /// F > 1: the serials of the packets sent on link output `o` whose tail has not reached the
    /// router downstream by the end of step t - 1 (output_unit::tails_on).
    std::vector<std::uint64_t> tails_on(int o, std::uint64_t t) const {
        return out_unit_->tails_on(o, t);
    }
    /// Its broadcast copies' parents, in a run that records them (replicator::record_parents).
    const std::vector<std::pair<std::uint64_t, std::uint64_t>>& copy_parents() const {
        return replicate_->copy_parents();
    }
    /// A failure at a step took `p` after its head's ejection here, before its tail reached the
    /// node (node::fail_held): it is not counted ejected (its flits are the failure's).
    void take_back_ejection(const packet& p) {
        router_stats& s = p.background ? background_stats_ : stats_;
        --s.ejected;
        if (flits_ > 1) s.flits_ejected -= p.flits;
    }

    /// --threads: the occupancy the waves are told of link input `input` (-1: the hold stage;
    /// `channel` -1: the whole port, else that channel's buffer) when a change is replayed.
    std::size_t reported_occupancy(int input, int channel) const {
        return input < 0     ? hold_size()
               : channel < 0 ? in_unit_.port_occupancy(input)
                             : in_unit_.size(in_unit_.fifo_index(input, channel));
    }
    /// --threads: runs `replay`, a credit from router `sender` replayed after this router's step
    /// of cycle `t` (sc/step_deferral.h), as one thread would have run it: before that step when
    /// the sender's id is lower, so that the credit sees whether a packet waited for one then.
    /// `asked_without`: the step's next wake-up was asked for without this credit, which one
    /// thread's would have counted if a packet waits for one now: then the credit wakes the
    /// router if a packet waited before the step or waits now.
    template <typename F>
    void as_before_step(std::uint32_t sender, std::uint64_t t, bool asked_without, F&& replay) {
        if (sender >= id_ || stepped_at_ != t) return replay();
        const bool now = blocked_;
        blocked_ = blocked_before_ || (asked_without && now);
        replay();
        blocked_ = now;
    }

    /// --threads: packet `p` from router `sender`, replayed after this router's step of cycle
    /// `t` (sc/step_deferral.h), taken as one thread would have taken it: before that step when
    /// the sender's id is lower, so that a packet of F > 1 flits in a buffer the step emptied is
    /// read after the one the step served (input_unit::take_as_before_step).
    void arrived_before_step(std::uint32_t sender, std::uint64_t t, const packet* p) {
        if (sender < id_ && stepped_at_ == t) in_unit_.take_as_before_step(p);
    }

  private:
    template <typename>
    friend class link_fw_end;  // calls receive
    template <typename>
    friend class bound_fw_binder;  // calls receive
    template <typename, typename>
    friend class link_pair;  // calls credit
    template <typename>
    friend class bound_bw_binder;  // calls credit
    void end_of_elaboration() override;
    // Inline into the binders' transport calls (their one caller, instantiated in router.cpp).
    [[gnu::always_inline]] inline tlm::tlm_sync_enum receive(int first, flit& f, tlm::tlm_phase& ph,
                                                             sc_core::sc_time& t);
    /// A credit on the output binding retagged `tag` (end_of_elaboration): a link output's
    /// output_unit::credit_tag, or kEjectionCredit for the node's.
    [[gnu::always_inline]] inline tlm::tlm_sync_enum credit(int tag, flit& f, tlm::tlm_phase& ph,
                                                            sc_core::sc_time& t);
    /// receive() and credit() with their common case taken while the stepper steps
    /// (`OnThreads` false: stepper::stepping()) or while the routers step on the threads (true:
    /// stepper::on_threads(); the link ends defer_links makes: threaded_arrival, threaded_credit).
    template <bool OnThreads>
    [[gnu::always_inline]] inline tlm::tlm_sync_enum receive_as(int first, flit& f,
                                                                tlm::tlm_phase& ph,
                                                                sc_core::sc_time& t);
    template <bool OnThreads>
    [[gnu::always_inline]] inline tlm::tlm_sync_enum credit_as(int tag, flit& f, tlm::tlm_phase& ph,
                                                               sc_core::sc_time& t);
    /// Whether receive_as<OnThreads> and credit_as<OnThreads> take their common case.
    template <bool OnThreads>
    bool in_step() const {
        return OnThreads ? clock_.on_threads() : clock_.stepping();
    }
    friend class threaded_arrival;  // calls receive_as<true>
    friend class threaded_credit;   // calls credit_as<true>
    /// The tag of the ejection binding's credits (none are valid): no link output's credit tag.
    static constexpr int kEjectionCredit = -1;
    /// The tag of a design-space router's link output `o`, and of a paper router's output whose
    /// credits wait in a ring of their own (output_unit::separate_ring) with first credit slot
    /// `o`: credit_any takes both (a router is one or the other).
    static constexpr int design_credit_tag(int o) { return -2 - o; }
    /// step() of a design-space router (a step_function, chosen in the constructor).
    static void step_design(client& c, std::uint64_t t);
    /// receive_any() of a design-space router.
    void receive_design(int first, const flit& f, std::uint64_t ready);
    /// A design-space router's statistics (the conflicts its switch allocator counted).
    router_stats design_stats() const;
    /// Wires the design-space router's edges (end_of_elaboration).
    void bind_design();
    /// Tells the design-space router's edges which of its links lead to or come from another
    /// design-space router (start_of_simulation: every router's bindings retagged by then).
    void link_design_peers();
    void start_of_simulation() override;
    /// The first buffer of input port `input`: an arrival in channel `vc` enters buffer
    /// first_buffer(input) + vc (from the node: the injection buffer of class `vc`).
    int first_buffer(int input) const {
        return input == ports_ ? in_unit_.injection(0) : in_unit_.fifo_index(input, 0);
    }
    /// A packet from the node (into an injection buffer) counts its flits as injected.
    void count_injected(int fifo, const packet& p) {
        if (in_unit_.is_injection(fifo)) count_injected(p);
    }
    /// A packet from the node counts its flits as injected.
    void count_injected(const packet& p) {
        (p.background ? background_stats_ : stats_).flits_injected += p.flits;
    }
    /// receive() for any arrival (receive takes the common ones itself; see router.cpp). The
    /// transport's arguments first, in the registers the binder's call has them in: the binder
    /// moves none of them for the tail call to it, which GCC did in the common case too, before
    /// its tests (credit_any's likewise).
    [[gnu::noinline]] tlm::tlm_sync_enum receive_any(flit& f, tlm::tlm_phase& ph,
                                                     sc_core::sc_time& t, int first);
    /// credit() for any credit (credit takes the common ones itself; see router.cpp).
    [[gnu::noinline]] tlm::tlm_sync_enum credit_any(flit& f, tlm::tlm_phase& ph,
                                                    sc_core::sc_time& t, int tag);
    /// A credit that arrives while a packet waits for one wakes the router at `due` (out of line:
    /// a tail call of credit's common case).
    [[gnu::noinline]] tlm::tlm_sync_enum wake_blocked(std::uint64_t due);
    /// A credit of channel `vc` of the output tagged `tag`, usable from `due`, that the output
    /// unit takes out of order or into a ring that must grow (credit_any: any credit).
    [[gnu::noinline]] tlm::tlm_sync_enum credit_late(int tag, int vc, std::uint64_t due);
    /// d3/router: input overflows (returns what the transport returns then)
    [[gnu::cold, gnu::noinline]] tlm::tlm_sync_enum overflow(int input) const;
    /// receive() when the buffer's storage must grow or the buffer is full (a tail call: the
    /// common case keeps fewer values live).
    [[gnu::noinline]] tlm::tlm_sync_enum receive_late(int fifo, packet* p, std::uint64_t ready);
    [[gnu::cold, gnu::noinline]] void ejection_credit() const;  ///< d3/protocol
    /// Step 3's offer of `r` to `to`: a link output asks the switch allocator; the node and the
    /// hold stage take it through the crossbar, up to their room.
    template <typename Step>
    [[gnu::always_inline]] inline void offer(const request& r, target to, std::uint64_t t);
    /// The hold stage is full: whether `r`, held there, holds again in its own place.
    [[gnu::cold, gnu::noinline]] bool keeps_hold_place(const request& r) const;
    /// The paper's router's units (hold stage, replicator, switch allocator, output unit) and the
    /// RTL or lockstep units that take their decisions (--unit-impl).
    void build_paper_units(const setup& s);
    /// A design-space router's units and edges (router_design.cpp).
    void build_design(const setup& s);
    void use_hold_unit(const setup& s);  ///< --unit-impl hold_stage=rtl|lockstep
    /// This step's requests, those of the privileged class first (each class in collect's order).
    const request_list& privileged_first();
    /// step() for one kind of router (core/router/step_traits.h): paper_step<d3_network> or
    /// paper_step<mdf_network> or paper_step<file_network> for the paper's router, any_step for
    /// any configuration.
    template <typename Step>
    void step_as(std::uint64_t t);
    /// --threads: step 6 of router `r`'s step of cycle `t`, the link heads read again
    /// (input_unit::next_work), as one thread's tracked heads would give them. With an observer
    /// (step_deferral::ordered) made after the writes of the routers with lower ids are
    /// replayed; without, at the end of the step (an arrival or credit replayed later asks for
    /// its own wake-up, and the calendar keeps the earliest: sc/step_deferral.h).
    template <typename Step>
    static void replayed_wake_next(router& r, std::uint64_t t);
    /// step_as of router `c` (a step_function: the router chooses its case once,
    /// stepper::client::step_with). `Threaded` (--threads N > 1): keeps what as_before_step
    /// needs, then steps as threaded_step<Step> (router.cpp: its own copy of every unit's step,
    /// so that one thread's copy stays as GCC inlines it when it is the only one).
    template <typename Step, bool Threaded = false>
    static void step_case(client& c, std::uint64_t t);
    /// The paper router's case of step (step_case), chosen once.
    template <bool Threaded>
    static step_function paper_case(topology_kind net, bool slow);
    /// --threads N > 1: every link, delivery and credit through the stepper's recording
    /// (start_of_simulation, when every router's bindings are made).
    void defer_links(step_deferral& d);

  public:
    /// --threads, not ordered: a node's injection call `call` as the nodes' steps on the threads
    /// make it (the router's common case, receive_as<true>); `call` itself when it is not a
    /// router's binding.
    static link_fw_call* threaded_injection(link_fw_call* call, step_deferral& d);

  private:
    /// Steps 2 to 5 of step_as (each inline in it).
    template <typename Step>
    [[gnu::always_inline]] inline const request_list& collect(std::uint64_t t);
    template <typename Step>
    [[gnu::always_inline]] inline void route(std::uint64_t t, const request_list& order);
    template <typename Step>
    [[gnu::always_inline]] inline bool allocate_switch(std::uint64_t t);
    template <typename Step>
    [[gnu::always_inline]] inline void release(std::uint64_t t);
    /// The crossbar over this router's units (a view: sc/router/crossbar.h).
    [[gnu::always_inline]] crossbar crossing() {
        return crossbar(
            {*replicate_, *out_unit_, *hold_, vc_alloc_, probe_, stats_, background_stats_});
    }
    /// Step 6: wakes the router at the next cycle any unit has work.
    template <typename Step>
    [[gnu::always_inline]] inline void wake_next(std::uint64_t t);
    /// The channel downstream of `e` (static_vc_allocation, from its next header).
    template <typename Step = any_step>
    int vc_after(const entry& e) const {
        return vc_alloc_.channel<Step>(e.pkt->service, e.dec.next.b);
    }
    /// One-flit packets: a credit downstream for `e` on link output `o`, its count asked for as
    /// the allocator's grant passes the output (a target), so that the crossbar keeps the
    /// count's place.
    template <typename Step>
    bool credit_for(int o, const entry& e) {
        return out_unit_->credit_count(static_cast<target>(o), vc_after<Step>(e)) > 0;
    }
    /// `e` asked for a link that has no credit (false, for the allocator's credit test): a
    /// unicast entry is stalled; a broadcast entry was marked when its copies were offered
    /// (entry::stalled).
    static bool no_credit(entry& e) {
        if (!e.broadcast()) e.stalled = true;
        return false;
    }
    /// Whether the decoded, unserved entry `e` waits for a link credit (its output and channel in
    /// w) or for the hold stage's room (w.output kHoldStage).
    bool waits(const entry& e, wait& w) const;
    /// The first held packet of class `cls` that waits for a credit (its wait in w), or nullptr.
    const entry* first_held_waiting(int cls, wait& w) const;

    const network_config& cfg_;
    const topology& topo_;
    const coord at_;
    const router_id id_;
    stepper& clock_;
    // A packet waits for a credit: a returning credit wakes the router. Beside clock_ and ports_,
    // so that a credit from the router downstream reads one line of this object.
    bool blocked_ = false;
    /// Arrivals are taken by receive_any: an observer sees them, or the router is a design-space
    /// one.
    bool slow_arrivals_ = false;
    /// A credit of a separate_ring output goes to the output unit's second ring inline (credit):
    /// the paper's router with links of at most two latencies (output_unit::one_separate_ring);
    /// otherwise credit_any takes it (a design-space router's, a file network's of more).
    bool own_ring_inline_ = false;
    const int ports_;                   ///< K + M - 1 link ports; the node's is ports_
    const int classes_;                 ///< service classes
    const std::uint64_t flits_;         ///< flits per packet (docs/multi-flit.md)
    const std::uint64_t route_cycles_;  ///< the route stage's own cycles (core/router/pipeline.h)
    /// The paper's router: one service class, one-flit packets, no route stage of its own, no
    /// observer, no background traffic and the reference decoder (step_as<paper_step<...>>). Set
    /// once, in the constructor (the decoder is known when the route stage is built).
    bool plain_;
    /// The network (D3, MDF, a file's): the plain step's route stage decodes its rules alone.
    const topology_kind net_;

    router_stats stats_;  ///< the run's own packets (all packets without --background)
    router_stats background_stats_;
    fanout fanout_;  ///< broadcast entries' copies (route stage and replicator)
    input_unit in_unit_;
    route_stage route_;
    // The paper's router's own units (build_paper_units; ~router destroys them): a design-space
    // router has none of them (build_design).
    unit_slot<hold_stage> hold_;
    unit_slot<replicator> replicate_;
    unit_slot<switch_allocator> alloc_;
    unit_slot<output_unit> out_unit_;
    static_vc_allocation vc_alloc_;
    router_probe probe_;

    /// `in` binding -> input port (elaboration only: end_of_elaboration retags the bindings and
    /// frees it; a design-space router's, start_of_simulation)
    std::vector<std::uint16_t> input_of_binding_;
    request_list requests_;
    request_list by_class_;  ///< with two classes: requests_ privileged first
    std::vector<target> targets_;
    std::unique_ptr<design_io> design_io_;  ///< a design-space router's edges
    std::unique_ptr<vc_router> design_;     ///< a design-space router's units
    // --threads N > 1 (as_before_step): blocked_ before the last step, and that step's cycle.
    bool blocked_before_ = false;
    std::uint64_t stepped_at_ = ~std::uint64_t{0};
    /// direct_injection(): a node's packet into the design-space router's source queue, as
    /// receive_design takes one from the injection channel (router_design.cpp).
    class design_sink final : public injection_sink {
      public:
        explicit design_sink(router& r) : r_(r) {}
        std::uint64_t inject(packet* p, std::uint64_t ready) override;

      private:
        router& r_;
    };
    design_sink design_sink_{*this};
};

// The links' and binders' transport calls, with receive and credit inline in them, are made in
// router.cpp only.
extern template class link_fw_end<router>;
extern template class link_bw_end<router>;
extern template class link_pair<router, router>;
extern template class bound_fw_binder<router>;
extern template class bound_bw_binder<router>;

}  // namespace d3
