// `d3sim sweep --seeds N`: every offered load runs with seeds 1..N, each seed a job of its own (on
// any backend), and the sweep's row of a load is the mean over its seeds with the 95 % confidence
// interval (core/run/confidence.h) of the figures a latency-load curve shows.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace d3 {

/// The figures given an interval: the path of each in a point's result and its name in
/// sweep.csv's `_ci95` columns and in `ci95` of sweep.json.
struct seeded_figure {
    const char* name;
    std::vector<const char*> path;
};
const std::vector<seeded_figure>& seeded_figures();

/// The trailing columns of sweep.csv with seeds: "seeds,latency_mean_ci95,...".
std::string seed_columns();

/// One point's row from the results of its seeds (each a d3sim result with its `job` record,
/// or null when that seed has none): null unless every seed has its figures. Each figure of the
/// row is the mean over the seeds (null where a seed measured nothing); `correct` and `drained`
/// hold when they hold for every seed, `saturated` when for any; the exit code is the first
/// non-zero one; the network and the pattern are the first seed's. `seeds` and `ci95` (per
/// seeded_figures(), null without a spread) are added.
nlohmann::json combine_seeds(const std::vector<nlohmann::json>& seeds);

/// The trailing fields of a combined point's row: its seeds and each half-width (empty: none).
std::string seed_fields(const nlohmann::json& combined);

}  // namespace d3
