#include "sc/router/hold_stage.h"

#include <algorithm>

#include "core/containers/calendar.h"

namespace d3 {

hold_stage::hold_stage(const char* name, const router_params& p)
    : sc_core::sc_object(name),
      local_time_(static_cast<std::uint64_t>(p.pipeline.after_grant()) +
                  static_cast<std::uint64_t>(p.local_latency)),
      global_time_(static_cast<std::uint64_t>(p.pipeline.after_grant()) +
                   static_cast<std::uint64_t>(p.global_latency)),
      capacity_(p.hold_capacity == 0 ? kUnbounded : static_cast<std::size_t>(p.hold_capacity)),
      classes_(p.service_classes) {}

void hold_stage::begin_step_classes() {
    std::size_t held[kServiceClasses] = {};
    if (capacity_ != kUnbounded)
        for (const entry& e : held_) ++held[e.pkt->service];
    for (int c = 0; c < classes_; ++c) room_[c] = room_left(held[c]);
}

// The packets that left (done) are dropped and the others keep their order; those that entered in
// this step follow them. When every held packet left, the common case, the entering list becomes
// the held one by a swap, without a copy; otherwise merge_held compacts (out of line, so that the
// common case saves and restores no registers).
bool hold_stage::commit_held() {
    const std::size_t before = held_.size();
    for (const entry& e : held_)
        if (!e.done) return merge_held();
    held_.swap(entering_);
    entering_.clear();
    return held_.size() != before;
}

bool hold_stage::merge_held() {
    const std::size_t before = held_.size();
    std::size_t kept = 0;
    for (std::size_t i = 0; i < before; ++i)
        if (!held_[i].done) held_[kept++] = held_[i];
    held_.resize(kept);
    held_.insert(held_.end(), entering_.begin(), entering_.end());
    entering_.clear();
    return held_.size() != before;
}

}  // namespace d3
