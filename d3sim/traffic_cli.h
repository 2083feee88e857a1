// d3sim's synthetic-traffic options (--traffic, --rate, --routing, phases, --link-stats) and the
// run they select. Keeps d3sim/main.cpp to a few lines for the traffic mode.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "cli/gates.h"
#include "tb/traffic_bench.h"

namespace d3 {

struct traffic_cli {
    std::string traffic;  ///< pattern; empty: no traffic mode
    std::string routing = "minimal";
    std::string link_stats;
    double rate = 0.1;
    int warmup = 1000;
    int measure = 1000;
    int drain_limit = 20000;
    double hotspot_fraction = 0.1;
    int ugal_threshold = 0;
    int concentration = 1;
};

/// Registers the options on app (group "Synthetic traffic").
void add_traffic_options(CLI::App& app, traffic_cli& t);

/// Why the traffic options given on the command line do not fit together (for example --routing
/// without --traffic, or --traffic with --primitive), or nothing. Call after parsing.
std::optional<std::string> check_traffic_usage(const CLI::App& app, const traffic_cli& t);

/// Why a traffic option given (on the command line or in a --config file) is one the run does not
/// read: --hotspot-fraction without --traffic hotspot, --ugal-threshold without --routing ugal.
/// Call after parsing, when t.traffic is set.
std::optional<std::string> check_traffic_option_use(const CLI::App& app, const traffic_cli& t);

/// The run options; call when t.traffic is set and check_traffic_usage passed.
traffic_run_options make_traffic_run(const traffic_cli& t, const network_config& net,
                                     std::uint64_t seed);

/// Runs, prints the summary (stderr with --json -), writes JSON; ends the process with d3sim's
/// exit code (cli/gates.h: 3, 4, 5 for a correct run that fails a gate).
/// `estimated_mib` is the memory estimate checked before (tb/memory_limit.h), for the result;
/// `config` goes into the JSON as it is (config/config_file.h).
int run_traffic(const traffic_run_options& o, const std::string& json, bool quiet,
                double estimated_mib, const run_gates& gates = {},
                const nlohmann::json& config = nullptr);

}  // namespace d3
