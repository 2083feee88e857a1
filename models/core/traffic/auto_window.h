// `--measure auto`: the measurement window found from the data. Plain C++.
//
// Every packet created from the first measured step on is recorded by its creation step, in
// batches of five steps (latency from creation, arrivals), and every delivery by its step. At each
// check, the batches whose packets have all arrived (a prefix of them) give a series of batch
// mean latencies. MSER-5 (core/traffic/mser.h) finds the warm-up in it; after the warm-up, the
// batches are grouped into ten equal groups, and the measurement ends when the 95 % interval of
// their means (core/run/confidence.h) is within `precision` of their mean. The window reported is
// from the warm-up's end to the step the measurement ended: its latency, created and delivered
// packets. A run that does not converge within its cap ends there, its window from MSER over what
// it has.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "core/traffic/latency.h"

namespace d3 {

class auto_window {
  public:
    static constexpr std::uint64_t kBatch = 5;       ///< steps per batch (MSER-5)
    static constexpr std::size_t kGroups = 10;       ///< groups of the interval after the warm-up
    static constexpr std::uint64_t kMinSteps = 250;  ///< measured steps at least, after warm-up
    static constexpr double kPrecision = 0.01;       ///< 95 % half-width over mean, at most

    /// Packets are measured from step `first` on.
    explicit auto_window(std::uint64_t first) : first_(first) {}

    /// A measured packet created at `step` (>= first).
    void created(std::uint64_t step) { batch_at(step).created++; }
    /// A measured packet created at `created_step` arrived at `step`.
    void arrived(std::uint64_t created_step, std::uint64_t step) {
        batch& b = batch_at(created_step);
        ++b.arrived;
        b.latency.add(step - created_step);
    }
    /// A measured packet created at `created_step` was lost to a failure during the run: it will
    /// not arrive, and its batch no longer counts it (as a fixed window's created count).
    void lost(std::uint64_t created_step) { --batch_at(created_step).created; }
    /// Any packet delivered at `step` (the accepted load's count).
    void delivered(std::uint64_t step) {
        if (step >= first_) batch_at(step).delivered++;
    }

    /// At step `now`, before any packet of `now` is created: whether the measurement has converged
    /// (then it ends: no packet of `now` or later is measured, and the window ends at `now`).
    /// Checked at whole batches only (now - first a multiple of kBatch; false otherwise).
    bool converged_at(std::uint64_t now);

    /// The window [begin, end) reported, once the run is over (every measured packet arrived);
    /// `end`: the step measurement ended, first plus a multiple of kBatch.
    struct window {
        std::uint64_t begin = 0, end = 0;
        latency_stats latency;  ///< of the packets created in it
        std::uint64_t created = 0, delivered = 0;
        bool converged = false;
        /// MSER's minimum lay in the first half; if not, the first half was dropped.
        bool settled = false;
        std::optional<double> relative_ci95;  ///< of the groups' means, at the end
    };
    window result(std::uint64_t end) const;

  private:
    struct batch {
        std::uint64_t created = 0, arrived = 0, delivered = 0;
        latency_stats latency;
    };
    batch& batch_at(std::uint64_t step) {
        const std::size_t i = static_cast<std::size_t>((step - first_) / kBatch);
        if (i >= batches_.size()) batches_.resize(i + 1);
        return batches_[i];
    }
    /// The warm-up (in batches) and the relative half-width of the batches [0, n) after it.
    struct estimate {
        std::size_t truncated = 0;
        bool settled = false;
        std::optional<double> relative_ci95;
    };
    estimate estimate_over(std::size_t n) const;

    std::uint64_t first_;
    std::vector<batch> batches_;
    std::size_t complete_ = 0;  ///< batches before it had every packet arrive
    std::optional<std::size_t> converged_truncation_;
    std::optional<double> converged_ci_;
};

}  // namespace d3
