// The replay of a message trace (docs/traces.md): which messages each router's node creates in a
// step, and what an arrival releases. A message of F flits is ceil(F / packet_length) packets
// (the network's --packet-length: one packet size per network), all created together; it has
// arrived when the last of them has. A message that waits for nothing is created at its cycle;
// one that waits, creation_gap() steps after the last message it waits for arrived. Plain C++.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <queue>
#include <utility>
#include <vector>

#include "core/network/topology.h"
#include "core/replay/message_trace.h"
#include "core/traffic/latency.h"
#include "core/traffic/routing.h"
#include "core/workload/program.h"

namespace d3 {

class replay_state {
  public:
    /// `router_of` gives each trace node's router (core/replay/node_mapping.h).
    replay_state(message_trace trace, std::vector<router_id> router_of, int packet_length,
                 const topology& t);

    /// Appends the packets of the messages router `r` creates at `step` (payload: the message).
    void launches(router_id r, std::uint64_t step, std::vector<launch>& out);
    /// True when router `r` has created every message of its nodes.
    bool finished(router_id r) const { return unreleased_[r] == 0; }
    /// A packet arrived: a message whose last packet this is has arrived, and releases the
    /// messages waiting for it.
    void delivered(const delivery& d);

    /// The destination of every packet `src` launches, in creation order (the pair check).
    const std::vector<router_id>& destinations_from(router_id src) const { return dests_[src]; }
    std::uint32_t pairs(router_id src, router_id dst) const;
    std::uint64_t packets() const { return packets_; }
    std::uint64_t messages() const { return trace_.messages.size(); }
    std::uint64_t messages_arrived() const { return arrived_; }
    const message_trace& trace() const { return trace_; }
    /// The step message `i` was created, or ~0 when it never was.
    std::uint64_t created_at(std::size_t i) const { return msg_[i].created; }
    /// The step message `i` arrived (its last packet), or ~0 when it never did.
    std::uint64_t arrived_at(std::size_t i) const { return msg_[i].arrived; }

    /// The results documented in docs/traces.md (the JSON's "trace").
    nlohmann::json summary() const;

  private:
    struct message_state {
        std::uint32_t waiting = 0;       ///< messages it still waits for
        std::uint32_t packets_left = 0;  ///< its packets not yet arrived
        std::uint64_t latest = 0;        ///< the latest arrival of those it waited for
        std::uint64_t created = ~0ull;
        std::uint64_t arrived = ~0ull;
    };
    using due = std::pair<std::uint64_t, std::uint32_t>;  ///< (creation step, message)
    using due_queue = std::priority_queue<due, std::vector<due>, std::greater<due>>;

    void release(std::uint32_t i, std::uint64_t step);
    /// {max, mean, histogram} of the arrived packets' hops.
    nlohmann::json hop_figures() const;
    void arrived(std::uint32_t i, std::uint64_t step);

    message_trace trace_;
    std::vector<router_id> router_of_;
    const topology& topo_;
    /// Each message's header: minimal routing (D3's and MDF's (3; dst), a file network's table).
    std::unique_ptr<launch_routing> routing_;
    traffic_rng unused_rng_{0};  ///< minimal routing draws nothing
    int packet_length_ = 1;
    std::vector<message_state> msg_;
    std::vector<std::uint32_t> released_from_;  ///< CSR offsets: message -> its waiters
    std::vector<std::uint32_t> waiters_;
    std::vector<due_queue> due_;                 ///< per router
    std::vector<std::uint32_t> unreleased_;      ///< per router: messages not yet created
    std::vector<std::vector<router_id>> dests_;  ///< per router
    std::uint64_t packets_ = 0;
    std::uint64_t arrived_ = 0;
    std::uint64_t completion_ = 0;
    latency_stats latency_;
    /// Packets arrived by their hops (link traversals): [h] packets took h hops.
    std::vector<std::uint64_t> hop_histogram_;
};

}  // namespace d3
