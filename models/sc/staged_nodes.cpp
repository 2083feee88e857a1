#include "sc/staged_nodes.h"

#include "core/run/ledger.h"
#include "sc/packet_pool.h"

namespace d3 {

staged_nodes::staged_nodes(std::size_t threads) : shares_(threads) {
    for (std::size_t w = 0; w < threads; ++w) shares_[w].index = w;
}

void staged_nodes::add(std::uint32_t id, staged_step f, std::size_t per_step) {
    if (steps_.size() <= id) {
        steps_.resize(id + 1, nullptr);
        per_step_.resize(id + 1, 0);
    }
    steps_[id] = f;
    per_step_[id] = per_step;
    if (f) ++staged_;
}

// One thread numbers the nodes' launches in node order: share 0's were numbered as they were made
// (the kernel's thread steps them, and no other thread numbers anything in the phase), then each
// share's in turn.
void staged_nodes::merge(ledger& deliveries, packet_pool& pool, stepper& clock) {
    for (std::size_t w = 1; w < shares_.size(); ++w) {
        staged_share& s = shares_[w];
        for (const staged_share::launch_record& l : s.launches) {
            packet& p = *l.pkt;
            p.msg = deliveries.record_launch(p.src, p.hdr, l.dst);
            p.serial = pool.take_serial();
        }
        s.launches.clear();
        for (const staged_share::node_wake& x : s.wakes) clock.wake_node_now(x.node, x.cycle);
        s.wakes.clear();
        for (const staged_share::awake_change& x : s.awake_changes)
            clock.flip_awake(*clock.node_clients_[x.node], x.on);
        s.awake_changes.clear();
    }
}

// The pool's order of released packets is one thread's: share 0's were released during the phase,
// as one thread releases them first, then each share's in turn (the packets' addresses are all
// it decides). The calendar keeps a node's earliest wake-up, whatever the order.
void staged_nodes::merge_deliveries(ledger& deliveries, packet_pool& pool, stepper& clock) {
    for (std::size_t w = 1; w < shares_.size(); ++w) {
        staged_share& s = shares_[w];
        deliveries.add_delivered(s.delivered);
        s.delivered = 0;
        for (packet* p : s.released) pool.release(p);
        s.released.clear();
        for (const staged_share::node_wake& x : s.wakes) clock.wake_node_now(x.node, x.cycle);
        s.wakes.clear();
    }
}

}  // namespace d3
