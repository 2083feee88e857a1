#include "sc/router/replicator.h"

#include <algorithm>

namespace d3 {

replicator::replicator(const char* name, packet_pool& pool, fanout& lists)
    : sc_core::sc_object(name), pool_(pool), lists_(lists) {}

packet* replicator::take(entry& e, target to) {
    packet* p = e.pkt;
    if (e.broadcast() && lists_[e.fan].size() > 1) {
        std::vector<target>& targets = lists_[e.fan];
        p = pool_.copy(*e.pkt);
        ++copies_;
        targets.erase(std::find(targets.begin(), targets.end(), to));
    } else {
        if (e.broadcast()) lists_.close(e.fan);
        e.fan = fanout::kNone;
        e.done = true;
    }
    if (to != kEjectTarget) p->hdr = e.dec.next;
    return p;
}

}  // namespace d3
