#include "tb/traffic_bench.h"

#include "tb/sliced_run.h"

#include "tb/conservation.h"
#include "tb/failure_injector.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>

#include "core/decoding/vc.h"
#include "core/network/file_topology.h"
#include "core/router/service.h"
#include "core/run/memory_estimate.h"
#include "core/traffic/routing.h"
#include "trace/trace_files.h"
#include "trace/traced_probes.h"

namespace d3 {

namespace {

// What synthetic traffic on a file network with transit routers (no terminal) runs: the
// patterns that draw among the terminals (uniform, hotspot, the permutations), not those
// that map every router to another by its index.
std::optional<std::string> transit_problem(const file_topology& f, const traffic_options& o) {
    std::uint32_t transit = f.routers();
    for (std::uint32_t r = 0; r < f.routers(); ++r)
        if (f.net().terminals(r) > 0) --transit;
    if (transit == 0) return std::nullopt;
    const traffic_pattern p = o.pattern;
    const std::string has = f.label() + " has " + std::to_string(transit) +
                            " routers without a terminal (its 'terminals' line)";
    if (p != traffic_pattern::uniform && p != traffic_pattern::hotspot &&
        p != traffic_pattern::permutation && p != traffic_pattern::randperm &&
        p != traffic_pattern::worst_case)
        return has + ": --traffic " + to_string(p) +
               " maps every router to another, so it needs a terminal at each; uniform, " +
               "hotspot, permutation, randperm and worst-case draw among the terminals";
    if (p != traffic_pattern::hotspot) return std::nullopt;
    std::vector<router_id> hot{0};  // no --hotspot NODES: router 0
    const auto given = parse_hotspots(o.hotspot_nodes, f.routers());
    if (!o.hotspot_nodes.empty())  // a bad list is refused by hotspots_of
        if (const auto* v = std::get_if<std::vector<router_id>>(&given)) hot = *v;
    for (router_id h : hot)
        if (f.net().terminals(h) == 0)
            return has + ": router " + std::to_string(h) +
                   " is a hot spot without one (a hot spot receives at a terminal; --hotspot)";
    return std::nullopt;
}

// What synthetic traffic on a network given as a file runs with (docs/networks.md): the patterns
// on router indices, minimal routing from the file's tables or Valiant and UGAL through an
// intermediate router, a terminal per node as the file says, a virtual channel per hop of the
// longest route (distance classes) in the paper's router.
std::optional<std::string> file_traffic_problem(const file_topology& f, const traffic_options& o,
                                                const router_params& r) {
    const std::string& net = f.label();
    if (auto err = f.router_problem(r, o.routing != routing_kind::minimal)) return err;
    if (o.pattern == traffic_pattern::drawer_to_drawer)
        return net +
               " has no drawers: --traffic neighbor sends router r to r + 1 (the patterns "
               "take a file network's router indices as MDF's group numbers)";
    const std::string most = f.net().uniform_terminals() ? "" : "up to ";
    if (static_cast<std::uint32_t>(o.concentration) != f.net().terminals())
        return net + " has " + most + std::to_string(f.net().terminals()) +
               " terminals per router (its 'terminals' line): give --concentration " +
               std::to_string(f.net().terminals()) + " (got " + std::to_string(o.concentration) +
               ")";
    return transit_problem(f, o);
}

}  // namespace

std::optional<std::string> traffic_run_options::validate() const {
    if (traffic.request_reply && net.router.design_space())
        return "--request-reply needs the paper's router: its replies travel in a service class "
               "of their own, which a design-space router does not model";
    if (auto err = network().validate()) return err;
    if (auto err = traffic.validate()) return err;
    if (traffic.routing == routing_kind::ugal)
        if (auto err = ugal_valiant_error(traffic.valiant, traffic.ugal, net.shape)) return err;
    const int width = net.resolved().router.injection_width;
    if (traffic.concentration > width)
        return "--concentration " + std::to_string(traffic.concentration) +
               " needs an injection width of at least as many packets per step (got " +
               std::to_string(width) + ", --injection-width)";
    try {
        const topology t = make_topology(net);  // an MDF wiring file is read and checked here
        if (!wave.empty())
            if (auto err = check_wave_options(wave, wave_opts, t)) return err;
        if (!trace.path.empty())
            if (auto err = trace.check(t)) return err;
        if (const file_topology* f = t.file())
            if (auto err = file_traffic_problem(*f, traffic, network().router)) return err;
        if (auto err = pattern_problem(traffic.pattern, t.routers(), traffic.shift)) return err;
        if (auto err = pattern_problem_on(traffic.pattern, t)) return err;
        hotspots_of(traffic, t);  // throws for a router the network has not
        if (net.faults()) parse_faults(net.fail_links, net.fail_routers, t, traffic.seed);
        if (net.faults())
            if (const auto at = fault_step(net.fail_links, net.fail_routers))
                return failure_step_problem(*at);
    } catch (const std::exception& e) {
        return e.what();
    }
    return std::nullopt;
}

// What a failure during the run (SPEC@T) cannot serve: a step outside the run's own steps
// (docs/resilience.md, "Failures at a step").
std::optional<std::string> traffic_run_options::failure_step_problem(std::uint64_t at) const {
    const auto steps = static_cast<std::uint64_t>(traffic.warmup) +
                       static_cast<std::uint64_t>(traffic.measure) +
                       static_cast<std::uint64_t>(traffic.drain_limit);
    const std::string t = "@" + std::to_string(at);
    if (at == 0)
        return t + ": a failure at step 0 is a failure before the run: give SPEC without @T";
    if (at >= steps)
        return t +
               " is beyond the run (warm-up + measurement + drain limit: " + std::to_string(steps) +
               " steps)";
    return std::nullopt;
}

network_config traffic_run_options::network() const {
    network_config c = net;
    if (c.router.vcs == 0) c.router.vcs = kTrafficVcs;
    // A design-space router's terminal ports and hop phases (its VC classes) come from the
    // traffic: minimal routing crosses one global link, Valiant and UGAL up to two.
    c.router.design.terminals = traffic.concentration;
    // Detours around failed links and routers cross two, as Valiant's routes do.
    c.router.design.phases = traffic.routing == routing_kind::minimal && !net.faults() ? 2 : 3;
    // Requests and replies in service classes of their own (core/traffic/request_reply.h).
    if (traffic.request_reply) c.router.service_classes = kServiceClasses;
    return c;
}

wave_size traffic_run_options::expected_wave(const topology& t) const {
    // Packets, not flits: a multi-flit packet is one value on each link it crosses in the paper's
    // router; a design-space router's signals change per flit (estimate_wave's `flits`).
    const std::uint64_t packets = expected_traffic_packets(
        t.routers(), traffic.concentration, traffic.rate, net.router.mean_packet(), traffic.warmup,
        traffic.measure, traffic.drain_limit);
    std::string unused;  // check_wave_options refused a bad scope before
    const wave_scope scope = wave_scope::parse(wave_opts.scope, t, unused).value_or(wave_scope());
    const auto steps = static_cast<std::uint64_t>(traffic.warmup) +
                       static_cast<std::uint64_t>(traffic.measure) +
                       static_cast<std::uint64_t>(traffic.drain_limit);
    const int flits = net.router.design_space() ? net.router.packet_length : 0;
    return estimate_wave(t, packets, most_steps(traffic.routing, t, traffic.valiant), steps, scope,
                         format_of(wave), flits);
}

std::optional<std::string> traffic_run_options::wave_warning(const topology& t) const {
    if (wave.empty()) return std::nullopt;
    std::string unused;  // check_wave_options refused a bad scope before
    const wave_scope scope = wave_scope::parse(wave_opts.scope, t, unused).value_or(wave_scope());
    return size_warning(wave, expected_wave(t), scope, wave_opts.limit);
}

traffic_bench::traffic_bench(const sc_core::sc_module_name& name, const traffic_run_options& o)
    : sc_core::sc_module(name), opt_(o), topo_(make_topology(o.net)) {
    const auto start = std::chrono::steady_clock::now();
    opt_.traffic.packet_length = opt_.net.router.packet_length;  // the network's is the one home
    opt_.traffic.packet_sizes = opt_.net.router.packet_sizes;
    work_ = std::make_unique<traffic_workload>(topo_, opt_.traffic);
    std::optional<std::uint64_t> failure_at;
    if (opt_.net.faults()) {
        faults_ =
            parse_faults(opt_.net.fail_links, opt_.net.fail_routers, topo_, opt_.traffic.seed);
        failure_at = fault_step(opt_.net.fail_links, opt_.net.fail_routers);
        if (failure_at)  // the routing goes around them from step T on (failure_injector)
            work_->state().expect_failure_at(*failure_at);
        else
            work_->state().route_around_faults(faults_);
    }
    decoder_factory decoders;
    link_observer* observer = nullptr;
    if (!opt_.wave.empty()) {  // the waveform observes links, buffers and (on request) decoders
        wave_options wo = opt_.wave_opts;
        const traffic_options& tr = opt_.traffic;
        if (wo.title.empty()) {
            std::ostringstream title;
            title << topo_.name() << " traffic " << to_string(tr.pattern) << " rate " << tr.rate
                  << ", routing " << to_string(tr.routing);
            wo.title = title.str();
        }
        const router_params routers = opt_.network().resolved().router;
        wave_ = std::make_unique<wave_trace>(opt_.wave, wo, topo_, routers.channels());
        // A design-space router shows its VC owners and input speedup; it reports no
        // pipeline stages (on_stage), so it gets no pipeline.* signals.
        if (routers.design_space())
            wave_->trace_design(routers.vcs, routers.design.terminals);
        else
            wave_->trace_pipeline(routers.pipeline);
        rtl_wave_ = make_rtl_unit_wave(*wave_, wo.rtl_router, topo_);
        if (auto warning = opt_.wave_warning(topo_))
            std::fprintf(stderr, "d3sim: warning: %s\n", warning->c_str());
        if (wo.decoder) decoders = traced_decoders(decoders, *wave_, topo_);
        observer = wave_.get();
    }
    if (!opt_.link_stats.empty()) {
        links_ =
            std::make_unique<link_stats>(topo_, static_cast<std::uint64_t>(opt_.traffic.warmup),
                                         work_->state().end_of_measurement(), observer);
        observer = links_.get();
    }
    if (!opt_.trace.path.empty()) {  // the packet log sees packets and passes the rest on
        const auto& tr = opt_.traffic;
        const auto packets = static_cast<std::uint64_t>(tr.rate * tr.concentration *
                                                        topo_.routers() * (tr.warmup + tr.measure));
        const packet_log_size s = estimate_packet_log(3 * packets, packets, opt_.trace.jsonl());
        std::fprintf(stderr, "d3sim: packet log %s: about %llu events, %s before filters\n",
                     opt_.trace.path.c_str(), static_cast<unsigned long long>(s.events),
                     human_bytes(s.bytes).c_str());
        log_ = std::make_unique<packet_log>(opt_.trace, topo_, observer);
        observer = log_.get();
    }
    net_ = std::make_unique<network>("network", opt_.network(), *work_, decoders, observer);
    work_->state().set_view(*net_);
    if (failure_at)
        failure_ = std::make_unique<failure_injector>(*net_, work_->state(), faults_, *failure_at,
                                                      log_.get());
    elaboration_seconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

traffic_bench::~traffic_bench() = default;

run_result traffic_bench::run() {
    const auto start = std::chrono::steady_clock::now();
    if (opt_.progress)
        run_sliced([this](std::uint64_t now) { report_progress(now); });
    else
        sc_core::sc_start();
    run_result r;
    record_run_cost(r, start, elaboration_seconds_);
    record_network(r, *net_, *work_);
    // A run the watchdog or the memory limit stopped measured only part of its window.
    if (!net_->deadlock().empty() || !net_->memory_stop().empty())
        work_->state().stopped_at(r.end_cycle);
    // The trace ends with the run's last delivery, not at the watchdog's last timer.
    trace_error_ = finish_trace_files(
        wave_.get(), log_.get(), std::min<std::uint64_t>(r.end_cycle, net_->last_delivery()) + 1);
    if (failure_) r.flits_lost_to_failure = failure_->lost_flits();
    check_conservation(*net_, *work_, "created traffic", r);
    const auto t = traffic_json();
    if (failure_) {  // the ledger's dropped packets are the ones the failure named
        const nlohmann::json& f = t["faults"];
        if (f.contains("lost_packets") && f["lost_packets"].size() != r.lost_to_failure)
            r.problems.push_back("the ledger dropped " + std::to_string(r.lost_to_failure) +
                                 " packets, the failure named " +
                                 std::to_string(f["lost_packets"].size()));
        r.lost_to_failure = f.value("lost", std::uint64_t{0});
    }
    if (t["measured_delivered"] != t["measured_created"])
        r.problems.push_back("measured packets not all delivered");
    if (t.contains("request_reply")) {  // every request answered once, every reply delivered
        // (a reply with no route is not created; one a failure took is no longer counted created)
        const nlohmann::json& q = t["request_reply"];
        const auto answered = q["replies_created"].get<std::uint64_t>() +
                              q["replies_unreachable"].get<std::uint64_t>() +
                              (q.contains("lost") ? q["lost"]["replies"].get<std::uint64_t>() : 0);
        if (answered != q["requests_delivered"].get<std::uint64_t>())
            r.problems.push_back("requests delivered and replies created differ");
        if (q["replies_delivered"] != q["replies_created"])
            r.problems.push_back("replies not all delivered");
    }
    r.correct = r.problems.empty();
    record_peak_rss(r);
    return r;
}

// "step N of W + M (warm-up, measurement)", then the drain, with what is in flight and waiting.
void traffic_bench::report_progress(std::uint64_t now) const {
    const traffic_options& t = opt_.traffic;
    const auto window =
        static_cast<unsigned long long>(t.warmup) + static_cast<unsigned long long>(t.measure);
    const auto alive = static_cast<unsigned long long>(net_->packets_alive());
    if (now <= window)
        std::fprintf(stderr,
                     "\r  step %llu of %llu (warm-up %d, measure %d), %llu packets in flight ",
                     static_cast<unsigned long long>(now), window, t.warmup, t.measure, alive);
    else
        std::fprintf(stderr, "\r  step %llu: draining (limit step %llu), %llu packets in flight ",
                     static_cast<unsigned long long>(now),
                     window + static_cast<unsigned long long>(t.drain_limit), alive);
}

nlohmann::json traffic_bench::traffic_json() const {
    nlohmann::json j = work_->details();
    j["vcs"] = net_->config().router.vcs;
    if (net_->config().router.packet_length > 1) {  // one-flit runs keep their keys
        const router_stats s = net_->totals();
        j["flits"] = {{"injected", s.flits_injected},
                      {"delivered", s.flits_ejected},
                      {"link_sent", s.flits_sent},
                      {"link_freed", s.flits_freed}};
        const router_params& rp = net_->config().router;
        nlohmann::json per_vc = nlohmann::json::array();
        for (int v = 0; v < rp.vcs; ++v) {
            const std::uint64_t packets = s.vc_packets(v);
            nlohmann::json one = {{"vc", v}, {"packets", packets}};
            if (rp.packet_sizes.empty())  // (sizes that vary: the flits are per link)
                one["flits"] = packets * static_cast<std::uint64_t>(rp.packet_length);
            one["waits"] = s.vc_waits(v);
            per_vc.push_back(one);
        }
        j["per_vc"] = per_vc;
    }
    if (!net_->wait_cycle().empty()) j["deadlock_cycle"] = net_->wait_cycle();
    if (failure_ && j.contains("faults"))
        if (const nlohmann::json f = failure_->figures(); !f.is_null()) j["faults"].update(f);
    return j;
}

}  // namespace d3
