#include "sc/router/switch_allocator.h"

#include <algorithm>

#include "core/router/service.h"

namespace d3 {

switch_allocator::switch_allocator(const char* name, const setup& s, router_stats& stats)
    : sc_core::sc_object(name),
      router_(s.router),
      observer_(s.observer),
      stats_(stats),
      background_(s.background),
      outputs_(s.outputs),
      classes_(s.classes),
      policy_(s.policy),
      sources_(s.sources),
      arbiter_next_(static_cast<std::size_t>(s.outputs * s.classes), 0),
      chains_(static_cast<std::size_t>(s.outputs)) {
    asked_.resize(step_list(s.sources));
    firsts_.reserve(step_list(static_cast<std::size_t>(s.outputs)));
}

void switch_allocator::join(chain& c, target output, const d3::request& r) {
    if (!room_for(2)) return join_growing(c, output, r);
    if (c.head == kAlone) {  // the output's first request joins the chain first
        const auto alone = std::find_if(firsts_.begin(), firsts_.end(),
                                        [output](const first& f) { return f.output == output; });
        c.head = c.tail = push_asked(alone->r());
    }
    const std::uint32_t i = push_asked(r);
    asked_[c.tail].next = i;
    c.tail = i;
}

void switch_allocator::join_growing(chain& c, target output, const d3::request& r) {
    asked_.resize(asked_.size() * 2 + 2);
    join(c, output, r);
}

void switch_allocator::first_group() {
    const std::size_t most = step_list(asked_.size());
    eligible_.reserve(most);
    cands_.reserve(most);
}

void switch_allocator::log(const conflict_record& c) {
    // The whole log at its first conflict: a router with one has most often many (grown one
    // push at a time, it was reallocated over and over).
    if (log_.empty()) log_.reserve(kConflictLog);
    log_.push_back(c);
}

void switch_allocator::record(std::uint64_t t, int output, std::size_t requesters) {
    ++stats_.conflicts;
    if (log_.size() < kConflictLog)
        log({t, router_, static_cast<std::uint16_t>(output),
             static_cast<std::uint16_t>(requesters)});
}

std::uint8_t switch_allocator::record_tagged(std::uint64_t t, int output,
                                             const std::vector<d3::request>& w,
                                             const packet* sent) {
    // Per kind (the run's own packets, the background's): a conflict when a packet of that kind
    // asked for the link together with another packet of its class or a higher one (the packets
    // that compete with it); its waits are its packets that had a credit and did not get the link
    // (as without background); a stall when none of its packets had a credit.
    std::uint8_t counted = 0;
    for (int bg = 0; bg < 2; ++bg) {
        std::size_t mine = 0, rivals = 0, credited = 0;
        int cls = kServiceClasses;
        for (const d3::request& r : w)
            if (r.e->pkt->background == (bg == 1)) cls = std::min<int>(cls, r.e->pkt->service);
        for (std::size_t i = 0; i < w.size(); ++i) {
            const packet& p = *w[i].e->pkt;
            if (p.background == (bg == 1)) {
                ++mine;
                if (credit_[i]) ++credited;
            }
            if (p.service <= cls) ++rivals;
        }
        if (mine == 0) continue;
        router_stats& s = bg ? *background_ : stats_;
        if (rivals > 1) {
            ++s.conflicts;
            counted |= bg ? link_event::kBackgroundConflict : link_event::kRunConflict;
            s.waits += credited - (sent && sent->background == (bg == 1) ? 1 : 0);
            if (!bg && log_.size() < kConflictLog)
                log({t, router_, static_cast<std::uint16_t>(output),
                     static_cast<std::uint16_t>(rivals)});
        }
        if (credited == 0) ++s.stalls;
        s.blocked += mine - credited;
    }
    return counted;
}

void switch_allocator::observe(std::uint64_t t, int output, std::size_t requesters,
                               const packet* sent, std::uint8_t counted) {
    link_event ev;
    ev.step = t;
    ev.router = router_;
    ev.port = static_cast<std::uint16_t>(output);
    ev.requesters = static_cast<std::uint16_t>(requesters);
    ev.counted = counted;
    if (sent) {
        mark_sent(ev, *sent);
        ev.flits = sent->flits;
        ev.packets = 1;
    }
    observer_->on_link(ev);
}

}  // namespace d3
