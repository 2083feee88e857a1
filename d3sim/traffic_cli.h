// d3sim's synthetic-traffic options (--traffic, --rate, --routing, phases, --link-stats) and the
// run they select. Keeps d3sim/main.cpp to a few lines for the traffic mode (d3sim/traffic_mode
// runs it).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "tb/testbench.h"
#include "tb/traffic_bench.h"

namespace d3 {

struct traffic_cli {
    std::string traffic;  ///< pattern; empty: no traffic mode
    std::string routing = "minimal";
    std::string link_stats;
    double rate = 0.1;
    int warmup = 1000;
    std::string measure = "1000";  ///< steps, or "auto" (core/traffic/auto_window.h)
    int drain_limit = 20000;
    double hotspot_fraction = 0.1;
    int ugal_threshold = 0;
    std::string ugal_rule = to_string(ugal_rule::global);
    std::string ugal_valiant = to_string(ugal_valiant::group);
    int concentration = 1;
    std::string injection = "bernoulli";  ///< core/traffic/injection.h
    std::string hotspot;                  ///< NODES:FRACTION (--hotspot)
    std::uint32_t shift = 1;              ///< --shift S (--traffic shift)
    double burst_alpha = 0.5, burst_beta = 0.5;
    bool request_reply = false;  ///< --request-reply (core/traffic/request_reply.h)
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

/// The run options: the network, --seed, the packet log and the waveform from o (what the shared
/// options set), the rest from t. Call when t.traffic is set and check_traffic_usage passed.
traffic_run_options make_traffic_run(const traffic_cli& t, const run_options& o);

}  // namespace d3
