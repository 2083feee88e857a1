#include "core/vc_router/output_vcs.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace d3 {

output_vcs::output_vcs(int vcs, std::vector<int> depth, bool wait_for_tail_credit)
    : vcs_(vcs),
      depth_(std::move(depth)),
      wait_for_tail_credit_(wait_for_tail_credit),
      slots_(depth_.size() * static_cast<std::size_t>(vcs)),
      pending_(depth_.size()) {
    for (int o = 0; o < outputs(); ++o)
        for (int v = 0; v < vcs_; ++v) slot(o, v).credits = depth_[static_cast<std::size_t>(o)];
}

void output_vcs::send(int output, int vc, bool tail) {
    vc_slot& s = slot(output, vc);
    --s.credits;
    if (!tail) return;
    // With wait_for_tail_credit, freed when the last credit is back; an output of unbounded room
    // (the hold port, a terminal) returns none: freed at once.
    const int depth = depth_[static_cast<std::size_t>(output)];
    if (wait_for_tail_credit_ && depth != kUnbounded && s.credits != depth)
        s.tail_sent = true;
    else
        s.owner = kFree;
}

void output_vcs::credit_arrived(int output, int vc, std::uint64_t due) {
    pending_[static_cast<std::size_t>(output)].push_back({due, vc});
    ++pending_count_;
    if (due < next_due_) next_due_ = due;
}

void output_vcs::return_credits(std::uint64_t t) {
    if (t < next_due_) return;
    for (int o = 0; o < outputs(); ++o) {
        std::deque<pending>& q = pending_[static_cast<std::size_t>(o)];
        while (!q.empty() && q.front().due <= t) {
            vc_slot& s = slot(o, q.front().vc);
            if (s.credits >= depth_[static_cast<std::size_t>(o)])
                throw std::logic_error("a credit beyond the buffer's depth on output " +
                                       std::to_string(o));
            if (++s.credits == depth_[static_cast<std::size_t>(o)] && s.tail_sent) {
                s.tail_sent = false;
                s.owner = kFree;
            }
            q.pop_front();
            --pending_count_;
        }
    }
    next_due_ = next_credit();
}

std::uint64_t output_vcs::next_credit() const {
    std::uint64_t next = UINT64_MAX;
    for (const auto& q : pending_)
        if (!q.empty()) next = std::min(next, q.front().due);
    return next;
}

int output_vcs::occupancy(int output) const {
    const int d = depth_[static_cast<std::size_t>(output)];
    if (d == kUnbounded) return 0;
    int used = 0;
    for (int v = 0; v < vcs_; ++v) used += d - slot(output, v).credits;
    return used;
}

std::uint64_t output_vcs::outstanding() const {
    std::uint64_t n = 0;
    for (int o = 0; o < outputs(); ++o) n += static_cast<std::uint64_t>(occupancy(o));
    return n - pending_count_;
}

}  // namespace d3
