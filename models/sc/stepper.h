// The clock of a network: one SC_METHOD that, in every cycle in which something has work, steps
// the nodes that asked for that cycle and then the routers that did. Routers and nodes have no
// process of their own; they ask the stepper to wake them (core/containers/calendar.h), so the
// kernel sees one timed event per busy cycle, whatever the size of the network
// (docs/architecture.md, "Time").
//
// Nodes step before routers: a node that reads its router's queues (UGAL at launch) sees them as
// the router left them in its last step. Within a phase, clients run in ascending id order
// (router and node ids, core/network/topology.h). Every packet and credit takes at least one cycle
// to arrive, so that order changes no routing decision; it fixes the order in which packets get
// their serial numbers (the arbiters' last tie-breaker) and ledger ids.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <systemc>
#include <vector>

#include "core/containers/calendar.h"
#include "sc/protocol.h"

namespace d3 {

class ledger;
class link_observer;
class packet_pool;
class step_deferral;

class stepper : public sc_core::sc_module {
  public:
    /// Something the stepper wakes: a router or a node.
    class client {
      public:
        virtual ~client() = default;
        /// Does the work of cycle `t`.
        virtual void step(std::uint64_t t) = 0;

      protected:
        /// What the stepper calls to step a client: step() unless the client chose its case.
        using step_function = void (*)(client&, std::uint64_t);
        /// The stepper calls f(*this, t) instead of step(t) from now on: a client whose step has
        /// several cases (the router's and the node's) chooses one once, and the stepper calls it
        /// directly, with no virtual call and no test of the case per step.
        void step_with(step_function f) { step_ = f; }
        /// The case chosen (step_with), for the client's own step().
        step_function stepped_with() const { return step_; }

      private:
        friend class stepper;
        static void virtual_step(client& c, std::uint64_t t) { c.step(t); }
        step_function step_ = &virtual_step;
        std::uint32_t id_ = 0;
        bool router_ = false;
        /// Kept awake (its bit in awake_, which toggle_awake sets with it): keep_awake, asked in
        /// every step of a running node, reads one byte instead of the bit.
        bool kept_awake_ = false;
    };

    /// `horizon`: the longest delay, in cycles, between a request and its cycle in normal use.
    stepper(const sc_core::sc_module_name& name, std::uint64_t horizon);
    ~stepper() override;

    /// --threads N > 1 (during elaboration, before the routers are made): the routers of a cycle
    /// step on N threads, their writes outside themselves recorded and replayed in one thread's
    /// order (sc/step_deferral.h). The nodes step on the threads too when each can
    /// (sc/staged_nodes.h), else on the kernel's thread as before.
    void use_threads(int threads, packet_pool& pool, ledger& deliveries, link_observer* observer);
    /// The recording of the routers' writes (nullptr with one thread).
    step_deferral* deferral() const { return deferral_.get(); }

    /// Registers a client (during elaboration). Nodes (`router_phase` false) step first.
    void add(client& c, bool router_phase);
    /// Asks that `c` steps at `cycle` (the next cycle at the earliest while a step is running;
    /// during the node phase a router may still be asked for the current cycle, since routers
    /// step after nodes: a node's reply of the paper's turnaround, sent in the router's cycle).
    [[gnu::always_inline]] void wake(client& c, std::uint64_t cycle) {
        wake_in(c, cycle, c.router_);
    }
    /// wake() of a client of the router phase (a router waking itself): the phase is known where
    /// it is inlined, so an arrival does not test it. `c` must have been added with router_phase
    /// true.
    [[gnu::always_inline]] void wake_router(client& c, std::uint64_t cycle) {
        wake_in(c, cycle, true);
    }
    /// Keeps `c` stepping in every cycle from the next one on (`on`), or stops doing so: what a
    /// client that has work in every cycle (a node whose program runs) asks once instead of a
    /// wake-up per cycle. Requests through wake() still count; a client due both ways steps once.
    void keep_awake(client& c, bool on) {
        if (c.kept_awake_ != on) toggle_awake(c, on);
    }
    /// True during a step when router `c` (a client of the router phase) is already asked to step
    /// in the next cycle: then a wake-up for any later cycle changes nothing (the calendar keeps a
    /// client's earliest request, and the next step asks again), and the router may skip working
    /// out when it next has work. The phase known, as in wake_router: no test of it per router
    /// step.
    bool due_next_router(const client& c) const {
        return in_tick_ && routers_.waiting(c.id_) == current_ + 1;
    }
    /// True while the stepper steps its clients on the kernel's thread (now() is the cycle being
    /// stepped).
    bool stepping() const { return in_tick_; }
    /// True while the routers step on the threads (--threads; now() is the cycle being stepped,
    /// stepping() false: their wake-ups are recorded).
    bool on_threads() const { return on_threads_; }
    /// True while a cycle is stepped, on the kernel's thread alone or on the threads (stepping()
    /// or on_threads(); now() is the cycle): a node's deliveries and credits, which the kernel's
    /// thread alone makes during a cycle, take their common case then.
    bool in_cycle() const { return in_cycle_; }
    /// now() when in_cycle(): the cycle being stepped, without now()'s tests.
    std::uint64_t cycle() const { return current_; }
    /// The cycle being stepped, or the current simulation cycle outside a step.
    std::uint64_t now() const {
        return in_tick_ || on_threads_ ? current_ : cycle_of(sc_core::sc_time_stamp());
    }
    /// The cycle at simulation time (or the cycles in a delay) t: to_cycle with the cycle's length
    /// read once, at elaboration.
    std::uint64_t cycle_of(const sc_core::sc_time& t) const { return t.value() / step_value_; }

