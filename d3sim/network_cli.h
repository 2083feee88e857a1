// d3sim's network and router options (--k, --m, --topology, --arrangement; the routers' buffers,
// pipeline, links, arbitration and watchdog; --vcs and --packet-length), which both modes read.
// Keeps d3sim/main.cpp to a few lines.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/network/config.h"
#include "core/network/topology.h"
#include "d3sim/design_cli.h"
#include "d3sim/pipeline_cli.h"

namespace d3 {

/// The network options held as text until they are checked (the others set network_config).
struct network_cli {
    std::string shape = to_string(topology_kind::d3);  ///< --topology
    std::string arb = to_string(arbitration::round_robin);
    pipeline_cli pipeline;               ///< d3sim/pipeline_cli
    design_cli design;                   ///< d3sim/design_cli
    std::vector<std::string> unit_impl;  ///< --unit-impl UNIT=IMPL, each given (the last wins)
};

/// Registers --k, --m, --topology and --arrangement on app.
void add_network_options(CLI::App& app, network_config& net, network_cli& c);

/// Registers the router's options, --buffer-depth ... --watchdog (with d3sim/pipeline_cli's).
void add_router_options(CLI::App& app, network_config& net, network_cli& c);

/// Registers --vcs and --packet-length (which d3sim lists after --quiet).
void add_flow_control_options(CLI::App& app, router_params& r);

/// --unit-impl's `given` (UNIT=IMPL) applied to r; why it cannot be, or nothing.
std::optional<std::string> apply_unit_impl(const std::string& given, router_params& r);

/// Sets net's topology kind, arbitration and units' implementations from the options; why they do
/// not fit, or nothing. (d3sim/pipeline_cli's apply_pipeline_options sets the pipeline, earlier
/// among the checks.)
std::optional<std::string> apply_network_options(const CLI::App& app, const network_cli& c,
                                                 network_config& net);

}  // namespace d3
