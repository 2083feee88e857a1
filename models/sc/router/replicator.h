// Replicator: the broadcast bit's fan-out. A broadcast entry is served one target at a time
// (the held copy, each link as the switch allocator grants it); every target but the last gets a
// fresh copy of the packet (same message, new serial number), the last takes the packet itself.
// A unicast entry's one target takes the packet. Every copy leaves with the decision's next
// header (the sync counter one lower), except at ejection.
#pragma once

#include <cstdint>
#include <systemc>

#include "sc/packet_pool.h"
#include "sc/router/entry.h"

namespace d3 {

class replicator : public sc_core::sc_object {
  public:
    /// `lists`: the broadcast entries' copies (shared with the route stage).
    replicator(const char* name, packet_pool& pool, fanout& lists);

    /// The packet that goes to `to` now; marks `e` done after its last target.
    packet* take(entry& e, target to) {
        packet* p = e.broadcast() ? take_copy(e, to) : e.pkt;
        if (!e.broadcast()) e.done = true;
        if (to != kEjectTarget) p->hdr = e.dec.next;
        return p;
    }

    std::uint64_t copies() const { return copies_; }

  private:
    /// A broadcast entry: a copy while other targets remain, else the packet (the list closed).
    packet* take_copy(entry& e, target to);

    packet_pool& pool_;
    fanout& lists_;
    std::uint64_t copies_ = 0;
};

}  // namespace d3
