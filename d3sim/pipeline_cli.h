// d3sim's pipeline options (core/router/pipeline.h): --pipeline LIST, the units that take cycles of
// their own ("route,allocate,traverse", "traverse:2", "none"), and --pipeline-stages N, the form
// before pipelines were stages, which stands for "traverse:N-1". Keeps d3sim/main.cpp to a few
// lines.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "core/network/config.h"

namespace d3 {

struct pipeline_cli {
    std::string units = "none";
    int stages = 1;
    /// BookSim2's names for the units' cycles (--routing-delay, --vc-alloc-delay,
    /// --sw-alloc-delay, --st-delay), in kPipelineUnits' order: set into --pipeline.
    int delays[4] = {0, 0, 0, 0};
};

/// The delay options, in kPipelineUnits' order (route, vc-allocate, allocate, traverse).
inline constexpr const char* kDelayOptions[] = {"--routing-delay", "--vc-alloc-delay",
                                                "--sw-alloc-delay", "--st-delay"};

void add_pipeline_options(CLI::App& app, pipeline_cli& p);

/// Sets r.pipeline from the options; why they do not fit, or nothing. --pipeline-stages and the
/// delay options are rewritten as the --pipeline they stand for, so that a result's config
/// records one form.
std::optional<std::string> apply_pipeline_options(CLI::App& app, const pipeline_cli& p,
                                                  router_params& r);

}  // namespace d3
