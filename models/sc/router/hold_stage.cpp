#include "sc/router/hold_stage.h"

#include <algorithm>

#include "core/calendar.h"

namespace d3 {

hold_stage::hold_stage(const char* name, const router_params& p)
    : sc_core::sc_object(name),
      local_time_(static_cast<std::uint64_t>(p.pipeline.after_grant()) +
                  static_cast<std::uint64_t>(p.local_latency)),
      global_time_(static_cast<std::uint64_t>(p.pipeline.after_grant()) +
                   static_cast<std::uint64_t>(p.global_latency)),
      capacity_(p.hold_capacity == 0 ? std::numeric_limits<std::size_t>::max()
                                     : static_cast<std::size_t>(p.hold_capacity)),
      classes_(p.service_classes) {}

std::uint64_t hold_stage::hold_time(action act) const {
    const bool global = act == action::global || act == action::broadcast_global;
    return global ? global_time_ : local_time_;
}

void hold_stage::begin_step() {
    if (classes_ == 1) {
        room_[0] = capacity_ == std::numeric_limits<std::size_t>::max()
                       ? capacity_
                       : capacity_ - std::min(capacity_, held_.size());
        return;
    }
    std::size_t held[kServiceClasses] = {};
    if (capacity_ != std::numeric_limits<std::size_t>::max())
        for (const entry& e : held_) ++held[e.pkt->service];
    for (int c = 0; c < classes_; ++c)
        room_[c] = capacity_ == std::numeric_limits<std::size_t>::max()
                       ? capacity_
                       : capacity_ - std::min(capacity_, held[c]);
}

bool hold_stage::take_room(int cls) {
    if (room_[cls] == 0) return false;
    --room_[cls];
    return true;
}

void hold_stage::admit(packet* p, std::uint64_t t, action act) {
    entry e;
    e.pkt = p;
    e.ready = t + hold_time(act);
    entering_.push_back(std::move(e));
    ++entered_;
}

void hold_stage::collect(std::uint64_t t, std::uint32_t source, std::vector<request>& out) {
    for (entry& e : held_)
        if (e.ready <= t) out.push_back({&e, source});
}

bool hold_stage::commit() {
    const std::size_t before = held_.size();
    held_.erase(std::remove_if(held_.begin(), held_.end(), [](const entry& e) { return e.done; }),
                held_.end());
    for (entry& e : entering_) held_.push_back(std::move(e));
    entering_.clear();
    return held_.size() != before;
}

std::uint64_t hold_stage::next_work(std::uint64_t t) const {
    std::uint64_t next = calendar::kNever;
    for (const entry& e : held_) {
        if (e.ready <= t && e.stalled) continue;  // waits for a credit
        next = std::min(next, std::max(e.ready, t + 1));
    }
    return next;
}

}  // namespace d3
