// The network's deadlock watch (docs/architecture.md, "Deadlock"): every `watchdog` steps, a
// deadlock is either a network where no packet moved since the last look, or a cycle in the
// wait-for graph of blocked heads that cannot resolve, found while the rest still moves.
#include <string>
#include <vector>

#include "core/run/wait_cycle.h"
#include "sc/network.h"

namespace d3 {

// Every `watchdog` steps. No packet in flight is no deadlock, even while the nodes' programs run
// (a traffic run at a low rate may have none for a long time): the next packet's entry is
// progress. While packets move, a blocked cycle is a deadlock when it is proven (held_for_good);
// a cycle through a hold stage is not (the stage's other packets may leave and make room), and is
// found when the whole network stops.
void network::watchdog() {
    const std::uint64_t now = progress();
    const bool moved = now != last_progress_;
    last_progress_ = now;
    const std::string step = std::to_string(to_cycle(sc_core::sc_time_stamp()));
    if (pool_.in_use() != 0 && !moved) {
        deadlock_ = "deadlock: no packet moved for " + std::to_string(cfg_.watchdog) +
                    " steps with " + std::to_string(pool_.in_use()) + " packets in flight (step " +
                    step + ")";
        return stop_on_deadlock(blocked_cycle());
    }
    if (pool_.in_use() != 0) {
        const std::vector<std::int64_t> cycle = blocked_cycle();
        if (held_for_good(cycle)) {
            deadlock_ =
                "deadlock: a cycle of full buffers, none of which can free a slot, at step " +
                step + " while other packets still move, with " + std::to_string(pool_.in_use()) +
                " packets in flight";
            return stop_on_deadlock(cycle);
        }
    }
    bool busy = pool_.in_use() != 0;
    for (const node& x : nodes) busy = busy || x.busy();
    // Drained: no timer, so that the kernel may run out of events.
    if (busy) watchdog_event_.notify(cycles(static_cast<std::uint64_t>(cfg_.watchdog)));
}

void network::stop_on_deadlock(const std::vector<std::int64_t>& cycle) {
    wait_cycle_ = describe_cycle(cycle);
    if (!wait_cycle_.empty()) deadlock_ += "; blocked cycle: " + wait_cycle_;
    SC_REPORT_WARNING("d3/network", deadlock_.c_str());
    sc_core::sc_stop();
}

// The wait-for graph's node of (router, buffer, class): router id * (buffers + classes) + buffer
// index, or + buffers + class for the hold stage.
network::wait_graph_shape network::wait_shape() const {
    wait_graph_shape g;
    g.buffers = topo_.link_ports() * cfg_.router.vcs * cfg_.router.service_classes;
    g.per_router = g.buffers + cfg_.router.service_classes;
    return g;
}

// Wait-for graph over link input buffers and hold stages: a buffer whose head packet lacks a
// credit waits for the buffer (router, input, VC) it must enter, one whose head must hold waits for
// its router's hold stage, and a hold stage (per service class) waits for the buffer its first
// blocked packet must enter. Only what waits is listed.
std::vector<std::int64_t> network::blocked_cycle() const {
    const wait_graph_shape g = wait_shape();
    const auto node = [&g](router_id r, int fifo, int cls) {
        return static_cast<std::int64_t>(r) * g.per_router +
               (fifo == router::kHoldStage ? g.buffers + cls : fifo);
    };
    std::vector<wait_edge> edges;
    for (router_id i = 0; i < topo_.routers(); ++i) {
        const coord at = topo_.at(i);
        for (const router::wait& w : routers[i].blocked_heads()) {
            std::int64_t to_node;
            if (w.output == router::kHoldStage) {
                to_node = node(i, router::kHoldStage, w.cls);
            } else {
                const topology::link_end far = topo_.far_end(at, port_of(w.output, topo_.k()));
                const router_id to = topo_.id(far.at);
                to_node = node(to, routers[to].fifo_index(index_of(far.port, topo_.k()), w.vc), 0);
            }
            edges.push_back({node(i, w.fifo, w.cls), to_node});
        }
    }
    return find_wait_cycle(std::move(edges));
}

// A cycle of link buffers that are all full cannot resolve: a buffer frees a slot only when its
// head leaves, its head waits for a slot in the next buffer, and a full buffer has no credit on
// the way back (a slot freed and not yet credited would be empty). The routes of blocked heads are
// fixed once decoded, so no head turns to another output.
bool network::held_for_good(const std::vector<std::int64_t>& cycle) const {
    const wait_graph_shape g = wait_shape();
    for (std::int64_t x : cycle) {
        const auto r = static_cast<router_id>(x / g.per_router);
        const int f = static_cast<int>(x % g.per_router);
        if (f >= g.buffers || !routers[r].fifo_full(f)) return false;
    }
    return !cycle.empty();
}

std::string network::describe_cycle(const std::vector<std::int64_t>& cycle) const {
    const wait_graph_shape g = wait_shape();
    std::string s;
    const bool classes = cfg_.router.service_classes > 1;
    for (std::size_t j = 0; j < cycle.size(); ++j) {
        const auto r = static_cast<router_id>(cycle[j] / g.per_router);
        const int f = static_cast<int>(cycle[j] % g.per_router);
        if (j != 0) s += " -> ";
        s += "router " + topo_.label(topo_.at(r));
        if (f < g.buffers) {
            s += " input " + routers[r].fifo_label(f) + " (head " + routers[r].fifo_head(f) + ")";
        } else {
            const int cls = f - g.buffers;
            s += std::string(" hold stage") +
                 (classes ? std::string(" ") + to_string(static_cast<service>(cls)) : "") + " (" +
                 std::to_string(routers[r].hold_size()) + " held, first waiting " +
                 routers[r].held_head(cls) + ")";
        }
    }
    if (!cycle.empty())
        s += " -> back to router " +
             topo_.label(topo_.at(static_cast<router_id>(cycle[0] / g.per_router)));
    return s;
}

}  // namespace d3
