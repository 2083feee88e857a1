// d3sim's network and router options (--k, --m, --topology, --arrangement; the routers' buffers,
// pipeline, links, arbitration and watchdog; --vcs and --packet-length), which both modes read.
// Keeps d3sim/main.cpp to a few lines.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/network/config.h"
#include "core/network/graphs/network_spec.h"
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
    network_spec spec;          ///< --levels ... --trunking: --topology rsn|hdn|hamming's network
    bool spec_options = false;  ///< whether d3sim registered them (may_name_a_built_network)
};

/// Registers the options that name one of the other networks of issue 48 (network_spec.h):
/// --levels, --nucleus, --diameter-links, --base, --supernodes, --dims and --trunking. d3sim and
/// `d3sim network` read them alike.
void add_network_spec_options(CLI::App& app, network_spec& s);

/// Whether the command line `args` may need the spec options: it names rsn, hdn or hamming, gives
/// a spec option, a --config file (which may) or asks for --help. d3sim registers them only then,
/// so that the paper's runs do not pay CLI11's cost of seven more options (each option added is
/// compared with every one before it, and every argument with every option).
bool may_name_a_built_network(const std::vector<std::string>& args);

/// Why a spec option given does not belong to `topology` (--dims with rsn, say), or nothing.
std::optional<std::string> check_network_spec_options(const CLI::App& app,
                                                      const std::string& topology);

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
