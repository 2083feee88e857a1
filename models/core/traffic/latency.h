// Latency statistics of measured packets: mean, nearest-rank percentiles, maximum. Plain C++.
// Kept as a histogram (one counter per latency: an array below kDense, a map of the distinct
// longer ones), so memory grows with the longest latency seen, not with the number of packets (a
// long --measure stays bounded).
#pragma once

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace d3 {

class latency_stats {
  public:
    void add(std::uint64_t v) {
        // A latency seen before below kDense (nearly every sample) inline; the others out of line,
        // so that the caller (traffic_state::delivered) keeps no registers for a map insertion.
        if (v < short_.size())
            ++short_[v];
        else
            add_new(v);
        ++count_;
        sum_ += v;  // exact: an integer (a long double sum costs an x87 load and store)
    }
    std::uint64_t count() const { return count_; }
    double mean() const;
    /// Nearest-rank percentile: the smallest sample with at least q (0 < q <= 1) of the samples
    /// at or below it; 0 without samples.
    std::uint64_t percentile(double q) const;
    std::uint64_t max() const;
    /// Adds every sample of `o` (a window's stats from its parts, core/traffic/auto_window.h).
    void merge(const latency_stats& o);
    /// The histogram: (latency, packets) for every latency seen, in ascending latency.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> histogram() const;

  private:
    /// Counts a latency not below short_.size(): grows short_ below kDense, else into long_.
    void add_new(std::uint64_t v);

    static constexpr std::uint64_t kDense = 1024;
    std::vector<std::uint64_t> short_;             ///< latency below kDense -> packets
    std::map<std::uint64_t, std::uint64_t> long_;  ///< latency from kDense on -> packets
    std::uint64_t count_ = 0;
    std::uint64_t sum_ = 0;  ///< below 2^64: latencies are steps of one run
};

}  // namespace d3
