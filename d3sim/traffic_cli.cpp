#include "d3sim/traffic_cli.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/did_you_mean.h"
#include "cli/option_limits.h"
#include "cli/output_file.h"
#include "config/config_file.h"
#include "core/decoding/decoder_kind.h"
#include "core/traffic/pattern.h"
#include "core/traffic/routing.h"
#include "sc/protocol.h"
#include "tb/report.h"

namespace d3 {

void add_traffic_options(CLI::App& app, traffic_cli& t) {
    const std::string g = "Synthetic traffic";
    app.add_option("--traffic", t.traffic,
                   "open-loop synthetic traffic instead of a primitive: uniform, permutation, "
                   "drawer-to-drawer, hotspot, transpose")
        ->check(member_of(kTrafficPatternNames))
        ->group(g);
    app.add_option("--rate", t.rate,
                   "flits created per terminal per step, in (0, 1] (packets of "
                   "--packet-length flits)")
        ->check(real_number("(0, 1]"))
        ->capture_default_str()
        ->group(g);
    app.add_option("--concentration", t.concentration,
                   "terminals per router, each creating packets at --rate (BookSim's p)")
        ->capture_default_str()
        ->group(g);
    app.add_option("--routing", t.routing,
                   "destination routing chosen at launch: minimal (b=3), valiant (D3: b=4, random "
                   "C; MDF: b=5, random D and C), ugal (b=3 or b=5 with D and C, by the drawer's "
                   "queues)")
        ->check(member_of(kRoutingKindNames))
        ->capture_default_str()
        ->group(g);
    app.add_option("--warmup", t.warmup, "steps before measurement")
        ->capture_default_str()
        ->group(g);
    app.add_option("--measure", t.measure, "steps whose created packets are measured")
        ->capture_default_str()
        ->group(g);
    app.add_option("--drain-limit", t.drain_limit,
                   "steps after measurement during which creation goes on while measured packets "
                   "are still in flight")
        ->capture_default_str()
        ->group(g);
    app.add_option("--hotspot-fraction", t.hotspot_fraction,
                   "hotspot: share of packets sent to router (0,0,0)")
        ->check(real_number("[0, 1]"))
        ->capture_default_str()
        ->group(g);
    app.add_option("--ugal-threshold", t.ugal_threshold,
                   "ugal: deflect only when 5 x deflected queue + T < 3 x minimal queue")
        ->capture_default_str()
        ->group(g);
    app.add_option("--link-stats", t.link_stats,
                   "write per-directed-link utilization, stalls and conflicts of the measurement "
                   "window to this CSV")
        ->group(g);
}

std::optional<std::string> check_traffic_usage(const CLI::App& app, const traffic_cli& t) {
    const bool traffic = !t.traffic.empty();
    for (const char* opt :
         {"--rate", "--routing", "--warmup", "--measure", "--drain-limit", "--hotspot-fraction",
          "--ugal-threshold", "--link-stats", "--concentration"})
        if (!traffic && app.count(opt) != 0)
            return std::string(opt) +
                   " needs --traffic (the primitives launch source-vector headers)";
    if (traffic)
        for (const char* opt : {"--primitive", "--schedule", "--source", "--count", "--protocol",
                                "--perm", "--decoder"}) {
            if (app.count(opt) == 0) continue;
            // The traffic runs' routers use the C++ reference decoder: asking for it is no
            // conflict (a result's configuration records it).
            if (std::string(opt) == "--decoder") {
                const std::string d = app.get_option(opt)->as<std::string>();
                if (d == to_string(decoder_kind::cpp)) continue;
                return "--decoder " + d +
                       " cannot be combined with --traffic (its routers run the C++ reference); "
                       "co-simulate traffic as --background under a --primitive";
            }
            return std::string(opt) + " cannot be combined with --traffic";
        }
    return std::nullopt;
}

std::optional<std::string> check_traffic_option_use(const CLI::App& app, const traffic_cli& t) {
    if (t.traffic != to_string(traffic_pattern::hotspot) && app.count("--hotspot-fraction") != 0)
        return "--hotspot-fraction needs --traffic hotspot (the " + t.traffic +
               " pattern does not read it)";
    if (t.routing != to_string(routing_kind::ugal) && app.count("--ugal-threshold") != 0)
        return "--ugal-threshold needs --routing ugal (" + t.routing + " routing does not read it)";
    return std::nullopt;
}

traffic_run_options make_traffic_run(const traffic_cli& t, const network_config& net,
                                     std::uint64_t seed) {
    traffic_run_options o;
    o.net = net;
    o.traffic.pattern = *parse_traffic_pattern(t.traffic);
    o.traffic.routing = *parse_routing_kind(t.routing);
    o.traffic.rate = t.rate;
    o.traffic.warmup = t.warmup;
    o.traffic.measure = t.measure;
    o.traffic.drain_limit = t.drain_limit;
    o.traffic.hotspot_fraction = t.hotspot_fraction;
    o.traffic.ugal_threshold = t.ugal_threshold;
    o.traffic.concentration = t.concentration;
    o.traffic.seed = seed;
    o.traffic.packet_length = net.router.packet_length;
    o.link_stats = t.link_stats;
    return o;
}

namespace {

std::string summary(const run_result& r, const nlohmann::json& t) {
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(3);
    const auto& l = t["latency"];
    os << (r.topology == to_string(topology_kind::mdf) ? "MDF(" : "D3(") << r.k << "," << r.m << ")"
       << (r.arrangement.empty() ? "" : " " + r.arrangement) << " traffic "
       << t["pattern"].get<std::string>() << " rate " << t["rate"].get<double>() << ", routing "
       << t["routing"].get<std::string>() << ", " << t["vcs"].get<int>() << " VCs";
    if (t["concentration"].get<int>() != 1) os << ", " << t["concentration"] << " terminals/router";
    // A rate is null when a stopped run never reached the measurement window.
    const auto rate = [](const nlohmann::json& v) {
        std::ostringstream x;
        x.setf(std::ios::fixed);
        x.precision(3);
        if (v.is_null())
            x << "none";
        else
            x << v.get<double>();
        return x.str();
    };
    os << "\n  offered " << rate(t["offered"]) << "  accepted " << rate(t["accepted"])
       << " packets/terminal/step (measurement window";
    if (t.contains("measured_steps"))
        os << ": " << t["measured_steps"] << " of " << t["measure"] << " steps, stopped at step "
           << t["stopped_at_step"];
    os << ")\n";
    if (t["saturated"].get<bool>())
        os << "  past saturation: the network gained " << t["backlog_gain"]
           << " packets over the measurement window (offered - accepted); its latencies grow "
              "with the run, they are not a steady state\n";
    os.precision(2);
    os << "  latency from creation (steps): " << latency_text(l) << "  (" << l["samples"]
       << " measured packets)\n";
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
    if (t.contains("flits")) {
        const auto& f = t["flits"];
        os << "  flits (" << t["packet_length"] << " per packet): offered "
           << rate(t["offered_flits"]) << "  accepted " << rate(t["accepted_flits"])
           << " per terminal per step; injected " << f["injected"] << "  delivered "
           << f["delivered"] << "  on links " << f["link_sent"] << " sent, " << f["link_freed"]
           << " freed\n";
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

}  // namespace

int run_traffic(const traffic_run_options& o, const std::string& json, bool quiet,
                double estimated_mib, const run_gates& gates, const nlohmann::json& config) {
    // A link sustains one packet per step per VC only if its buffer covers the credit round trip.
    const router_params& rp = o.net.router;
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
    run_result res;
    nlohmann::json traffic;
    std::string link_csv;
    // The design is never destroyed: the process ends with end_process once the results are out.
    traffic_bench* tb = nullptr;
    std::string error;
    const bool ran = run_reporting_errors(
        [&] {
            tb = new traffic_bench("tb", o);
            res = tb->run();
            traffic = tb->traffic_json();
            if (tb->links()) link_csv = tb->links()->csv();
        },
        &error);
    if (!ran) {
        const std::uint64_t step = to_cycle(sc_core::sc_time_stamp());
        if (!json.empty()) write_json(error_result(error, tb ? &step : nullptr, config), json);
        end_process(1);
    }
    res.estimated_memory_mib = estimated_mib;
    if (!tb->trace_error().empty()) {
        std::fprintf(stderr, "d3sim: error: %s\n", tb->trace_error().c_str());
        end_process(2);
    }
    if (!o.trace.path.empty() && !quiet)
        std::fprintf(stderr, "  packet log: %s, %llu events\n", o.trace.path.c_str(),
                     static_cast<unsigned long long>(tb->trace_lines()));
    if (!o.wave.empty() && !quiet)
        std::fprintf(stderr, "  %s\n", wave_trace::summary_line(o.wave).c_str());
    if (!o.link_stats.empty())
        if (auto err = write_file(o.link_stats, link_csv)) {
            std::fprintf(stderr, "d3sim: error: %s\n", err->c_str());
            end_process(2);
        }
    const bool json_stdout = json == "-";
    if (!quiet) (json_stdout ? std::cerr : std::cout) << summary(res, traffic) << std::flush;
    const gate_verdict verdict = apply_gates(gates, res, traffic);
    if (res.correct) print_gate_failures(verdict);
    if (!json.empty()) {
        nlohmann::json j = to_json(res, o.net.k);
        j["traffic"] = traffic;
        if (gates.any()) j["gates"] = gates_json(gates, verdict);
        if (!config.is_null()) {
            j["config"] = config;
            j["config"]["resolved"] = resolved_config(tb->net().config());
        }
        if (!write_json(j, json)) end_process(2);
    }
    end_process(exit_code(res, verdict));
}

}  // namespace d3
