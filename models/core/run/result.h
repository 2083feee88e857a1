// The result of one run, printed as a table and as JSON. Plain C++ (nlohmann-json).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/network/config.h"
#include "core/run/stats.h"

namespace d3 {

struct run_result {
    int k = 0;
    int m = 0;
    std::string topology = "d3";  ///< "d3" or "mdf"
    /// MDF's global arrangement (palmtree, consecutive, a file), a file network's path.
    std::string arrangement;
    std::string primitive;
    std::string schedule;
    std::string decoder = "cpp";
    std::size_t rounds = 0;
    std::size_t delays = 0;
    std::uint64_t steps = 0;  ///< first step of the first packet to the last delivery
    router_stats totals;
    std::uint64_t injected = 0;
    std::uint64_t expected = 0;
    std::uint64_t delivered = 0;
    std::uint64_t lost = 0;
    /// Packets a failure during the run took (--fail-links SPEC@T): not expected, not lost above.
    std::uint64_t lost_to_failure = 0;
    /// Their flits (injected, never delivered: the flit balance counts them).
    std::uint64_t flits_lost_to_failure = 0;
    std::uint64_t duplicated = 0;
    std::uint64_t misrouted = 0;
    std::uint64_t left_in_buffers = 0;
    std::uint64_t pair_mismatches =
        0;  ///< (src, dst) pairs whose count the primitive did not expect
    std::uint64_t end_cycle = 0;
    std::vector<conflict_record> first_conflicts;
    std::vector<std::string> problems;  ///< one line per violated check
    bool correct = false;
    double wall_seconds = 0;
    double elaboration_seconds = 0;
    long peak_rss_kib = 0;  ///< peak resident memory of the process
    /// What the run was estimated to take before it started (core/run/memory_estimate.h); 0: none.
    double estimated_memory_mib = 0;
    /// The activity counts (core/energy/activity.h) and, with --power, the power model's figures
    /// (core/energy/power_model.h); null: none.
    nlohmann::json activity, power;
};

/// "(1.234 s, peak 18 MiB, estimated 17 MiB)": the cost part of a summary line.
std::string cost_text(const run_result& r);

/// One JSON object with the keys documented in README.md.
nlohmann::json to_json(const run_result& r, int k);

/// A short human summary, a few lines.
std::string to_table(const run_result& r);

}  // namespace d3
