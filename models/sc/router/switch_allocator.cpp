#include "sc/router/switch_allocator.h"

namespace d3 {

switch_allocator::switch_allocator(const char* name, const setup& s, router_stats& stats)
    : sc_core::sc_object(name),
      router_(s.router),
      observer_(s.observer),
      stats_(stats),
      arbiters_(static_cast<std::size_t>(s.outputs), arbiter(s.policy, s.sources)),
      wanted_(static_cast<std::size_t>(s.outputs)) {}

void switch_allocator::request(target output, const d3::request& r) {
    auto& w = wanted_[output];
    if (w.empty()) touched_.push_back(output);
    w.push_back(r);
}

void switch_allocator::record(std::uint64_t t, int output, std::size_t requesters) {
    ++stats_.conflicts;
    stats_.waits += requesters - 1;
    if (log_.size() < kConflictLog)
        log_.push_back({t, router_, static_cast<std::uint16_t>(output),
                        static_cast<std::uint16_t>(requesters)});
}

void switch_allocator::observe(std::uint64_t t, int output, std::size_t requesters,
                               const packet* sent) {
    link_event ev;
    ev.step = t;
    ev.router = router_;
    ev.port = static_cast<std::uint16_t>(output);
    ev.requesters = static_cast<std::uint16_t>(requesters);
    if (sent) {
        ev.sent = true;
        ev.serial = sent->serial;
        ev.msg = sent->msg;
        ev.src = sent->src;
        ev.hdr = sent->hdr;
    }
    observer_->on_link(ev);
}

}  // namespace d3
