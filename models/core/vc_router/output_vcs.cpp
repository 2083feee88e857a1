#include "core/vc_router/output_vcs.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/containers/bits.h"

namespace d3 {

output_vcs::output_vcs(int vcs, std::vector<int> depth, bool wait_for_tail_credit)
    : vcs_(vcs),
      depth_(std::move(depth)),
      wait_for_tail_credit_(wait_for_tail_credit),
      slots_(depth_.size() * static_cast<std::size_t>(vcs)),
      pending_outputs_((depth_.size() + 63) / 64) {
    pending_.reserve(depth_.size());
    std::size_t slots = 0;
    for (int o = 0; o < outputs(); ++o) {
        const int d = depth_[static_cast<std::size_t>(o)];
        for (int v = 0; v < vcs_; ++v) slot(o, v).credits = d;
        // An output of unbounded room gets no credits back: none is pending there.
        const std::size_t n =
            d == kUnbounded ? 0 : static_cast<std::size_t>(d) * static_cast<std::size_t>(vcs_);
        pending_.emplace_back(n);
        slots += n;
    }
    in_order_ = bounded_ring<pending_at>(slots);
}

void output_vcs::credit_out_of_order(int output, int vc, std::uint64_t due) {
    if (in_order_.empty()) {  // the common ring starts again from this one
        last_due_ = due;
        in_order_.push_back({due, output, vc});
        if (due < next_due_) next_due_ = due;
        return;
    }
    const auto o = static_cast<std::size_t>(output);
    pending_[o].push_back({due, vc});
    pending_outputs_[o / 64] |= std::uint64_t{1} << (o % 64);
    ++out_of_order_;
    if (due < next_due_) next_due_ = due;
}

inline void output_vcs::give_back(std::size_t o, int vc) {
    vc_slot& s = slot(static_cast<int>(o), vc);
    const int depth = depth_[o];
    if (s.credits >= depth)
        throw std::logic_error("a credit beyond the buffer's depth on output " + std::to_string(o));
    if (++s.credits == depth && s.tail_sent) {
        s.tail_sent = false;
        s.owner = kFree;
    }
}

void output_vcs::send_tail(int output, vc_slot& s) {
    // With wait_for_tail_credit, freed when the last credit is back; an output of unbounded room
    // (the hold port, a terminal) returns none: freed at once.
    const int depth = depth_[static_cast<std::size_t>(output)];
    if (depth != kUnbounded && s.credits != depth)
        s.tail_sent = true;
    else
        s.owner = kFree;
}

void output_vcs::return_due(std::uint64_t t) {
    while (!in_order_.empty()) {
        const pending_at c = in_order_.front();  // a copy: give_back's writes do not reload it
        if (c.due > t) break;
        in_order_.pop_front();
        give_back(static_cast<std::size_t>(c.output), c.vc);
    }
    std::uint64_t next = in_order_.empty() ? UINT64_MAX : in_order_.front().due;
    if (out_of_order_ != 0) next = std::min(next, return_out_of_order(t));
    next_due_ = next;
}

std::uint64_t output_vcs::return_out_of_order(std::uint64_t t) {
    std::uint64_t next = UINT64_MAX;
    for (std::size_t w = 0; w < pending_outputs_.size(); ++w) {
        for (std::uint64_t bits = pending_outputs_[w]; bits != 0; bits &= bits - 1) {
            const std::size_t o = w * 64 + lowest_bit(bits);
            bounded_ring<pending>& q = pending_[o];
            while (!q.empty() && q.front().due <= t) {
                give_back(o, q.front().vc);
                q.pop_front();
                --out_of_order_;
            }
            if (q.empty())
                pending_outputs_[w] &= ~(std::uint64_t{1} << (o % 64));
            else
                next = std::min(next, q.front().due);
        }
    }
    return next;
}

std::uint64_t output_vcs::next_credit() const {
    return next_due_;
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
    return n - (in_order_.size() + out_of_order_);  // the credits on their way back
}

}  // namespace d3
