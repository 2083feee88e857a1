#include "sc/router/replicator.h"

#include <algorithm>

namespace d3 {

replicator::replicator(const char* name, packet_pool& pool, fanout& lists)
    : sc_core::sc_object(name), pool_(pool), lists_(lists) {}

namespace {
replicator_unit_maker& replicator_maker() {
    static replicator_unit_maker m = nullptr;
    return m;
}
}  // namespace

void set_replicator_unit_maker(replicator_unit_maker make) {
    replicator_maker() = make;
}

std::unique_ptr<replicator_unit_if> make_replicator_unit(const replicator_unit_setup& s) {
    if (!replicator_maker()) {
        SC_REPORT_ERROR("d3/unit-impl",
                        "--unit-impl replicator needs a build with -DD3_WITH_VERILATOR=ON");
        return nullptr;
    }
    return replicator_maker()(s);
}

packet* replicator::take_copy(entry& e, target to, std::uint64_t t) {
    std::vector<target>& targets = lists_[e.fan];
    const bool more = targets.size() > 1;
    if (unit_ ? unit_->take(t, e.fan, targets, to, more) : more) {
        ++copies_;
        targets.erase(std::find(targets.begin(), targets.end(), to));
        if (deferral_ && deferral_->active()) return deferral_->copy(router_, *e.pkt);
        packet* copy = pool_.copy(*e.pkt);
        if (record_parents_) parents_.emplace_back(copy->serial, e.pkt->serial);
        return copy;
    }
    lists_.close(e.fan);
    e.fan = fanout::kNone;  // now a unicast entry: take() marks it done
    return e.pkt;
}

}  // namespace d3
