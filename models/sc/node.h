// The compute node attached to router (c,d,p): runs a node program (launching up to the injection
// width per step, in order, as credits allow) and checks every packet it receives against the
// ledger. Stepped by the network's stepper in the node phase of a cycle. Each service class
// (core/router/service.h) has its own queue, injection credits and injection width, the privileged
// class served first; background packets (--background) are counted apart from the workload's.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <systemc>
#include <tlm>
#include <type_traits>
#include <vector>

#include "core/containers/unbounded_queue.h"
#include "core/network/config.h"
#include "core/network/topology.h"
#include "core/router/service.h"
#include "core/run/ledger.h"
#include "core/workload/program.h"
#include "sc/delivery_sink.h"
#include "sc/injection_sink.h"
#include "sc/packet_pool.h"
#include "sc/protocol.h"
#include "sc/stepper.h"

namespace d3 {

struct staged_share;
class step_deferral;

struct node_stats {
    std::uint64_t launched = 0;
    std::uint64_t received = 0;
    std::uint64_t bad = 0;            ///< duplicates, misrouted or unknown packets
    std::uint64_t queue_stalls = 0;   ///< packet-steps waiting in the node for injection credits
    std::uint64_t first_hop = ~0ull;  ///< cycle of the first step of the first packet
    std::uint64_t last_delivery = 0;  ///< cycle of the last delivery
    /// Background packets (--background), not counted above: the workload's figures exclude them.
    std::uint64_t background_launched = 0;
    std::uint64_t background_received = 0;
};

// The node's sockets are bound to two small interface objects of its own (eject_if, credit_if),
// each calling the node's handler inline: a packet or credit crossing to it is one virtual call.
// The node implemented the interfaces itself before (a module that is its own transport
// interface), which made it an object with virtual bases: each binding's dynamic_cast in
// sc_port::bind walked its whole class tree (several times the cost of a plain cast), each call
// came through a virtual thunk, and the node's own code adjusted `this` through them.
// stepper::client first, as the router (sc/router.h says why).
class node : public stepper::client, public sc_core::sc_module {
    /// How a step's packets are made and where they go: over the injection channel, to the
    /// router by a direct call (inject_into), or (--threads, sc/staged_nodes.h) through the
    /// channel's threaded end (threaded_fw_), numbered at once (share 0's nodes) or from a
    /// share's reserve with their numbering staged.
    enum class launch_path { channel, direct, threaded, staged };
    template <launch_path P>
    using on_path = std::integral_constant<launch_path, P>;

  public:
    /// Injection into the router; the router's credits come back through it (nb_transport_bw).
    tlm::tlm_initiator_socket<kSocketWidth, link_protocol_types> inject_out;
    /// Ejection from the router (nb_transport_fw; the node returns TLM_COMPLETED).
    tlm::tlm_target_socket<kSocketWidth, link_protocol_types> eject_in;

    struct setup {
        const network_config& cfg;  ///< resolved
        const topology& topo;
        coord at;
        packet_pool& pool;
        ledger& deliveries;
        stepper& clock;
        std::unique_ptr<node_program> program;  ///< nullptr: an idle node
        bool hands_over_at_tail = false;        ///< hands_over_at_tail(cfg), worked out once
    };

    node(const sc_core::sc_module_name& name, setup s);

    const node_stats& stats() const { return stats_; }
    std::size_t queued() const { return waiting() + turnaround_.size(); }
    /// The program has more to launch, or launches wait for credits.
    bool busy() const {
        return waiting() != 0 || !turnaround_.empty() ||
               (program_ && !program_->finished(clock_.now()));
    }

