// The baseline gate (--baseline RESULT.json --tolerance P%): a correct run whose steps, link
// conflicts, measured latency (mean and p99, --traffic) or accepted throughput (--traffic) are
// worse than an earlier result of the same configuration by more than the tolerance exits with
// kExitBaseline, one line per figure. README.md, "Exit codes"; docs/ci.md.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace d3 {

/// A correct run worse than its --baseline beyond --tolerance (after the codes of cli/gates.h).
inline constexpr int kExitBaseline = 6;

struct run_baseline {
    std::string path;              ///< --baseline FILE; empty: no baseline
    std::string tolerance = "0%";  ///< --tolerance as given
    double fraction = 0;           ///< the tolerance resolved (0.05 for 5%)
    nlohmann::json result;         ///< the earlier result, once loaded

    bool any() const { return !path.empty(); }
};

/// Registers --baseline and --tolerance in `group`.
void add_baseline_options(CLI::App& app, run_baseline& b, const std::string& group);

/// --tolerance: a decimal percentage from 0% to 1000% with its sign ("5%", "0.5%"); nothing when
/// it is not one.
std::optional<double> parse_tolerance(const std::string& text);

/// Reads the baseline (a regular file holding a d3sim JSON result with its config) and resolves
/// the tolerance; `config` is this run's (null: not compared). The one-line refusal, or nothing.
std::optional<std::string> load_baseline(run_baseline& b, const nlohmann::json& config);

/// The figures of `now` (a d3sim JSON result) worse than the baseline's by more than the
/// tolerance, one line each ("steps 310 > 290 + 0% (--baseline FILE)").
std::vector<std::string> baseline_regressions(const run_baseline& b, const nlohmann::json& now);

}  // namespace d3
