// The memory check before a run (issue 11, item 5): the estimate of core/run/memory_estimate.h
// against
// --max-memory, whose default is what this machine can give the process now: MemAvailable of
// /proc/meminfo, lowered by the process's own limits (RLIMIT_AS, RLIMIT_DATA, as `ulimit -v` sets).
#pragma once

#include <optional>
#include <string>

#include "core/network/topology.h"
#include "core/run/memory_estimate.h"
#include "core/workload/workload.h"

namespace d3 {

struct run_options;
struct traffic_run_options;

/// The estimate of a primitive run whose workload is built (its volume is counted exactly).
memory_estimate estimate_run(const run_options& o, const topology& t, const workload& w);
/// The routers' share of a primitive run's estimate, known before its workload is planned: a
/// network that alone exceeds the budget is refused before any planning that grows with it.
memory_estimate estimate_network(const run_options& o, const topology& t);
/// The estimate of a synthetic-traffic run.
memory_estimate estimate_run(const traffic_run_options& o, const topology& t);

/// The default --max-memory in MiB, and where it comes from ("available memory", "ulimit -v").
struct memory_budget {
    double mib = 0;
    std::string origin;
    std::string given;  ///< --max-memory as the user wrote it (messages echo it), or empty
    /// The process's own limit (ulimit -v or -d, less what it takes beyond its resident set), 0:
    /// none. A run estimated above it cannot succeed, so it is refused whatever --max-memory says
    /// (none and a larger value included).
    double hard_mib = 0;
    std::string hard_origin;
    /// The budget as messages write it: the value given, else mib_text(mib).
    std::string text() const;
};
/// Nothing when neither /proc/meminfo nor a limit says anything.
std::optional<memory_budget> default_memory_budget();

/// Parses --max-memory: a size such as 512M, 8G or 1T (M when no unit is given), or "none".
/// Nothing for a malformed value; a budget of 0 MiB stands for "none".
std::optional<double> parse_memory_mib(const std::string& s);

/// The one-line refusal when the estimate exceeds the budget, else nothing.
std::optional<std::string> over_budget(const memory_estimate& e, const memory_budget& b);
/// The same for estimate_network's share: the routers alone exceed the budget.
std::optional<std::string> network_over_budget(const memory_estimate& e, const memory_budget& b);

/// What `d3sim ... --check` prints on stdout when the run would start (unless --quiet): "d3sim:
/// check passed: estimated N MiB (--max-memory B, ORIGIN)", or "(no --max-memory)".
std::string check_passed_line(const memory_estimate& e, const memory_budget& b);
/// The estimate in MiB read back from d3sim --check's output (the Slurm backend's --mem), or
/// nothing when the output has no such line.
std::optional<double> estimate_in_check_output(const std::string& out);

/// --max-memory as given (empty: the default) resolved to a budget; an error line for a bad value.
/// A budget with mib 0 means no check.
struct memory_budget_or_error {
    memory_budget budget;
    std::string error;
};
memory_budget_or_error resolve_memory_budget(const std::string& option);

}  // namespace d3