    void step(std::uint64_t t) override;
    /// Hands its packets to `sink` (its router's router::direct_injection) by a direct call, not
    /// over inject_out, and takes each one's injection credit back as the channel would return
    /// it. A node of one service class; any other keeps its injection channel.
    void inject_into(injection_sink& sink);
    /// Where its router may hand deliveries over by a direct call instead of eject_in (a
    /// design-space router's edges): the same delivery as eject_in's, for a node of one-flit
    /// packets that hands them over at their ejection; nullptr for any other.
    delivery_sink* direct_delivery() { return direct_delivery_ ? &eject_sink_ : nullptr; }
    /// Its router failed during the run (network::fail_node): the launches still waiting are
    /// told to `dropped` and forgotten, and from now on its step does nothing.
    void fail(const std::function<void(const launch&)>& dropped);
    /// A failure elsewhere during the run (network::judge_queued): each launch still waiting in
    /// its queues is kept, its header as `keep` leaves it, where keep(launch) is true, and dropped
    /// otherwise.
    void judge_waiting(const std::function<bool(launch&)>& keep);
    /// Whether this node hands a packet over when its tail arrives rather than at its head's
    /// ejection: in runs with a failure at a step whose packets' tails come after their heads
    /// (multi-flit packets, a router pipeline), so that a failure can still take a packet whose
    /// head was ejected (docs/resilience.md, "Failures at a step").
    bool hands_over_at_tail() const { return handed_step_ != nullptr; }
    /// Whether the nodes of a network of configuration `cfg` (resolved) hand packets over at
    /// their tail's arrival: a failure at a step, the paper's router (a design-space router
    /// ejects a packet with its tail), and tails after their heads (F > 1 or a pipeline).
    static bool hands_over_at_tail(const network_config& cfg);
    /// A failure at a step (network::fail_handing_over): each packet ejected to this node whose
    /// tail has not arrived is told to takes(packet), and forgotten where it returns true (the
    /// caller gives the packet back).
    void fail_held(const std::function<bool(packet&)>& takes);

  private:
    /// step() of a failed node (fail()).
    static void step_failed(client&, std::uint64_t) {}
    void end_of_elaboration() override;
    void start_of_simulation() override;
    /// A delivery (eject_in).
    [[gnu::always_inline]] tlm::tlm_sync_enum nb_transport_fw(flit& f, tlm::tlm_phase& ph,
                                                              sc_core::sc_time& t);
    /// nb_transport_fw's delivery of `p` whose tail arrives in step `t` (and direct_delivery's).
    [[gnu::always_inline]] tlm::tlm_sync_enum receive(packet* p, std::uint64_t t);
    /// nb_transport_fw in general (out of line: see nb_transport_fw).
    [[gnu::noinline]] tlm::tlm_sync_enum deliver(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t);
    /// A delivery in a run that hands packets over at their tail's arrival (hands_over_at_tail):
    /// kept in held_ until the step its tail arrives, delivered at once when that is now.
    tlm::tlm_sync_enum hold_until_tail(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& tail);
    /// step() of a node that hands packets over at their tail's arrival: its chosen step, then the
    /// packets whose tail arrives in step `t` (after its launches, so that a reply a delivery
    /// causes takes this step's injection room and leaves in the next, as in deliver_at).
    static void step_handing_over(client& c, std::uint64_t t);
    /// deliver() of packet `p`, whose tail arrived in step `t`.
    [[gnu::noinline]] tlm::tlm_sync_enum deliver_at(packet* p, std::uint64_t t);
    /// Counts a delivery of `p` in step `t` in the node's figures (both delivery paths).
    void count_received(const packet& p, std::uint64_t t);
    /// The program's on_receive(arrival_) at the end of nb_transport_fw's common case.
    [[gnu::noinline]] tlm::tlm_sync_enum record_arrival();
    /// Counts a delivery the ledger did not accept and reports the first few. Out of line and
    /// cold: its stream would otherwise make every delivery save registers and a large frame.
    [[gnu::cold, gnu::noinline]] void report_bad(const packet& p, std::uint64_t t,
                                                 ledger::receipt r);
    /// An injection credit (inject_out).
    [[gnu::always_inline]] tlm::tlm_sync_enum nb_transport_bw(flit& f, tlm::tlm_phase& ph,
                                                              sc_core::sc_time& t);
    /// nb_transport_bw in general (out of line: see nb_transport_bw).
    [[gnu::noinline]] tlm::tlm_sync_enum credit(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t);
    /// What eject_in is bound to: a delivery goes to nb_transport_fw, or with `Sized` (a network
    /// of multi-flit packets, each of its own size: delivery::flits) to deliver; the calls outside
    /// the link protocol are reported as d3/protocol.
    template <bool Sized>
    class eject_if final : public tlm::tlm_fw_transport_if<link_protocol_types> {
      public:
        explicit eject_if(node& n) : node_(n) {}
        tlm::tlm_sync_enum nb_transport_fw(flit& f, tlm::tlm_phase& ph,
                                           sc_core::sc_time& t) override;
        void b_transport(flit&, sc_core::sc_time&) override;
        bool get_direct_mem_ptr(flit&, tlm::tlm_dmi&) override;
        unsigned transport_dbg(flit&) override;

