// d3sim's options for the router's microarchitecture (core/network/config.h, microarchitecture;
// docs/design-space.md): the allocators, speedup, flow control and credit delay of a design-space
// router, with BookSim2's names where it has one. Keeps d3sim/main.cpp to a few lines.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "core/network/config.h"

namespace d3 {

/// The options held as text until they are checked.
struct design_cli {
    std::string flow = to_string(flow_control::vct);
    std::string classes = to_string(vc_class_kind::phase);
};

void add_design_options(CLI::App& app, design_cli& c, microarchitecture& d);

/// Sets d's flow control and VC classes from the options (their values were checked by CLI11).
void apply_design_options(const design_cli& c, microarchitecture& d);

}  // namespace d3
