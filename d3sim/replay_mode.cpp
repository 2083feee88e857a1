#include "d3sim/replay_mode.h"

#include <cstdio>
#include <iostream>
#include <sstream>

#include "config/config_file.h"
#include "d3sim/power_cli.h"
#include "sc/protocol.h"
#include "tb/report.h"

namespace d3 {
namespace {

// The collective's line: "allreduce ring, 256 ranks, 64 flits, 1 iterations: completion 2549 ...".
std::string workload_line(const nlohmann::json& w) {
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(2);
    const nlohmann::json& it = w["iteration"];
    os << "  " << w["collective"].get<std::string>() << " " << w["algorithm"].get<std::string>()
       << ", " << w["ranks"] << " ranks, " << w["size"] << " flits, " << w["steps"] << " steps, "
       << w["iterations"] << " iterations: completion " << w["completion"]
       << "  per iteration mean " << it["mean"].get<double>() << " min " << it["min"] << " max "
       << it["max"] << " stddev " << it["stddev"].get<double>() << "\n";
    return os.str();
}

std::string summary(const run_result& r, const nlohmann::json& t, const std::string& file,
                    const nlohmann::json& workload) {
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(2);
    os << network_title(r, false) << " " << (workload.is_null() ? "trace " + file : "workload")
       << " (" << t["format"].get<std::string>() << ", " << t["nodes"] << " nodes, "
       << t["messages"] << " messages, " << t["packets"] << " packets of " << t["packet_length"]
       << " flits)\n";
    os << "  messages arrived " << t["messages_arrived"] << "/" << t["messages"]
       << "  completion cycle " << t["completion_cycle"].dump() << "  dependencies "
       << t["dependencies"] << " (dropped " << t["dropped_dependencies"] << ")\n";
    if (!workload.is_null()) os << workload_line(workload);
    os << "  message latency (steps): " << latency_text(t["latency"]) << "\n";
    os << "  hops " << r.totals.hops << "  conflicts " << r.totals.conflicts << "  credit stalls "
       << r.totals.stalls << "\n";
    os << "  injected " << r.injected << "  delivered " << r.delivered << "/" << r.expected
       << "  lost " << r.lost << "  duplicated " << r.duplicated << "  misrouted " << r.misrouted
       << "  left in buffers " << r.left_in_buffers << "\n";
    if (r.correct) {
        os << "  correct: every message arrived exactly once";
    } else {
        os << "  NOT CORRECT:";
        for (const auto& p : r.problems) os << "\n    " << p;
    }
    os << "  " << cost_text(r) << "\n";
    return os.str();
}

struct replay_run {
    replay_bench* tb = nullptr;
    run_result res;
    nlohmann::json trace;
    nlohmann::json workload;  ///< a collective's figures (null for a trace file)
};

// `layout`: the collective's, or null for a trace file.
replay_run run_bench(const replay_run_options& o, std::unique_ptr<replay_state> state,
                     const collective_layout* layout, const mode_context& m, double estimated_mib) {
    replay_run r;
    std::string error;
    bool out_of_memory = false;
    const bool ran = run_reporting_errors(
        [&] {
            r.tb = new replay_bench("tb", o, std::move(state));
            r.res = r.tb->run();
            r.trace = r.tb->replay_json();
            if (layout) r.workload = collective_summary(*layout, r.tb->work().state());
        },
        &error, &out_of_memory);
    if (!ran) end_failed_run(m, error, r.tb != nullptr, out_of_memory);
    r.res.estimated_memory_mib = estimated_mib;
    if (!r.tb->trace_error().empty()) {
        std::fprintf(stderr, "d3sim: error: %s\n", r.tb->trace_error().c_str());
        end_process(2);
    }
    return r;
}

[[noreturn]] void report_run(const replay_run_options& o, const mode_context& m,
                             const replay_run& r) {
    if (!o.trace.path.empty() && !m.quiet)
        std::fprintf(stderr, "  packet log: %s, %llu events\n", o.trace.path.c_str(),
                     static_cast<unsigned long long>(r.tb->trace_lines()));
    if (!m.quiet)
        (m.json == "-" ? std::cerr : std::cout)
            << summary(r.res, r.trace, o.replay.trace, r.workload) << std::flush;
    const gate_verdict verdict = apply_gates(m.gates, r.res, nlohmann::json());
    nlohmann::json figures = {{"trace", r.trace}};
    figures["trace"]["file"] = o.replay.trace;
    figures["trace"]["mapping"] = o.replay.mapping;
    if (!r.workload.is_null()) {
        figures["trace"].erase("file");
        figures["workload"] = r.workload;
    }
    run_result res = r.res;
    if (!report_activity(m, r.tb->net(), res)) end_process(2);
    finish_run(m, res, verdict, o.net.k, figures, resolved_config(r.tb->net().config()));
}

}  // namespace

int run_replay(const replay_run_options& o, const mode_context& m) {
    if (auto err = o.validate()) return m.refuse(*err);
    const topology topo = make_topology(o.net);
    std::unique_ptr<replay_state> state;
    std::optional<collective_layout> layout;
    if (!o.replay.collective.collective.empty()) {
        auto loaded = load_collective(o.replay, topo);
        if (auto* err = std::get_if<std::string>(&loaded)) return m.refuse(*err);
        state = std::move(std::get<loaded_collective>(loaded).state);
        layout = std::move(std::get<loaded_collective>(loaded).layout);
    } else {
        auto loaded = load_replay(o.replay, topo);
        if (auto* err = std::get_if<std::string>(&loaded)) return m.refuse(*err);
        state = std::move(std::get<std::unique_ptr<replay_state>>(loaded));
    }
    const memory_estimate est = estimate_replay(o, topo, state->packets());
    if (auto err = over_budget(est, m.budget)) return m.refuse(*err);
    if (m.check_only) return check_passed(est, m, std::nullopt);

    print_deferred_warning(m);
    install_report_handler();
    report_run(o, m,
               run_bench(o, std::move(state), layout ? &*layout : nullptr, m, est.total_mib()));
}

}  // namespace d3
