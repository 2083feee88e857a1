// d3sim's service-level options (paper, section 12; core/router/service.h,
// core/workload/background.h):
// --service privileged|standard, the primitive's class, and --background PATTERN with
// --background-rate, --background-routing, --background-warmup: synthetic standard traffic at
// every node while the primitive runs. Keeps d3sim/main.cpp to a few lines.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "tb/testbench.h"

namespace d3 {

struct service_cli {
    std::string service;     ///< empty: not given
    std::string background;  ///< pattern; empty: no background
    double rate = 0.1;
    std::string routing = "minimal";
    int warmup = 100;
};

/// Registers the options on app (group "Service levels"). Their defaults are not recorded in a
/// result's config (a run without them records nothing new).
void add_service_options(CLI::App& app, service_cli& s);

/// The summary lines of testbench::background().
std::string background_text(const nlohmann::json& bg);

/// Sets o.service_class and o.background from the options; why they do not fit, or nothing.
/// `traffic`: --traffic was given (the options need a primitive).
std::optional<std::string> apply_service_options(const CLI::App& app, const service_cli& s,
                                                 bool traffic, run_options& o);

}  // namespace d3
