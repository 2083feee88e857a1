// CI gates: limits a run must stay within besides being correct (--max-conflicts,
// --max-latency-p99, --require-drained, --baseline with cli/baseline.h). A correct run that exceeds
// one exits with that gate's own code, so that a regression script can tell a conflict from a
// latency or a saturation. README.md, "Exit codes".
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/baseline.h"
#include "core/run/result.h"

namespace d3 {

/// d3sim's exit codes besides 0 (correct), 1 (a check failed) and 2 (bad input).
inline constexpr int kExitConflicts = 3;  ///< --max-conflicts exceeded
inline constexpr int kExitLatency = 4;    ///< --max-latency-p99 exceeded (traffic)
inline constexpr int kExitUndrained = 5;  ///< --require-drained and the drain limit was reached
// kExitBaseline (6, cli/baseline.h): a figure worse than --baseline beyond --tolerance.
/// A correct run in which a failure during the run (--fail-links SPEC@T) took packets: each
/// counted and named, every other delivered once. Before the gates' codes.
inline constexpr int kExitLostToFailure = 7;

struct run_gates {
    long long max_conflicts = -1;    ///< -1: no limit
    long long max_latency_p99 = -1;  ///< steps; -1: no limit
    bool require_drained = false;
    run_baseline baseline;  ///< --baseline, --tolerance (cli/baseline.h)

    bool any() const {
        return max_conflicts >= 0 || max_latency_p99 >= 0 || require_drained || baseline.any();
    }
};

/// Registers --max-conflicts, --max-latency-p99, --require-drained, --baseline, --tolerance
/// (group "CI gates").
void add_gate_options(CLI::App& app, run_gates& g);

/// Why the gates given do not fit the run (the traffic-only ones without --traffic, --tolerance
/// without --baseline), or nothing.
std::optional<std::string> check_gate_usage(const CLI::App& app, bool traffic);

struct gate_verdict {
    int code = 0;  ///< 0, or the code of the first failed gate in the order above
    std::vector<std::string> failed;  ///< one line per failed gate
};

/// The gates against a run's result (and its traffic figures, null for a primitive); the baseline
/// (loaded) last, with kExitBaseline.
gate_verdict apply_gates(const run_gates& g, const run_result& r, const nlohmann::json& traffic);

/// The gates and the verdict for the JSON result (key "gates").
nlohmann::json gates_json(const run_gates& g, const gate_verdict& v);

/// The process's exit code: 1 for an incorrect run (whatever the gates say), kExitLostToFailure
/// for a correct one that lost packets to a failure, else the verdict's.
int exit_code(const run_result& r, const gate_verdict& v);

/// Prints the failed gates on stderr, one line each ("d3sim: gate: ...").
void print_gate_failures(const gate_verdict& v);

}  // namespace d3
