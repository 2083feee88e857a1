#include "sc/router/replicator.h"

#include <algorithm>

namespace d3 {

replicator::replicator(const char* name, packet_pool& pool)
    : sc_core::sc_object(name), pool_(pool) {}

packet* replicator::take(entry& e, target to) {
    packet* p = e.pkt;
    if (e.targets.size() > 1) {
        p = pool_.copy(*e.pkt);
        ++copies_;
        e.targets.erase(std::find(e.targets.begin(), e.targets.end(), to));
    } else {
        e.targets.clear();
        e.done = true;
    }
    if (to != kEjectTarget) p->hdr = e.dec.next;
    return p;
}

}  // namespace d3
