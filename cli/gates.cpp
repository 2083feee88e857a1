#include "cli/gates.h"

#include <cstdio>

#include "cli/option_limits.h"

namespace d3 {

namespace {
constexpr value_range kGateRange{0, 1000000000000000000LL};
}  // namespace

void add_gate_options(CLI::App& app, run_gates& g) {
    const std::string group = "CI gates (exit codes 3, 4, 5, 6)";
    app.add_option("--max-conflicts", g.max_conflicts,
                   "exit 3 when the run has more link conflicts than N (a correct run only)")
        ->check(whole_number_in(kGateRange))
        ->group(group);
    app.add_option("--max-latency-p99", g.max_latency_p99,
                   "traffic: exit 4 when the measured p99 latency exceeds L steps")
        ->check(whole_number_in(kGateRange))
        ->group(group);
    app.add_flag("--require-drained", g.require_drained,
                 "traffic: exit 5 when the measured packets did not all arrive before the drain "
                 "limit (saturation)")
        ->group(group);
    add_baseline_options(app, g.baseline, group);
}

std::optional<std::string> check_gate_usage(const CLI::App& app, bool traffic) {
    if (app.count("--tolerance") != 0 && app.count("--baseline") == 0)
        return std::string("--tolerance needs --baseline RESULT.json");
    if (traffic) return std::nullopt;
    for (const char* opt : {"--max-latency-p99", "--require-drained"})
        if (app.count(opt) != 0)
            return std::string(opt) + " needs --traffic (the primitives have no latency phases)";
    return std::nullopt;
}

gate_verdict apply_gates(const run_gates& g, const run_result& r, const nlohmann::json& traffic) {
    gate_verdict v;
    auto fail = [&v](int code, const std::string& why) {
        if (v.code == 0) v.code = code;
        v.failed.push_back(why);
    };
    const auto conflicts = static_cast<long long>(r.totals.conflicts);
    if (g.max_conflicts >= 0 && conflicts > g.max_conflicts)
        fail(kExitConflicts, "conflicts " + std::to_string(conflicts) + " > --max-conflicts " +
                                 std::to_string(g.max_conflicts) + " (exit 3)");
    if (traffic.is_object()) {
        const nlohmann::json& p99 = traffic["latency"]["p99"];
        if (g.max_latency_p99 >= 0 && p99.is_null())  // nothing measured: nothing shows it holds
            fail(kExitLatency,
                 "latency p99 unknown: no measured packet arrived, --max-latency-p99 " +
                     std::to_string(g.max_latency_p99) + " (exit 4)");
        else if (g.max_latency_p99 >= 0 && p99.get<long long>() > g.max_latency_p99)
            fail(kExitLatency, "latency p99 " + std::to_string(p99.get<long long>()) +
                                   " > --max-latency-p99 " + std::to_string(g.max_latency_p99) +
                                   " (exit 4)");
        if (g.require_drained && !traffic.value("drained", false))
            fail(kExitUndrained,
                 "not drained: measured packets still in flight at the drain limit "
                 "(--require-drained, exit 5)");
    }
    if (g.baseline.any()) {
        const nlohmann::json now = {
            {"steps", r.steps}, {"conflicts", r.totals.conflicts}, {"traffic", traffic}};
        for (const std::string& why : baseline_regressions(g.baseline, now))
            fail(kExitBaseline, "baseline: " + why);
    }
    return v;
}

nlohmann::json gates_json(const run_gates& g, const gate_verdict& v) {
    nlohmann::json j = nlohmann::json::object();
    if (g.max_conflicts >= 0) j["max_conflicts"] = g.max_conflicts;
    if (g.max_latency_p99 >= 0) j["max_latency_p99"] = g.max_latency_p99;
    if (g.require_drained) j["require_drained"] = true;
    if (g.baseline.any()) {
        j["baseline"] = g.baseline.path;
        j["tolerance"] = g.baseline.tolerance;
    }
    j["passed"] = v.failed.empty();
    j["failed"] = v.failed;
    j["exit_code"] = v.code;
    return j;
}

int exit_code(const run_result& r, const gate_verdict& v) {
    if (!r.correct) return 1;
    return r.lost_to_failure != 0 ? kExitLostToFailure : v.code;
}

void print_gate_failures(const gate_verdict& v) {
    for (const std::string& f : v.failed) std::fprintf(stderr, "d3sim: gate: %s\n", f.c_str());
}

}  // namespace d3