      private:
        node& node_;
    };
    /// What inject_out is bound to: a credit goes to nb_transport_bw.
    class credit_if final : public tlm::tlm_bw_transport_if<link_protocol_types> {
      public:
        explicit credit_if(node& n) : node_(n) {}
        tlm::tlm_sync_enum nb_transport_bw(flit& f, tlm::tlm_phase& ph,
                                           sc_core::sc_time& t) override;
        void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override;

      private:
        node& node_;
    };
    /// What eject_in is bound to in a node that hands packets over at their tail's arrival
    /// (hands_over_at_tail): a delivery goes to hold_until_tail. (A class of its own, not a
    /// third eject_if: the elaboration's dynamic casts compare the bound classes' names, and a
    /// longer name costs every run's binding.)
    class eject_at_tail_if final : public tlm::tlm_fw_transport_if<link_protocol_types> {
      public:
        explicit eject_at_tail_if(node& n) : node_(n) {}
        tlm::tlm_sync_enum nb_transport_fw(flit& f, tlm::tlm_phase& ph,
                                           sc_core::sc_time& t) override {
            return node_.hold_until_tail(f, ph, t);
        }
        void b_transport(flit&, sc_core::sc_time&) override;
        bool get_direct_mem_ptr(flit&, tlm::tlm_dmi&) override;
        unsigned transport_dbg(flit&) override;

      private:
        node& node_;
    };
    /// What direct_delivery gives: a delivery goes to receive, as over eject_if<false>.
    class eject_sink final : public delivery_sink {
      public:
        explicit eject_sink(node& n) : node_(n) {}
        void deliver(packet* p, std::uint64_t at) override;

      private:
        node& node_;
    };
    eject_if<false> eject_if_{*this};
    eject_sink eject_sink_{*this};
    bool direct_delivery_ = false;  ///< eject_in bound to eject_if_
    eject_if<true> eject_sized_if_{*this};
    eject_at_tail_if eject_at_tail_if_{*this};
    credit_if credit_if_{*this};
    /// Takes the credits due by step `t` in the first `classes` lanes.
    template <typename Classes>
    void collect_credits(std::uint64_t t, Classes classes);
    /// step() with `classes` service classes: classes_, or std::integral_constant 1 (the default
    /// configuration), whose loops over the classes the compiler then drops. With `closed` true
    /// (std::true_type: closed_form_), every launch is the plan's, in the ledger's closed form.
    /// `Path` (a launch_path constant): how its packets are made and where they go.
    template <typename Classes, typename Closed, typename Path = on_path<launch_path::channel>>
    void step_classes(std::uint64_t t, Classes classes, Closed closed, Path path = {});
    /// step() of a node with one service class, not closed_form_ (a step_function: the node
    /// chooses its case once, stepper::client::step_with).
    static void step_one_class(client& c, std::uint64_t t);
    /// step() of a node whose launches are all in closed form (closed_form_).
    static void step_closed(client& c, std::uint64_t t);
    /// step() of a node with several classes.
    static void step_classes_of(client& c, std::uint64_t t);
    /// step_one_class() of a node that hands its packets to sink_ (inject_into).
    static void step_direct(client& c, std::uint64_t t);
    /// --threads: the step chosen, on a thread other than the kernel's (sc/staged_nodes.h):
    /// packets from the share's reserve, their message and serial staged in `s`.
    template <typename Closed, bool Sized>
    static void step_staged(client& c, std::uint64_t t, staged_share& s);
    /// The staged step of this node, or nullptr when it must step on the kernel's thread (a
    /// program whose launches read or write what other nodes' do, replies, several classes, a
    /// hand-over at the tail).
    using staged_function = void (*)(client&, std::uint64_t, staged_share&);
    staged_function staged_step(bool at_tail) const;

  public:
    /// --threads: the link ends through which this node's router, of share `s` (not 0),
    /// delivers and returns injection credits while the routers step on the threads: the
    /// common case made at once on that share's thread (deliver_staged, credit_staged), the
    /// rest through `fallback` (step_deferral's recording, made on the kernel's thread). nullptr
    /// when every delivery must be recorded (a program that meets deliveries, packets of
    /// several flits or handed over at the tail). Made in `d`'s arena (step_deferral::make_end).
    link_fw_call* staged_deliveries(link_fw_call* fallback, step_deferral& d, staged_share& s);
    link_bw_call* staged_credits(link_bw_call* fallback, step_deferral& d, staged_share& s);

