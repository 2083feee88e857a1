// Latency statistics of measured packets: mean, nearest-rank percentiles, maximum. Plain C++.
#pragma once

#include <cstdint>
#include <vector>

namespace d3 {

class latency_stats {
  public:
    void add(std::uint64_t v) {
        samples_.push_back(v);
        sorted_ = false;
    }
    std::size_t count() const { return samples_.size(); }
    double mean() const;
    /// Nearest-rank percentile: the smallest sample with at least q (0 < q <= 1) of the samples
    /// at or below it; 0 without samples.
    std::uint64_t percentile(double q) const;
    std::uint64_t max() const;

  private:
    void sort() const;
    mutable std::vector<std::uint64_t> samples_;
    mutable bool sorted_ = true;
};

}  // namespace d3
