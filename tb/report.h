// SystemC report handling for d3sim and the tests: messages go to stderr (stdout may carry JSON),
// errors throw so that the caller decides the exit code. Also d3sim's shared run and output steps.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <systemc>

namespace d3 {

/// Installs the handler; call before elaboration.
void install_report_handler();

/// Number of warnings reported since the handler was installed.
unsigned report_warnings();

/// Ends the process with `code` once every result is written: flushes the standard streams and
/// exits without destroying the elaborated design. SystemC removes a design's objects one by one
/// from lists it searches linearly, which takes minutes for D3(32,32)'s half a million objects.
[[noreturn]] void end_process(int code);

/// Elaborates and runs a testbench inside `body`; an error report or exception becomes one line
/// "d3sim: error: ..." on stderr and false, and `error` (when given) gets the line's text after
/// "d3sim: error: "; `out_of_memory` (when given) says whether it was std::bad_alloc, which d3sim
/// ends with exit 2 as a run refused by the memory estimate (README.md, "Limits").
bool run_reporting_errors(const std::function<void()>& body, std::string* error = nullptr,
                          bool* out_of_memory = nullptr);

/// The JSON result of a run an error stopped (a lockstep mismatch, a model error), so that a CI
/// job reading results has one: correct false, the error as its problem, the step it stopped at
/// (null when it stopped before the simulation), and the run's configuration (null: none).
nlohmann::json error_result(const std::string& error, const std::uint64_t* stopped_at_step,
                            const nlohmann::json& config);

/// Writes j (indented, one object) to `path`, or to stdout for "-"; false (after one error line
/// on stderr) when the file cannot be written.
bool write_json(const nlohmann::json& j, const std::string& path);

/// A result's latency object ("latency" of traffic and background figures) as summary text:
/// "mean 4.61  p50 4  p99 9  max 14", or "none measured" when it has no sample (its figures are
/// null). The mean with two decimals.
std::string latency_text(const nlohmann::json& latency);

}  // namespace d3
