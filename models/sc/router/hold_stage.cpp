#include "sc/router/hold_stage.h"

#include <algorithm>

#include "core/containers/calendar.h"

namespace d3 {

namespace {
// Held packets are bounded by the hold capacity (or by the packets in the network): the lanes'
// limit is not a bound in use.
constexpr std::size_t kLaneLimit = std::size_t{1} << 30;
}  // namespace

hold_stage::hold_stage(const char* name, const router_params& p)
    : sc_core::sc_object(name),
      local_time_(static_cast<std::uint64_t>(p.pipeline.after_grant()) +
                  static_cast<std::uint64_t>(p.local_latency)),
      global_time_(static_cast<std::uint64_t>(p.pipeline.after_grant()) +
                   static_cast<std::uint64_t>(p.global_latency)),
      capacity_(p.hold_capacity == 0 ? kUnbounded : static_cast<std::size_t>(p.hold_capacity)),
      classes_(p.service_classes),
      lanes_{bounded_ring<held_entry>(kLaneLimit), bounded_ring<held_entry>(kLaneLimit)} {}

void hold_stage::begin_step_classes() {
    std::size_t held[kServiceClasses] = {};
    if (capacity_ != kUnbounded) {
        for (const held_entry& h : held_) ++held[h.e.pkt->service];
        for (const bounded_ring<held_entry>& lane : lanes_)
            for (std::size_t i = 0; i < lane.size(); ++i) ++held[lane[i].e.pkt->service];
    }
    for (int c = 0; c < classes_; ++c) room_[c] = room_left(held[c]);
}

// Each lane's ready packets are its first ones (its ready cycles rise); merged by their order of
// entry.
void hold_stage::collect_lanes(std::uint64_t t, std::uint32_t source, request_list& out) {
    std::size_t n[2];
    for (int l = 0; l < 2; ++l) {
        const bounded_ring<held_entry>& lane = lanes_[l];
        std::size_t i = 0;
        while (i < lane.size() && lane[i].e.ready <= t) ++i;
        n[l] = asked_[l] = i;
    }
    std::size_t i = 0, j = 0;
    while (i < n[0] || j < n[1]) {
        const bool local = j == n[1] || (i < n[0] && lanes_[0][i].seq < lanes_[1][j].seq);
        held_entry& h = local ? lanes_[0][i++] : lanes_[1][j++];
        out.push_back({&h.e, source});
    }
}

// The packets that left (done) are dropped and the others keep their order; those that entered in
// this step follow them. When every held packet left, the common case, the entering list becomes
// the held one by a swap, without a copy; otherwise merge_held compacts (out of line, so that the
// common case saves and restores no registers).
bool hold_stage::commit_held() {
    const std::size_t before = held_.size();
    for (const held_entry& h : held_)
        if (!h.e.done) return merge_held();
    held_.swap(entering_);
    entering_.clear();
    return held_.size() != before;
}

bool hold_stage::merge_held() {
    const std::size_t before = held_.size();
    std::size_t kept = 0;
    for (std::size_t i = 0; i < before; ++i)
        if (!held_[i].e.done) held_[kept++] = held_[i];
    held_.resize(kept);
    held_.insert(held_.end(), entering_.begin(), entering_.end());
    entering_.clear();
    return held_.size() != before;
}

// The packets that left (done, among those the last collect asked for) are dropped and the others
// keep their order; those that entered in this step follow them in their lanes (those admit put
// there already, then those waiting in entering_).
bool hold_stage::commit_lanes() {
    std::size_t left = 0;
    for (int l = 0; l < 2; ++l) {
        if (asked_[l] != 0)
            left += lanes_[l].remove_if([](const held_entry& h) { return h.e.done; }, asked_[l]);
        asked_[l] = 0;
    }
    for (const held_entry& h : entering_) lanes_[h.lane].push_slot() = h;
    entering_.clear();
    return left != entered_ - step_entered_;
}

std::vector<const entry*> hold_stage::held() const {
    std::vector<const entry*> out;
    for (const held_entry& h : held_) out.push_back(&h.e);
    std::size_t i = 0, j = 0;
    const bounded_ring<held_entry>&a = lanes_[0], &b = lanes_[1];
    while (i < a.size() || j < b.size()) {
        const bool local = j == b.size() || (i < a.size() && a[i].seq < b[j].seq);
        out.push_back(local ? &a[i++].e : &b[j++].e);
    }
    return out;
}

}  // namespace d3
