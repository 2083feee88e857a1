// --threads N: the nodes of a cycle step on the threads too, each with its router's share
// (docs/architecture.md, "Threads"). Share 0's nodes step on the kernel's thread as with one
// thread, first in one thread's order of the nodes' writes; the other shares' nodes leave what
// one thread numbers (a launched packet's message id and serial), and their own wake-ups, to a
// merge after the phase, share by share, each in the order they were made. Their packets come
// from a reserve of the pool kept for their share, never from the packets the kernel's thread
// takes and releases meanwhile.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/network/topology.h"
#include "sc/protocol.h"
#include "sc/stepper.h"

namespace d3 {

class ledger;
class packet_pool;

/// What the nodes of one share (not share 0's) leave for the merge.
struct staged_share {
    std::size_t index = 0;  ///< the share (its packets kept under it: packet_pool::reserve)
    /// A packet launched: its message id and serial are given by the merge. `dst`:
    /// ledger::destination_of (or closed_form_destination).
    struct launch_record {
        packet* pkt;
        router_id dst;
    };
    std::vector<launch_record> launches;
    struct node_wake {
        std::uint32_t node;
        std::uint64_t cycle;
    };
    std::vector<node_wake> wakes;  ///< stepper::wake of its nodes
    struct awake_change {
        std::uint32_t node;
        bool on;
    };
    std::vector<awake_change> awake_changes;  ///< stepper::keep_awake of its nodes
    std::size_t most_launches = 0;            ///< in a step, by all its nodes (the reserve)
    /// While the routers step on the threads: the first copies its nodes took at once
    /// (node::deliver_staged), and their packets, given back to the pool after the phase.
    std::uint64_t delivered = 0;
    std::vector<packet*> released;
};

class staged_nodes {
  public:
    /// A node's step on a thread other than the kernel's, leaving its writes in `s`.
    using staged_step = void (*)(stepper::client&, std::uint64_t, staged_share&);

    explicit staged_nodes(std::size_t threads);

    /// Node `id` may step on any thread with `f` (nullptr: it may not; then every node steps on
    /// the kernel's thread), launching at most `per_step` packets in a step.
    void add(std::uint32_t id, staged_step f, std::size_t per_step);
    /// Every one of `nodes` nodes was added with a staged step.
    bool all_staged(std::size_t nodes) const { return staged_ == nodes && nodes == steps_.size(); }
    /// The shares of the nodes, their routers' (step_deferral::share_of), once.
    template <typename ShareOf>
    void cut(ShareOf share_of) {
        if (cut_) return;
        cut_ = true;
        for (std::uint32_t id = 0; id < steps_.size(); ++id)
            shares_[share_of(id)].most_launches += per_step_[id];
    }

    /// Steps node `id` of share `w` in cycle `t`.
    void step(stepper::client& c, std::uint32_t id, std::size_t w, std::uint64_t t) {
        steps_[id](c, t, shares_[w]);
    }
    /// While the nodes step on the threads: a node's wake-up and keep_awake change of share
    /// `w` > 0, kept for the merge.
    staged_share& share(std::size_t w) { return shares_[w]; }

    /// After the phase, on the kernel's thread: the shares' launches get their message ids and
    /// serials, share by share in the order they were made; their nodes' wake-ups go to the
    /// calendar.
    void merge(ledger& deliveries, packet_pool& pool, stepper& clock);
    /// After the routers' step on the threads, on the kernel's thread: the deliveries the other
    /// shares' nodes took (ledger::add_delivered, their packets to the pool) and the wake-ups
    /// their credits asked for, share by share.
    void merge_deliveries(ledger& deliveries, packet_pool& pool, stepper& clock);
    /// The packets share `w`'s nodes took while the routers stepped (merge_deliveries).
    std::size_t released(std::size_t w) const { return shares_[w].released.size(); }
    /// The packets share `w`'s nodes may launch in a step (packet_pool::reserve).
    std::size_t most_launches(std::size_t w) const { return shares_[w].most_launches; }

  private:
    std::vector<staged_share> shares_;
    std::vector<staged_step> steps_;  ///< per node id
    std::vector<std::size_t> per_step_;
    std::size_t staged_ = 0;
    bool cut_ = false;
};

}  // namespace d3
