#include "d3sim/primitive_mode.h"

#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "cli/huge_pages.h"
#include "cli/output_file.h"
#include "config/config_file.h"
#include "core/decoding/decoder_kind.h"
#include "core/run/faults_text.h"
#include "d3sim/power_cli.h"
#include "d3sim/service_cli.h"
#include "tb/report.h"
#include "trace/wave_trace.h"

namespace d3 {
namespace {

// What a run leaves for the report. The design is never destroyed: d3sim ends with
// d3::end_process once the results are out.
struct primitive_run {
    testbench* tb = nullptr;
    run_result res;
    nlohmann::json details = nlohmann::json::object();
    nlohmann::json partitions;
    nlohmann::json background;
};

// Builds the design and runs it; an error ends the process (exit 1, or 2 when the packet log
// could not be written).
primitive_run run_testbench(const run_options& o, const mode_context& m,
                            const decoder_choice& decoders, std::unique_ptr<workload> work,
                            double estimated_mib) {
    primitive_run r;
    std::string error;
    bool out_of_memory = false;
    const bool ran = run_reporting_errors(
        [&] {
            r.tb = new testbench("tb", o, decoders.make(o), std::move(work));
            r.res = r.tb->run();
            r.res.estimated_memory_mib = estimated_mib;
            r.details = r.tb->work().details();
            r.partitions = r.tb->partitions();
            r.background = r.tb->background();
        },
        &error, &out_of_memory);
    if (!ran) {
        // The waveform and the packet log up to the error: what led to it (a lockstep mismatch).
        std::uint64_t step = 0;
        if (r.tb) {
            step = r.tb->finish_outputs_after_error();
            if (!r.tb->trace_error().empty())
                std::fprintf(stderr, "d3sim: error: %s\n", r.tb->trace_error().c_str());
            if (!o.wave.empty() && r.tb->trace_error().empty() && !m.quiet)
                std::cerr << "  waveform up to the error: " << o.wave << "\n";
        }
        if (!m.json.empty())
            write_json(error_result(error, r.tb ? &step : nullptr, m.config), m.json);
        write_run_junit(m, {error}, 0);
        end_process(out_of_memory ? 2 : 1);  // README: running out of memory is exit 2
    }
    if (!r.tb->trace_error().empty()) {
        std::fprintf(stderr, "d3sim: error: %s\n", r.tb->trace_error().c_str());
        end_process(2);
    }
    return r;
}

// The summary (stderr with --json -), the outputs written, the gates and the JSON result.
[[noreturn]] void report_run(const run_options& o, const mode_context& m, const primitive_run& r) {
    const bool json_stdout = m.json == "-";
    if (!m.quiet) (json_stdout ? std::cerr : std::cout) << to_table(r.res) << std::flush;
    if (!m.quiet && r.details.is_object() && r.details.contains("faults"))
        (json_stdout ? std::cerr : std::cout)
            << faults_text(r.details["faults"], "message") << std::flush;
    if (!m.quiet && !r.background.is_null())
        (json_stdout ? std::cerr : std::cout) << background_text(r.background) << std::flush;
    if (!m.quiet && !r.partitions.is_null())
        (json_stdout ? std::cerr : std::cout) << partition_table(r.partitions) << std::flush;
    if (!o.trace.path.empty() && !m.quiet)
        std::cerr << "  packet log: " << o.trace.path << ", " << r.tb->trace_lines() << " events\n";
    if (!o.wave.empty() && !m.quiet) std::cerr << "  " << wave_trace::summary_line(o.wave) << "\n";
    const gate_verdict verdict = apply_gates(m.gates, r.res, nullptr);
    if (r.res.correct) print_gate_failures(verdict);
    if (!write_run_junit(m, run_failures(r.res, verdict), r.res.wall_seconds)) end_process(2);
    run_result res = r.res;
    if (!report_activity(m, r.tb->net(), res)) end_process(2);
    if (!m.json.empty()) {
        nlohmann::json j = to_json(res, o.net.k);
        j["details"] = r.details;  // the primitive's own figures (paper)
        j["count"] = o.count;
        if (!r.partitions.is_null()) j.update(r.partitions);  // partitions, boundary_crossings
        if (o.service_class || o.background)
            j["service"] = to_string(o.service_class.value_or(service::privileged));
        if (!r.background.is_null()) j["background"] = r.background;
        j["config"] = m.config;
        j["config"]["resolved"] = resolved_config(r.tb->net().config());
        if (m.gates.any()) j["gates"] = gates_json(m.gates, verdict);
        if (!write_json(j, m.json)) end_process(2);
    }
    end_process(exit_code(r.res, verdict));
}

}  // namespace

int run_primitive(const run_options& o, const mode_context& m, const decoder_choice& decoders) {
    if (auto err = o.validate_options()) return m.refuse(*err);
    if (o.decoder != to_string(decoder_kind::cpp) && !decoders.rtl)
        return m.refuse("--decoder " + o.decoder + " needs a build with -DD3_WITH_VERILATOR=ON");
    // Refused before anything is elaborated: first a network whose routers alone exceed
    // --max-memory (that needs no workload, whose planning grows with the network), then a run
    // with the workload's volume (schedules, not packets) in the estimate.
    const topology topo = make_topology(o.net);  // D3, or MDF with its wiring
    const memory_estimate network_est = estimate_network(o, topo);
    if (auto err = network_over_budget(network_est, m.budget)) return m.refuse(*err);
    if (!m.check_only) restart_on_huge_pages(network_est.total_mib());  // before the planning
    std::unique_ptr<workload> work;
    try {
        work = make_workload(o, topo);
    } catch (const std::invalid_argument& e) {  // what only the workload can tell (validate())
        return m.refuse(e.what());
    }
    const memory_estimate est = estimate_run(o, topo, *work);
    if (auto err = over_budget(est, m.budget)) return m.refuse(*err);
    if (m.check_only) return check_passed(est, m, o.wave_warning(topo, *work));

    print_deferred_warning(m);
    install_report_handler();
    report_run(o, m, run_testbench(o, m, decoders, std::move(work), est.total_mib()));
}

}  // namespace d3
