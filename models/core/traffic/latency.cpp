#include "core/traffic/latency.h"

#include <algorithm>
#include <cmath>

namespace d3 {

void latency_stats::add_new(std::uint64_t v) {
    if (v < kDense) {
        short_.resize(v + 1, 0);
        ++short_[v];
    } else {
        ++long_[v];
    }
}

double latency_stats::mean() const {
    if (count_ == 0) return 0;
    return static_cast<double>(static_cast<long double>(sum_) / static_cast<long double>(count_));
}

std::uint64_t latency_stats::percentile(double q) const {
    if (count_ == 0) return 0;
    const auto n = static_cast<double>(count_);
    const auto rank =
        std::clamp<std::uint64_t>(static_cast<std::uint64_t>(std::ceil(q * n)), 1, count_);
    std::uint64_t seen = 0;
    for (std::uint64_t v = 0; v < short_.size(); ++v) {
        seen += short_[v];
        if (seen >= rank) return v;
    }
    for (const auto& [v, c] : long_) {
        seen += c;
        if (seen >= rank) return v;
    }
    return max();
}

std::uint64_t latency_stats::max() const {
    if (count_ == 0) return 0;
    if (!long_.empty()) return long_.rbegin()->first;
    return short_.size() - 1;  // its last counter is the longest latency's (never shrinks)
}

void latency_stats::merge(const latency_stats& o) {
    if (o.short_.size() > short_.size()) short_.resize(o.short_.size(), 0);
    for (std::size_t v = 0; v < o.short_.size(); ++v) short_[v] += o.short_[v];
    for (const auto& [v, c] : o.long_) long_[v] += c;
    count_ += o.count_;
    sum_ += o.sum_;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> latency_stats::histogram() const {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> h;
    for (std::uint64_t v = 0; v < short_.size(); ++v)
        if (short_[v] != 0) h.emplace_back(v, short_[v]);
    for (const auto& [v, c] : long_) h.emplace_back(v, c);
    return h;
}

}  // namespace d3
