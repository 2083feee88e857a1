#include "d3sim/traffic_mode.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/huge_pages.h"
#include "cli/output_file.h"
#include "config/config_file.h"
#include "core/network/topology.h"
#include "core/run/faults_text.h"
#include "d3sim/power_cli.h"
#include "sc/protocol.h"
#include "tb/report.h"

namespace d3 {
namespace {

// A rate is null when a stopped run never reached the measurement window.
std::string rate(const nlohmann::json& v) {
    std::ostringstream x;
    x.setf(std::ios::fixed);
    x.precision(3);
    if (v.is_null())
        x << "none";
    else
        x << v.get<double>();
    return x.str();
}

// The summary's lines of the offered and accepted load, and of a load past saturation.
std::string load_text(const nlohmann::json& t) {
    std::ostringstream os;
    os << "  offered " << rate(t["offered"]) << "  accepted " << rate(t["accepted"])
       << " packets/terminal/step (measurement window";
    if (t.contains("measured_steps"))
        os << ": " << t["measured_steps"] << " of " << t["measure"] << " steps, stopped at step "
           << t["stopped_at_step"];
    os << ")\n";
    if (t["saturated"].get<bool>())
        os << "  past saturation: the network gained " << t["backlog_gain"]
           << " packets over the measurement window (offered - accepted); its latencies grow "
              "with the run, they are not a steady state\n";
    return os.str();
}

std::string summary(const run_result& r, const nlohmann::json& t) {
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(3);
    const auto& l = t["latency"];
    os << network_title(r, true) << " traffic " << t["pattern"].get<std::string>() << " rate "
       << t["rate"].get<double>() << ", routing " << t["routing"].get<std::string>() << ", "
       << t["vcs"].get<int>() << " VCs";
    if (t["concentration"].get<int>() != 1) os << ", " << t["concentration"] << " terminals/router";
    os << "\n" << load_text(t);
    os.precision(2);
    os << "  latency from creation (steps): " << latency_text(l) << "  (" << l["samples"]
       << " measured packets)\n";
    if (t.contains("request_reply")) {
        const auto& q = t["request_reply"];
        os << "  requests " << q["requests_delivered"] << "/" << q["requests_created"]
           << " delivered, replies " << q["replies_delivered"] << "/" << q["replies_created"]
           << " delivered; round trip (request creation to reply delivery): "
           << (q["round_trip"].is_null() ? std::string("none") : latency_text(q["round_trip"]))
           << "\n";
    }
    os << "  hops mean ";
    if (t["hops"]["mean"].is_null())
        os << "none";
    else
        os << t["hops"]["mean"].get<double>();
    os << "  deflected " << t["deflected"] << "  conflicts " << r.totals.conflicts
       << "  credit stalls " << r.totals.stalls
       << (t["drained"].get<bool>() ? "" : "  (drain limit reached: saturated)") << "\n";
    os << "  injected " << r.injected << "  delivered " << r.delivered << "/" << r.expected
       << "  lost " << r.lost << "  duplicated " << r.duplicated << "  misrouted " << r.misrouted
       << "  left in buffers " << r.left_in_buffers << "\n";
    if (t.contains("faults")) os << faults_text(t["faults"], "packet");
    if (t.contains("flits")) {
        const auto& f = t["flits"];
        const std::string sizes = t.contains("packet_sizes")
                                      ? "sizes " + t["packet_sizes"]["given"].get<std::string>() +
                                            ", mean " +
                                            rate(t["packet_sizes"]["created_mean_flits"]) + " drawn"
                                      : t["packet_length"].dump() + " per packet";
        os << "  flits (" << sizes << "): offered " << rate(t["offered_flits"]) << "  accepted "
           << rate(t["accepted_flits"]) << " per terminal per step; injected " << f["injected"]
           << "  delivered " << f["delivered"] << "  on links " << f["link_sent"] << " sent, "
           << f["link_freed"] << " freed\n";
    }
    if (r.correct) {
        os << "  correct: every packet arrived exactly once"
           << (t.contains("flits") ? ", every flit left every buffer" : "");
    } else {
        os << "  NOT CORRECT:";
        for (const auto& p : r.problems) os << "\n    " << p;
    }
    os << "  " << cost_text(r) << "\n";
    return os.str();
}

// A link sustains one packet per step per VC only if its buffer covers the credit round trip.
void warn_buffer_depth(const router_params& rp) {
    const long long trip =
        rp.pipeline.extra() + 2LL * std::max(rp.local_latency, rp.global_latency);  // 64-bit
    if (rp.packet_length > 1 && rp.buffer_depth < trip + rp.packet_length - 1)
        std::fprintf(stderr,
                     "d3sim: warning: --buffer-depth %d is below a packet (%d flits) plus the "
                     "credit round trip of the slowest link (%lld cycles) less one: its "
                     "throughput per VC is below one flit per cycle\n",
                     rp.buffer_depth, rp.packet_length, trip);
    else if (rp.buffer_depth < trip)
        std::fprintf(stderr,
                     "d3sim: warning: --buffer-depth %d is below the credit round trip of the "
                     "slowest link (%lld cycles): its throughput per VC is limited to %d/%lld\n",
                     rp.buffer_depth, trip, rp.buffer_depth, trip);
}

// What a run leaves for the report. The design is never destroyed: the process ends with
// end_process once the results are out.
struct traffic_run {
    traffic_bench* tb = nullptr;
    run_result res;
    nlohmann::json traffic;
    std::string link_csv;
};

// Builds the design and runs it; an error ends the process (exit 1, or 2 when the packet log
// could not be written).
traffic_run run_bench(const traffic_run_options& o, const mode_context& m, double estimated_mib) {
    traffic_run r;
    std::string error;
    bool out_of_memory = false;
    const bool ran = run_reporting_errors(
        [&] {
            r.tb = new traffic_bench("tb", o);
            r.res = r.tb->run();
            r.traffic = r.tb->traffic_json();
            if (r.tb->links()) r.link_csv = r.tb->links()->csv();
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

// The outputs written, the summary (stderr with --json -), the gates and the JSON result.
[[noreturn]] void report_run(const traffic_run_options& o, const mode_context& m,
                             const traffic_run& r) {
    if (!o.trace.path.empty() && !m.quiet)
        std::fprintf(stderr, "  packet log: %s, %llu events\n", o.trace.path.c_str(),
                     static_cast<unsigned long long>(r.tb->trace_lines()));
    if (!o.wave.empty() && !m.quiet)
        std::fprintf(stderr, "  %s\n", wave_trace::summary_line(o.wave).c_str());
    if (!o.link_stats.empty())
        if (auto err = write_file(o.link_stats, r.link_csv)) {
            std::fprintf(stderr, "d3sim: error: %s\n", err->c_str());
            end_process(2);
        }
    const bool json_stdout = m.json == "-";
    if (!m.quiet) (json_stdout ? std::cerr : std::cout) << summary(r.res, r.traffic) << std::flush;
    const gate_verdict verdict = apply_gates(m.gates, r.res, r.traffic);
    run_result res = r.res;
    if (!report_activity(m, r.tb->net(), res)) end_process(2);
    finish_run(m, res, verdict, o.net.k, {{"traffic", r.traffic}},
               resolved_config(r.tb->net().config()));
}

}  // namespace

int run_traffic(const traffic_run_options& o, const mode_context& m) {
    if (auto err = o.validate()) return m.refuse(*err);
    const topology topo = make_topology(o.net);
    const memory_estimate est = estimate_run(o, topo);
    if (auto err = over_budget(est, m.budget)) return m.refuse(*err);
    if (m.check_only) return check_passed(est, m, o.wave_warning(topo));
    restart_on_huge_pages(est.total_mib());

    print_deferred_warning(m);
    install_report_handler();
    warn_buffer_depth(o.net.router);
    report_run(o, m, run_bench(o, m, est.total_mib()));
}

}  // namespace d3
