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

}  // namespace d3
