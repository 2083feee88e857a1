// d3sim's trace-replay options (--trace FILE, --mapping) and the run they select
// (d3sim/replay_mode runs it; docs/traces.md).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "tb/replay_bench.h"
#include "tb/testbench.h"

namespace d3 {

struct replay_cli {
    std::string trace;  ///< empty: no trace replay
    std::string mapping = "linear";
    collective_options collective;  ///< --workload, --algorithm, --size, --iterations, --ranks

    /// --trace FILE or --workload NAME: a replay.
    bool any() const { return !trace.empty() || !collective.collective.empty(); }
};

/// Registers the options on app (groups "Trace replay" and "Collectives").
void add_replay_options(CLI::App& app, replay_cli& r);

/// Why the options given do not fit a trace replay or a collective (--mapping without --trace or
/// --workload, a collective's options without --workload, --trace with --workload; with either, a
/// primitive's, synthetic traffic's, a background's or the waveform's options), or nothing.
std::optional<std::string> check_replay_usage(const CLI::App& app, const replay_cli& r);

/// The run options: the network, --seed and the packet log from o, the rest from r.
replay_run_options make_replay_run(const replay_cli& r, const run_options& o);

}  // namespace d3
