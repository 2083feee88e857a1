// --power and its options (docs/energy.md), and what a run reports with them: the activity counts
// in the JSON, and with --power the power model's total on the summary, its JSON `power`, the
// per-router CSV and the heat map.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "core/energy/power_options.h"
#include "core/run/result.h"
#include "d3sim/mode.h"
#include "sc/network.h"

namespace d3 {

/// Registers --power, --clock-ghz, --flit-bits, --link-mm and --power-out.
void add_power_options(CLI::App& app, power_options& p);

/// Why the power options cannot run (the technology file read and checked), or nothing.
std::optional<std::string> check_power_options(const power_options& p);

/// After a run on `net`: the activity counts into `res` when a JSON result is written or --power
/// is given; with --power the model's figures into `res`, its line on the summary stream and its
/// files written. False: a file could not be written (said on stderr).
bool report_activity(const mode_context& m, const network& net, run_result& res);

}  // namespace d3
