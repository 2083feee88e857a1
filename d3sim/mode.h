// What d3sim's two modes share: the arguments of run_primitive (d3sim/primitive_mode) and
// run_traffic (d3sim/traffic_mode) besides their own options, and the end of a --check run.
// Each mode reads: validate -> estimate -> --check? -> run -> report -> exit code.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/gates.h"
#include "tb/memory_limit.h"

namespace d3 {

struct mode_context {
    std::string json;         ///< --json FILE (- for stdout; empty: none)
    std::string junit;        ///< --junit FILE (empty: none)
    bool quiet = false;       ///< --quiet: no human summary
    bool check_only = false;  ///< --check: every check, then exit without running
    memory_budget budget;     ///< --max-memory, resolved (tb/memory_limit.h)
    run_gates gates;          ///< cli/gates: CI gates and their exit codes
    nlohmann::json config;    ///< recorded in the JSON result (config/config_file.h); null: none
    /// Ends the checks: the reason on stderr (named with its place in a --config file), exit 2.
    std::function<int(const std::string&)> refuse;
    std::string name;  ///< the run's test case name in --junit ("D3(4,4) all-to-all")
    /// A --config file's warning (written by another model version), printed once every check
    /// passed, so that a refusal is still one line.
    std::string warning;
};

/// Prints m.warning, when there is one, as "d3sim: warning: ..." on stderr.
void print_deferred_warning(const mode_context& m);

/// Writes --junit FILE when given: one test case, failed with `failures` (the run's problems or
/// error, the failed gates; empty: passed). False after one error line when it cannot be written.
bool write_run_junit(const mode_context& m, const std::vector<std::string>& failures,
                     double seconds);

/// The network of a run's summary line: "D3(4,8)", "MDF(4,8)" (with its arrangement when
/// `arrangement`), "file:NET (K ports)".
std::string network_title(const run_result& r, bool arrangement);

/// What fails a run's test case: its problems when it is not correct, else its failed gates.
std::vector<std::string> run_failures(const run_result& r, const gate_verdict& v);

/// The end of a traffic or trace run that stopped on `error` (after its elaboration when
/// `elaborated`): the JSON error result with the step it stopped at, --junit, exit 2 when it ran
/// out of memory (README), else 1.
[[noreturn]] void end_failed_run(const mode_context& m, const std::string& error, bool elaborated,
                                 bool out_of_memory);

/// The end of a traffic or trace run: its gate failures printed (when it is correct), --junit,
/// the JSON result (to_json's figures of `res`, the mode's own `figures` merged in, the gates, the
/// recorded configuration with `resolved`, the network as built) and the process's exit code.
[[noreturn]] void finish_run(const mode_context& m, const run_result& res, const gate_verdict& v,
                             int k, const nlohmann::json& figures, const nlohmann::json& resolved);

/// --check when every check passed: the warnings the run would print first (a waveform over
/// --wave-limit), then the estimate (tb/memory_limit.h) on stdout, or on stderr when stdout is for
/// the JSON (--json -, as the summary); exit 0.
int check_passed(const memory_estimate& est, const mode_context& m,
                 const std::optional<std::string>& wave_warning);

}  // namespace d3
