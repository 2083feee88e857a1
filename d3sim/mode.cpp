#include "d3sim/mode.h"

#include <cstdio>

#include "cli/gates.h"
#include "cli/junit.h"
#include "cli/output_file.h"
#include "core/network/topology.h"
#include "sc/protocol.h"
#include "tb/report.h"

namespace d3 {

std::string network_title(const run_result& r, bool arrangement) {
    if (r.topology == to_string(topology_kind::file))
        return "file:" + r.arrangement + " (" + std::to_string(r.k) + " ports)";
    if (r.topology != to_string(topology_kind::d3) && r.topology != to_string(topology_kind::mdf))
        return r.arrangement + " (" + std::to_string(r.k) + " ports)";  // rsn, hdn, hamming
    return (r.topology == to_string(topology_kind::mdf) ? "MDF(" : "D3(") + std::to_string(r.k) +
           "," + std::to_string(r.m) + ")" +
           (arrangement && !r.arrangement.empty() ? " " + r.arrangement : "");
}

void print_deferred_warning(const mode_context& m) {
    if (!m.warning.empty()) std::fprintf(stderr, "d3sim: warning: %s\n", m.warning.c_str());
}

int check_passed(const memory_estimate& est, const mode_context& m,
                 const std::optional<std::string>& wave_warning) {
    print_deferred_warning(m);
    if (wave_warning) std::fprintf(stderr, "d3sim: warning: %s\n", wave_warning->c_str());
    if (!m.quiet)
        std::fprintf(m.json == "-" ? stderr : stdout, "%s\n",
                     check_passed_line(est, m.budget).c_str());
    return 0;
}

std::vector<std::string> run_failures(const run_result& r, const gate_verdict& v) {
    if (r.correct) return v.failed;
    if (r.problems.empty()) return {"the run is not correct"};
    return r.problems;
}

bool write_run_junit(const mode_context& m, const std::vector<std::string>& failures,
                     double seconds) {
    if (m.junit.empty()) return true;
    junit_case c{"d3sim", m.name, seconds, std::nullopt, std::nullopt, ""};
    if (!failures.empty()) {
        c.failure = failures.front();
        for (const std::string& f : failures) c.details += f + "\n";
    }
    const auto err = write_file(m.junit, junit_xml({"d3sim", {c}}));
    if (err) std::fprintf(stderr, "d3sim: error: %s\n", err->c_str());
    return !err;
}

void end_failed_run(const mode_context& m, const std::string& error, bool elaborated,
                    bool out_of_memory) {
    const std::uint64_t step = to_cycle(sc_core::sc_time_stamp());
    if (!m.json.empty())
        write_json(error_result(error, elaborated ? &step : nullptr, m.config), m.json);
    write_run_junit(m, {error}, 0);
    end_process(out_of_memory ? 2 : 1);
}

void finish_run(const mode_context& m, const run_result& res, const gate_verdict& v, int k,
                const nlohmann::json& figures, const nlohmann::json& resolved) {
    if (res.correct) print_gate_failures(v);
    if (!write_run_junit(m, run_failures(res, v), res.wall_seconds)) end_process(2);
    if (!m.json.empty()) {
        nlohmann::json j = to_json(res, k);
        j.update(figures);
        if (m.gates.any()) j["gates"] = gates_json(m.gates, v);
        if (!m.config.is_null()) {
            j["config"] = m.config;
            j["config"]["resolved"] = resolved;
        }
        if (!write_json(j, m.json)) end_process(2);
    }
    end_process(exit_code(res, v));
}

}  // namespace d3
