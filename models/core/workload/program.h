// The node program interface: what a compute node launches in each time step, and how it reacts to
// what it receives (the all-to-one responders of Theorem 6 react to the sink's broadcasts).
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <vector>

#include "core/decoding/header.h"
#include "core/network/topology.h"

namespace d3 {

struct slot;  // core/workload/schedule.h

/// One packet to launch: its header and a message word carried to the receiving node.
struct launch {
    header hdr;
    std::uint64_t payload = 0;
    std::uint8_t service = 0;  ///< service class (core/router/service.h)
    bool background = false;   ///< background traffic (--background): its own statistics
    /// Sent in answer to a delivery, from launches() a step or more later (the matrix product's
    /// second phase): not one of the program's rounds (the waveform's d3.rounds). Launches of
    /// immediate() are answers by definition.
    bool answer = false;
    /// The source router's terminal that created it (synthetic traffic with --concentration).
    std::uint8_t terminal = 0;
    /// Its size in flits when the run's packets vary in size (--packet-sizes); 0: the network's
    /// --packet-length.
    std::uint8_t flits = 0;
    friend bool operator==(const launch& a, const launch& b) {
        return a.hdr == b.hdr && a.payload == b.payload;
    }
};

/// A packet that reached its node (b = 0).
struct delivery {
    router_id from = 0;  ///< launching router
    header hdr;          ///< as it arrived
    std::uint64_t payload = 0;
    std::uint64_t step = 0;   ///< time step of the arrival
    bool background = false;  ///< a packet of the background traffic (core/workload/background.h)
    std::uint32_t hops = 0;   ///< link traversals of this copy on its way (holds not counted)
    /// Cycle of its first step at the source router (packet::launch): it entered the router's
    /// injection buffer in the step before (the split of a traffic run's latency).
    std::uint64_t launch = 0;
    std::uint8_t flits = 1;  ///< its size (packet::flits)
};

/// What a node program does with a delivery (node_program::reacts).
enum class reaction {
    /// Nothing: on_receive and immediate do nothing and finished() does not depend on what
    /// arrives (a fixed schedule). The node calls none of them.
    none,
    /// on_receive only records it: immediate() launches nothing, and a delivery never makes
    /// finished(step) false where it was true (a traffic generator, whose drain may only end
    /// sooner). The node calls only on_receive (a program not finished steps in every cycle).
    records,
    /// on_receive may cause launches, in the delivery's step (immediate) or later.
    answers,
};

class node_program {
  public:
    virtual ~node_program() = default;
    /// Appends what the node launches in time step `step` (nothing: the node waits, a delay).
    /// Steps are network time steps; step 0 is the first.
    virtual void launches(std::uint64_t step, std::vector<launch>& out) = 0;
    /// True when nothing is launched at `step` or later, unless a delivery adds work.
    virtual bool finished(std::uint64_t step) const = 0;
    /// A packet arrived. Launches it causes can happen from the next step on, or in the step of
    /// the delivery itself through immediate().
    virtual void on_receive(const delivery& d) { (void)d; }
    /// Appends what the node launches in time step `step` in reaction to that step's deliveries
    /// (called after on_receive, in the delivery's step): the paper's turnaround, in which the
    /// responder of Theorem 6 answers in the step the request reaches it (L G L D l g l). They
    /// leave as launches of step `step` do: first hop at step + 1. Default: none.
    virtual void immediate(std::uint64_t step, std::vector<launch>& out) {
        (void)step;
        (void)out;
    }
    /// How the program meets a delivery, which tells the node what it may skip for each one.
    /// Default: answers.
    virtual reaction reacts() const { return reaction::answers; }
    /// For a program that does not react: every step's launches, where the program keeps them
    /// (launches(step) appends (*planned())[step].launches, and nothing past the end); the node
    /// reads them there, without a copy or a virtual call per step. nullptr (default): ask
    /// launches().
    virtual const std::vector<slot>* planned() const { return nullptr; }
    /// A step before which finished(step) is false whatever arrives: the node asks finished()
    /// only from it on (a schedule runs to its last slot, a traffic generator through its
    /// measurement; the node asks in every step otherwise). Default 0: always ask.
    virtual std::uint64_t unfinished_before() const { return 0; }
    /// Whether launches() and finished() write nothing that another node's program reads or
    /// writes (--threads: the nodes of such programs may step on several threads at once,
    /// sc/staged_nodes.h). Default false.
    virtual bool launches_alone() const { return false; }
};

}  // namespace d3
