// d3sim's primitive options (--primitive, --source, --schedule, --count, --dimension, --embedding,
// --protocol, --perm, --turnaround, --headers, --subnetwork, --decoder) and the run options they
// set. Keeps d3sim/main.cpp to a few lines for the primitive mode (d3sim/primitive_mode runs it).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/workload/schedule.h"
#include "paper/programs/common.h"
#include "tb/testbench.h"

namespace d3 {

/// The primitive options held as text until they are checked (the others set run_options).
struct primitive_cli {
    std::string source = "0,0,1";
    std::string schedule = to_string(schedule_kind::paper);
    std::string count;  ///< empty: not given (the default depends on the primitive)
    std::string protocol = "paper";
    std::string turnaround = to_string(turnaround::paper);
    std::string headers = "source-vector";
};

/// Registers --primitive ... --subnetwork on app (the default group, in d3sim's order).
void add_primitive_options(CLI::App& app, run_options& o, primitive_cli& p);

/// Registers --decoder (which d3sim lists after the CI gates).
void add_decoder_option(CLI::App& app, run_options& o);

/// Why an option on the command line (`given`, not the --config file's) does not apply to the run:
/// a primitive option the primitive does not read, or one that synthetic traffic does not read.
std::optional<std::string> check_option_use(const std::vector<std::string>& given,
                                            const std::string& primitive, bool traffic);

/// Sets o's source, schedule, turnaround, headers, protocol and count from the options; why they
/// do not parse or do not fit a primitive (--packet-length), or nothing. Call for a primitive run.
std::optional<std::string> apply_primitive_options(const CLI::App& app, const primitive_cli& p,
                                                   run_options& o);

}  // namespace d3
