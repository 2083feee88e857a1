#include "core/traffic/latency.h"

#include <algorithm>
#include <cmath>

namespace d3 {

void latency_stats::sort() const {
    if (sorted_) return;
    std::sort(samples_.begin(), samples_.end());
    sorted_ = true;
}

double latency_stats::mean() const {
    if (samples_.empty()) return 0;
    long double sum = 0;
    for (std::uint64_t v : samples_) sum += static_cast<long double>(v);
    return static_cast<double>(sum / static_cast<long double>(samples_.size()));
}

std::uint64_t latency_stats::percentile(double q) const {
    if (samples_.empty()) return 0;
    sort();
    const auto n = static_cast<double>(samples_.size());
    auto rank = static_cast<std::size_t>(std::ceil(q * n));
    rank = std::clamp<std::size_t>(rank, 1, samples_.size());
    return samples_[rank - 1];
}

std::uint64_t latency_stats::max() const {
    if (samples_.empty()) return 0;
    return *std::max_element(samples_.begin(), samples_.end());
}

}  // namespace d3
