// d3sim's primitive mode: runs a communication primitive (tb/testbench.h) with the options that
// d3sim/primitive_cli set, prints the summary and writes the JSON result.
#pragma once

#include "d3sim/mode.h"
#include "tb/testbench.h"

namespace d3 {

/// The routers' decoders for --decoder: d3sim/main.cpp's choice, which depends on the build
/// (D3_WITH_VERILATOR) and on the RTL linked (tests/cosim's d3sim_fault links a faulty one).
struct decoder_choice {
    bool rtl = false;  ///< built with the Verilated RTL: --decoder rtl and lockstep run
    decoder_factory (*make)(const run_options& o) = nullptr;  ///< called as the design is built
};

/// Validates o, estimates its memory (refused over m.budget), ends there for --check; otherwise
/// runs, prints the summary (stderr with --json -), writes the JSON and ends the process with
/// d3sim's exit code (cli/gates.h: 3, 4, 5 for a correct run that fails a gate).
int run_primitive(const run_options& o, const mode_context& m, const decoder_choice& decoders);

}  // namespace d3