  private:
    friend class staged_delivery_end;
    friend class staged_credit_end;
    /// A delivery whose tail arrives `tail` after the cycle stepped, on share `s`'s thread: the
    /// first copy of a unicast message at this node, counted in `s` and its packet left there
    /// for the pool (true); otherwise nothing done (false).
    [[gnu::always_inline]] inline bool deliver_staged(packet* p, const sc_core::sc_time& tail,
                                                      staged_share& s);
    /// An injection credit of class `vc` due `delay` after the cycle stepped, on share `s`'s
    /// thread: the node's wake-up (a launch waits for it) left in `s`.
    [[gnu::always_inline]] inline void credit_staged(int vc, const sc_core::sc_time& delay,
                                                     staged_share& s);
    /// Injects one packet whose first hop is at `first_hop` (`closed`: see step_classes). With
    /// `Sized` (std::true_type: step_classes_of) it sets the packet's size (packet::flits).
    template <typename Closed, typename Sized, typename Path>
    void send(const launch& l, std::uint64_t first_hop, const sc_core::sc_time& delay,
              Closed closed, Sized sized, Path path);
    /// The program's immediate() launches of delivery step `t` (the paper's turnaround).
    void launch_immediately(std::uint64_t t);
    /// Launches waiting in the queues of every class.
    std::size_t waiting() const;

    /// What each service class has of its own on the injection channel.
    struct lane {
        unbounded_queue<launch> waiting;
        int credits = 0;
        unbounded_queue<std::uint64_t> credit_due;
        int sent = 0;  ///< packets injected in sent_cycle_ (injection width)
    };

    /// A launch of class lane `q` may enter the router in this step: injection width and a credit
    /// are left.
    bool has_room(const lane& q) const { return q.sent < injection_width_ && q.credits > 0; }
    /// Sends `l` in step `t` when has_room(q) (and takes the room).
    template <typename Closed, typename Sized, typename Path>
    bool inject(lane& q, const launch& l, std::uint64_t t, Closed closed, Sized sized, Path path);

    const int injection_width_;  ///< the configuration's, kept here: no pointer to it per launch
    /// The network's packet length (router_params::packet_length): a packet's size when its
    /// launch gives none. Above 1, the node steps with step_classes_of, which sets packet::flits.
    const std::uint8_t packet_flits_;
    const coord at_;
    const router_id id_;
    packet_pool& pool_;
    ledger& ledger_;
    stepper& clock_;
    std::unique_ptr<node_program> program_;
    link_fw_call* fw_ = nullptr;           ///< the injection (protocol.h: the call's own interface)
    injection_sink* sink_ = nullptr;       ///< inject_into's (step_direct only)
    staged_share* staging_ = nullptr;      ///< step_staged's share, while it steps
    link_fw_call* threaded_fw_ = nullptr;  ///< router::threaded_injection of fw_ (--threads)

    const int classes_;
    const reaction reacts_;  ///< what the program does with a delivery (none: no program)
    /// The program's unfinished_before(): step() asks finished() only from this step on.
    const std::uint64_t unfinished_before_;
    /// The program's planned() (a schedule: every step's launches), read in every step without
    /// the virtual call (a call per node step in an all-to-all); plan_steps_ its size (0 without
    /// one), read once.
    const std::vector<slot>* const plan_;
    const std::uint64_t plan_steps_;
    /// plan_'s slots (its data, kept: a load less per step).
    const slot* const plan_slots_;
    /// Every header of the plan is one the ledger launches in closed form (ledger::closed_form,
    /// checked once for the plan all the all-to-all's nodes share): the node's launches skip the
    /// header's tests. A node with a plan answers nothing (plan_): every launch it sends is the
    /// plan's.
    const bool closed_form_;
    /// The injection channel's one cycle, kept here: step_time() tests its function-local
    /// static's guard on every call, and the all-to-all injects one packet per node step.
    const sc_core::sc_time injection_delay_;
    lane lanes_[kServiceClasses];  ///< per service class
    std::vector<launch> launches_;
    delivery arrival_;                ///< nb_transport_fw's delivery, for record_arrival
    std::vector<launch> turnaround_;  ///< launched in the last delivery step, sent next cycle
    /// hands_over_at_tail: the packets ejected to it whose tail arrives in step `due`, in the
    /// order of their ejection; and the step the node chose before (step_handing_over calls it).
    struct held {
        std::uint64_t due;
        packet* pkt;
    };
    std::vector<held> held_;
    step_function handed_step_ = nullptr;
    std::uint64_t sent_cycle_ = ~0ull;  ///< the cycle the lanes' `sent` count packets for
    node_stats stats_;
};

}  // namespace d3
