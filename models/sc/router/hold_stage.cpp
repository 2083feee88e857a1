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
      capacity_(p.hold_capacity == 0 ? kUnbounded : static_cast<std::size_t>(p.hold_capacity)),
      classes_(p.service_classes) {}

std::uint64_t hold_stage::hold_time(action act) const {
    const bool global = act == action::global || act == action::broadcast_global;
    return global ? global_time_ : local_time_;
}

void hold_stage::begin_step_classes() {
    std::size_t held[kServiceClasses] = {};
    if (capacity_ != kUnbounded)
        for (const entry& e : held_) ++held[e.pkt->service];
    for (int c = 0; c < classes_; ++c) room_[c] = room_left(held[c]);
}

bool hold_stage::commit_held() {
    const std::size_t before = held_.size();
    held_.erase(std::remove_if(held_.begin(), held_.end(), [](const entry& e) { return e.done; }),
                held_.end());
    held_.insert(held_.end(), entering_.begin(), entering_.end());
    entering_.clear();
    return held_.size() != before;
}

void hold_stage::admit(packet* p, std::uint64_t t, action act) {
    entry e;
    e.pkt = p;
    e.ready = t + hold_time(act);
    entering_.push_back(std::move(e));
    ++entered_;
}

}  // namespace d3