  private:
    // Replays the routers' wake-ups (replay_wake), reads the calendar (routers_) while they step
    // and the routers' count (router_clients_).
    friend class step_deferral;
    friend class staged_nodes;  // makes the staged nodes' wake-ups (wake_node_now, flip_awake)
    SC_HAS_PROCESS(stepper);
    void tick();
    /// --threads, every node able to step on the threads: the due nodes step there
    /// (step_deferral::step_nodes).
    void step_nodes_on_threads();
    /// A node's wake-up made while the routers or the nodes step on the threads, on the
    /// kernel's thread (the nodes' calendar is written by it alone then).
    void wake_node_now(std::uint32_t id, std::uint64_t cycle) {
        if (nodes_.waiting(id) <= cycle) return;
        nodes_.request_unasked(id, std::max(cycle, current_ + 1));
    }
    /// Counts `c` kept awake (`on`) or no longer, in the phase's bitmap.
    void flip_awake(client& c, bool on);
    /// --threads: the due routers step on the threads (step_deferral::step).
    void step_routers_on_threads();
    static void step_router(void* self, std::uint32_t id, std::uint64_t t) {
        step(*static_cast<stepper*>(self)->router_clients_[id], t);
    }
    /// A router's wake-up recorded while routers stepped on the threads, made as one thread
    /// would have made it.
    void replay_wake(client& c, std::uint64_t cycle) { wake_in(c, cycle, true); }
    /// replay_wake() of router `id` after the routers' step, made by one of several threads at
    /// once (calendar::request_apart; stepping() is false then, the cycle is a later one).
    void replay_wake_apart(std::uint32_t id, std::uint64_t cycle, calendar::apart_requests& r) {
        if (routers_.waiting(id) <= cycle) return;
        routers_.request_apart(id, std::max(cycle, current_ + 1), r);
    }
    /// wake() of a client of phase `router_phase` (c.router_).
    /// Always inline: GCC left it out of line in router::receive's common case, a call per
    /// arrival (and out of line, the test below costs a call per wake-up, most of which it
    /// returns from at once).
    [[gnu::always_inline]] void wake_in(client& c, std::uint64_t cycle, bool router_phase) {
        if (in_tick_) {
            calendar& k = cal(router_phase);
            // Asked already for `cycle` or an earlier one (most wake-ups: every arrival wakes its
            // router): the calendar would ignore the request, since the bounds below only raise
            // it. Checked first, without working them out.
            if (k.waiting(c.id_) <= cycle) return;
            const std::uint64_t earliest = router_phase && node_phase_ ? current_ : current_ + 1;
            if (cycle < earliest) cycle = earliest;
            // earliest is past the cycles taken: no clamp to them. Nor a second test of the cycle
            // c waits for: every request waiting is for earliest or later (those due before were
            // taken), so raised to earliest, `cycle` is at most the cycle c waits for.
            k.request_unasked(c.id_, cycle);
            return;
        }
        wake_outside(c, cycle);
    }
    void wake_outside(client& c, std::uint64_t cycle);
    void toggle_awake(client& c, bool on);  ///< keep_awake when it changes something
    /// Steps the clients of a phase due in the current cycle, the calendar's and those kept awake.
    void step_due(bool router_phase);
    /// Calls visit(id) for each client of a phase due in the current cycle, in ascending ids.
    template <typename Visit>
    void each_due(bool router_phase, Visit visit);
    /// Steps `c` in cycle `t` (through the case it chose, client::step_with).
    static void step(client& c, std::uint64_t t) { c.step_(c, t); }
    void schedule(std::uint64_t cycle);
    calendar& cal(bool router_phase) { return router_phase ? routers_ : nodes_; }
    const calendar& cal(bool router_phase) const { return router_phase ? routers_ : nodes_; }

    std::vector<client*> node_clients_, router_clients_;
    calendar nodes_, routers_;
    /// The clients due in a phase as a bitmap, read in ascending id order; all 0 between phases.
    std::vector<std::uint64_t> due_bits_;
    std::vector<std::uint64_t> awake_[2];  ///< per phase (nodes, routers): clients kept awake
    std::size_t awake_count_[2] = {0, 0};
    sc_core::sc_event tick_event_;
    std::uint64_t next_tick_ = calendar::kNever;  ///< the cycle tick_event_ is notified for
    std::uint64_t current_ = 0;
    bool in_tick_ = false;
    bool in_cycle_ = false;           ///< in tick() (in_cycle())
    const sc_dt::uint64 step_value_;  ///< a cycle in the kernel's time unit (step_time())
    bool node_phase_ = false;         ///< in_tick_ and the nodes are stepping
    bool on_threads_ = false;  ///< routers step on the threads (in_tick_ false, current_ set)
    std::unique_ptr<step_deferral> deferral_;  ///< --threads N > 1
    std::vector<std::uint32_t> due_routers_;   ///< with deferral_: this cycle's, ascending
    std::vector<std::uint32_t> due_nodes_;     ///< the same, of the nodes
};

}  // namespace d3
