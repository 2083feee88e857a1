#include "sc/router/replicator.h"

#include <algorithm>

namespace d3 {

replicator::replicator(const char* name, packet_pool& pool, fanout& lists)
    : sc_core::sc_object(name), pool_(pool), lists_(lists) {}

packet* replicator::take_copy(entry& e, target to) {
    std::vector<target>& targets = lists_[e.fan];
    if (targets.size() > 1) {
        ++copies_;
        targets.erase(std::find(targets.begin(), targets.end(), to));
        return pool_.copy(*e.pkt);
    }
    lists_.close(e.fan);
    e.fan = fanout::kNone;  // now a unicast entry: take() marks it done
    return e.pkt;
}

}  // namespace d3
