#include "core/traffic/auto_window.h"

#include "core/run/confidence.h"
#include "core/traffic/mser.h"

namespace d3 {

auto_window::estimate auto_window::estimate_over(std::size_t n) const {
    estimate e;
    std::vector<double> z;  // batch means; a batch without packets has none
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < n; ++i)
        if (batches_[i].latency.count() != 0) {
            z.push_back(batches_[i].latency.mean());
            at.push_back(i);
        }
    if (z.empty()) return e;
    const mser_result m = mser(z);
    // Not settled (a run past saturation, whose latency only grows): the first half is dropped,
    // the most the rule drops.
    const std::size_t d = m.settled ? m.truncated : z.size() / 2;
    e.truncated = at[d];
    e.settled = m.settled;
    const std::size_t left = z.size() - d;
    if (left < kGroups * 2) return e;
    // Equal groups of the batches after the warm-up; the first few left over are dropped.
    const std::size_t size = left / kGroups;
    std::vector<double> means;
    for (std::size_t g = 0; g < kGroups; ++g) {
        double s = 0;
        for (std::size_t j = 0; j < size; ++j) s += z[z.size() - (g + 1) * size + j];
        means.push_back(s / static_cast<double>(size));
    }
    const confidence c = confidence_of(means);
    if (c.ci95 && c.mean > 0) e.relative_ci95 = *c.ci95 / c.mean;
    return e;
}

bool auto_window::converged_at(std::uint64_t now) {
    if (now < first_ || (now - first_) % kBatch != 0) return false;  // whole batches only
    while (complete_ < batches_.size() && first_ + (complete_ + 1) * kBatch <= now &&
           batches_[complete_].arrived == batches_[complete_].created)
        ++complete_;
    const estimate e = estimate_over(complete_);
    if (!e.settled || !e.relative_ci95) return false;
    if ((complete_ - e.truncated) * kBatch < kMinSteps || *e.relative_ci95 > kPrecision)
        return false;
    converged_truncation_ = e.truncated;
    converged_ci_ = e.relative_ci95;
    return true;
}

auto_window::window auto_window::result(std::uint64_t end) const {
    window w;
    w.end = end;
    const std::size_t n = std::min<std::size_t>(
        batches_.size(), static_cast<std::size_t>((end - std::min(end, first_)) / kBatch));
    std::size_t truncated = 0;
    if (converged_truncation_) {
        truncated = *converged_truncation_;
        w.converged = w.settled = true;
        w.relative_ci95 = converged_ci_;
    } else {  // the cap: MSER over every batch the window had
        const estimate e = estimate_over(n);
        truncated = e.truncated;
        w.settled = e.settled;
        w.relative_ci95 = e.relative_ci95;
    }
    w.begin = first_ + truncated * kBatch;
    for (std::size_t i = truncated; i < n; ++i) {
        const batch& b = batches_[i];
        w.latency.merge(b.latency);
        w.created += b.created;
        w.delivered += b.delivered;
    }
    return w;
}

}  // namespace d3
