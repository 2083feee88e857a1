#include "sc/router/hold_stage.h"

#include <algorithm>

#include "core/calendar.h"

namespace d3 {

hold_stage::hold_stage(const char* name, const router_params& p)
    : sc_core::sc_object(name),
      local_time_(static_cast<std::uint64_t>(p.pipeline_stages - 1) +
                  static_cast<std::uint64_t>(p.local_latency)),
      global_time_(static_cast<std::uint64_t>(p.pipeline_stages - 1) +
                   static_cast<std::uint64_t>(p.global_latency)),
      capacity_(p.hold_capacity == 0 ? std::numeric_limits<std::size_t>::max()
                                     : static_cast<std::size_t>(p.hold_capacity)) {}

std::uint64_t hold_stage::hold_time(action act) const {
    const bool global = act == action::global || act == action::broadcast_global;
    return global ? global_time_ : local_time_;
}

void hold_stage::begin_step() {
    room_ = capacity_ == std::numeric_limits<std::size_t>::max()
                ? capacity_
                : capacity_ - std::min(capacity_, held_.size());
}

bool hold_stage::take_room() {
    if (room_ == 0) return false;
    --room_;
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
