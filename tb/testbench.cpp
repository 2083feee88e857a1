#include "tb/testbench.h"

#include "core/decoding/vc.h"
#include "paper/programs/around_failures.h"
#include "tb/conservation.h"
#include "tb/failure_injector.h"
#include "tb/partition_report.h"
#include "tb/sliced_run.h"
#include "trace/trace_files.h"
#include "trace/wave_estimate.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <stdexcept>

namespace d3 {

std::optional<std::string> run_options::validate_options() const {
    // The primitives are the paper's schedules of one-unit packets on its router (broadcasts
    // included), which the design-space router does not move. Before the network's checks,
    // whose complaints about those options would suggest another fix.
    if (net.router.design_space())
        return std::string(
            "the design-space router's options (--sw-allocator, --vc-allocator, "
            "--flow-control, ...) need --traffic");
    if (auto err = net.validate()) return err;
    // Multi-flit primitives run alone (docs/multi-flit.md, "The primitives").
    if (net.router.packet_length > 1 && (background || service_class))
        return "--packet-length " + std::to_string(net.router.packet_length) +
               " runs a primitive without --service and --background (their two service classes "
               "carry one-flit packets)";
    if (net.shape != topology_kind::d3 &&
        (!subnetworks.empty() || destination_headers || background || service_class))
        return "on MDF the primitives run without --subnetwork, --headers destination, "
               "--service and --background";
    // The model refuses them too (sc/network.cpp), but as a model error: this is the user's.
    if (net.threads > 1 && (decoder != "cpp" || wave_opts.decoder))
        return "--threads " + std::to_string(net.threads) +
               " runs the C++ reference decoder only (no --decoder rtl|lockstep, no "
               "--wave-decoder) yet: use --threads 1";
    if (net.faults() && (background || !subnetworks.empty() || destination_headers))
        return "--fail-links and --fail-routers run a primitive without --background, "
               "--subnetwork and --headers destination";
    if (net.faults()) try {
            fault_step(net.fail_links, net.fail_routers);  // throws for a bad @T
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
    if (background && !subnetworks.empty())
        return "--background runs under the whole network's primitive, not with --subnetwork";
    if (background)
        if (auto err = background->validate()) return err;
    std::optional<topology> made;
    try {
        made.emplace(make_topology(net));  // an MDF wiring file is read and checked here
    } catch (const std::exception& e) {
        return std::string(e.what());
    }
    if (background)
        if (auto err = pattern_problem_on(background->pattern, *made)) return err;
    if (!wave.empty())
        if (auto err = check_wave_options(wave, wave_opts, *made)) return err;
    if (!trace.path.empty())
        if (auto err = trace.check(*made)) return err;
    return std::nullopt;
}

std::optional<std::string> run_options::validate() const {
    if (auto err = validate_options()) return err;
    try {
        make_workload(*this, make_topology(net));
    } catch (const std::invalid_argument& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

namespace {
// Steps after a primitive's last launch at which a failure may still come (its messages' paths,
// detours and holds included, are shorter).
constexpr std::uint64_t kFailureAfterLastLaunch = 16;
}  // namespace

// What a failure during a primitive's run (SPEC@T) cannot serve: a step outside the primitive's
// launches (docs/resilience.md, "A failure at a step of a primitive").
std::optional<std::string> run_options::failure_step_problem(std::uint64_t at,
                                                             const workload& w) const {
    const std::string t = "@" + std::to_string(at);
    if (at == 0)
        return t + ": a failure at step 0 is a failure before the run: give SPEC without @T";
    // Its last launch's messages are still in flight for a few steps (a single broadcast's copies
    // after its one launch at step 0): a failure then takes them.
    const std::uint64_t launches = w.start_step() + w.rounds() + w.delays();
    if (at >= launches + kFailureAfterLastLaunch)
        return t + " is after the primitive's last launch (step " + std::to_string(launches - 1) +
               ") and the " + std::to_string(kFailureAfterLastLaunch) +
               " steps its messages may take";
    return std::nullopt;
}

// A primitive that launches more than M packets per round gets that injection width (the glgl
// one-to-all launches K at once); 0 leaves the network's default, M. In partitions, the widest
// partition's width (its M, or its primitive's), so that a partition runs as the standalone
// network it equals (the whole network's M served a two-position partition's node four entries
// a step where D3(K,2)'s serves two: other conflicts under a schedule that has some). Partitions
// of different shapes share the widest one's (docs/findings.md, section 12).
int default_injection_width(const run_options& o, const topology& t) {
    if (o.subnetworks.empty()) return primitive_injection_width(t, primitive_of(o));
    int width = 0;
    for (const subnetwork& s : parse_subnetworks(o.subnetworks, t.k(), t.m())) {
        const int w = primitive_injection_width(topology(s.k(), s.m()), primitive_of(o));
        width = std::max(width, w != 0 ? w : s.m());
    }
    return width;
}

primitive_options primitive_of(const run_options& o) {
    primitive_options p;
    p.primitive = o.primitive;
    p.schedule = o.schedule;
    p.protocol = o.protocol;
    p.source = o.source;
    p.count = o.count;
    p.perm = o.perm;
    p.seed = o.seed;
    p.dimension = o.dimension;
    p.embedding = o.embedding;
    p.reply = o.reply;
    p.destination_headers = o.destination_headers;
    return p;
}

network_config run_options::network() const {
    network_config c = net;
    // Multi-flit packets stretch the schedule, which then meets contention: the traffic runs'
    // VCs (by the sync counter b, free of deadlock) unless --vcs is given; one VC per link, the
    // paper's, can deadlock there (docs/multi-flit.md, "The primitives").
    if (c.router.packet_length > 1 && c.router.vcs == 0) c.router.vcs = kTrafficVcs;
    // So do the messages rerouted around failures: the schedule's synchrony no longer keeps them
    // apart, and on one VC the D3(4,8) all-to-all with a tenth of its cables failed deadlocks
    // (docs/resilience.md).
    if (c.faults() && c.router.vcs == 0) c.router.vcs = kTrafficVcs;
    if (!background && !service_class) return c;
    c.router.service_classes = kServiceClasses;
    c.background = background.has_value();
    if (background && c.router.vcs == 0) c.router.vcs = kTrafficVcs;
    return c;
}

std::unique_ptr<workload> make_workload(const run_options& o, const topology& t) {
    if (o.background)
        return std::make_unique<background_workload>(t, make_primitive_workload(t, primitive_of(o)),
                                                     *o.background,
                                                     o.service_class.value_or(service::privileged));
    if (!o.subnetworks.empty())
        return std::make_unique<partitioned_workload>(
            t, parse_subnetworks(o.subnetworks, t.k(), t.m()), primitive_of(o));
    if (o.net.faults()) {  // routed around at the sources (paper/programs/around_failures.h)
        const auto at = fault_step(o.net.fail_links, o.net.fail_routers);
        std::unique_ptr<workload> w =
            around_failures(t, parse_faults(o.net.fail_links, o.net.fail_routers, t, o.seed),
                            make_primitive_workload(t, primitive_of(o)), at.value_or(0));
        if (at)
            if (auto err = o.failure_step_problem(*at, *w)) throw std::invalid_argument(*err);
        return w;
    }
    return make_primitive_workload(t, primitive_of(o));
}

nlohmann::json testbench::background() const {
    const auto* bg = dynamic_cast<const background_workload*>(work_.get());
    if (!bg) return nullptr;
    nlohmann::json j = bg->summary();
    const router_stats s = net_->background_totals();
    j["hops"]["total"] = s.hops;
    j["holds"] = s.holds;
    j["conflicts"] = s.conflicts;
    j["conflict_waits"] = s.waits;
    j["credit_stalls"] = s.stalls;
    return j;
}

nlohmann::json testbench::partitions() const {
    if (!crossings_) return nullptr;
    return partition_report(*net_, static_cast<const partitioned_workload&>(*work_),
                            crossings_->crossings());
}

testbench::testbench(const sc_core::sc_module_name& name, const run_options& o,
                     const decoder_factory& decoders, std::unique_ptr<workload> work)
    : sc_core::sc_module(name), opt_(o), topo_(make_topology(o.net)), work_(std::move(work)) {
    const auto start = std::chrono::steady_clock::now();
    if (opt_.net.router.injection_width == 0)
        opt_.net.router.injection_width = default_injection_width(opt_, topo_);
    if (!work_) work_ = make_workload(opt_, topo_);
    decoder_factory decs = decoders;
    const workload* wl = work_.get();
    // Size estimates run the node programs: the background's share its traffic's state, so only
    // the primitive is estimated (the background's packets are not counted).
    const auto* bg = dynamic_cast<const background_workload*>(work_.get());
    const workload& sized = bg ? bg->foreground() : *work_;
    if (!opt_.wave.empty()) {  // the waveform observes links, buffers, rounds and decoders
        wave_options wo = opt_.wave_opts;
        wo.background = bg != nullptr;  // d3.background_conflicts
        if (wo.title.empty())
            wo.title = "D3(" + std::to_string(topo_.k()) + "," + std::to_string(topo_.m()) + ") " +
                       work_->primitive() + ", schedule " + work_->schedule_name();
        const router_params routers = opt_.network().resolved().router;  // with the classes
        wave_ = std::make_unique<wave_trace>(opt_.wave, wo, topo_, routers.channels());
        wave_->trace_pipeline(routers.pipeline);
        rtl_wave_ = make_rtl_unit_wave(*wave_, wo.rtl_router, topo_);
        if (auto warning = opt_.wave_warning(topo_, *work_))
            std::fprintf(stderr, "d3sim: warning: %s\n", warning->c_str());
        traced_work_ = std::make_unique<traced_workload>(*work_, *wave_);
        wl = traced_work_.get();
        // Decoder ports, stamped with the step of each decode: on request, and always for a
        // decoder other than the C++ reference (--decoder rtl|lockstep pass a factory).
        if (wo.decoder || decoders) decs = traced_decoders(decs, *wave_, topo_);
    }
    link_observer* observer = wave_.get();
    if (const auto* parts = dynamic_cast<const partitioned_workload*>(work_.get())) {
        crossings_ = std::make_unique<crossing_counter>(topo_, parts->owner(), observer);
        observer = crossings_.get();
    }
    if (!opt_.trace.path.empty()) {  // the packet log sees packets and passes the rest to wave_
        std::string unused;
        const wave_size w =
            estimate_wave(topo_, sized, *wave_scope::parse("all", topo_, unused), wave_format::vcd);
        const packet_log_size s =
            estimate_packet_log(w.link_events, w.link_events / 3, opt_.trace.jsonl());
        std::fprintf(stderr, "d3sim: packet log %s: about %llu events, %s before filters\n",
                     opt_.trace.path.c_str(), static_cast<unsigned long long>(s.events),
                     human_bytes(s.bytes).c_str());
        log_ = std::make_unique<packet_log>(opt_.trace, topo_, observer);
        observer = log_.get();
    }
    net_ = std::make_unique<network>("network", opt_.network(), *wl, decs, observer);
    if (bg) bg->traffic().set_view(*net_);  // UGAL reads the queues
    if (opt_.net.faults())
        if (const auto at = fault_step(opt_.net.fail_links, opt_.net.fail_routers)) {
            faults_ = parse_faults(opt_.net.fail_links, opt_.net.fail_routers, topo_, opt_.seed);
            failure_effects* told = failure_effects_of(*work_);
            if (!told)
                SC_REPORT_ERROR(
                    "d3/testbench",
                    "a failure during the run needs the workload around_failures makes");
            failure_ = std::make_unique<failure_injector>(*net_, *told, faults_, *at, log_.get());
        }
    elaboration_seconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

run_result testbench::run() {
    const auto start = std::chrono::steady_clock::now();
    // The node programs launch for rounds + delays steps (a delay is a step too: the all-to-all
    // of D3(8,8) has 512 rounds and 64 delays); the last packet then needs at most four hops
    // (glgl), each the pipeline's extra cycles + the slower link's latency
    // (core/router/pipeline.h).
    const router_params& rp = net_->config().router;
    const std::uint64_t hop =
        static_cast<std::uint64_t>(rp.pipeline.extra()) +
        static_cast<std::uint64_t>(std::max(rp.local_latency, rp.global_latency));
    const std::uint64_t expected =
        static_cast<std::uint64_t>(work_->rounds() + work_->delays()) + 4 * hop;
    if (opt_.progress) {
        run_sliced([&](std::uint64_t now) {
            // After the last delivery only the watchdog's timer is left: not a step of the run.
            if (net_->packets_alive() != 0 || now <= expected)
                std::fprintf(stderr, "\r  step %llu of about %llu, %llu packets in flight ",
                             static_cast<unsigned long long>(now),
                             static_cast<unsigned long long>(expected),
                             static_cast<unsigned long long>(net_->packets_alive()));
        });
    } else {
        sc_core::sc_start();
    }
    run_result r;
    record_run_cost(r, start, elaboration_seconds_);
    record_network(r, *net_, *work_);
    r.decoder = opt_.decoder;
    // The trace ends with the run's last delivery, not at the watchdog's last timer.
    finish_outputs(std::min<std::uint64_t>(r.end_cycle, net_->last_delivery()) + 1);

    if (const auto* bg = dynamic_cast<const background_workload*>(work_.get()))
        for (conflict_record& c : r.first_conflicts) c.step -= bg->warmup();  // its own steps
    check_conservation(*net_, *work_, r.primitive, r);
    if (failure_) record_failure(r);
    for (std::string& p : work_->value_problems()) r.problems.push_back(std::move(p));
    r.correct = r.problems.empty();
    record_peak_rss(r);
    return r;
}

testbench::~testbench() = default;

// What the failure during the run (SPEC@T) took: the ledger's dropped deliveries are those of
// the packets it named (a broadcast copy's: its remaining tree's); the run's lost_to_failure
// counts the packets, and those that never left their source's queue.
void testbench::record_failure(run_result& r) {
    set_failure_figures(*work_, failure_->figures());
    const failure_losses l = losses_of(*work_);
    if (l.named_deliveries != r.lost_to_failure)
        r.problems.push_back("the ledger dropped " + std::to_string(r.lost_to_failure) +
                             " deliveries, the failure's " + std::to_string(l.named) +
                             " packets named " + std::to_string(l.named_deliveries));
    r.lost_to_failure = l.all;
}

// A trace that could not be written (a full disk) is an output error, as for the packet log.
void testbench::finish_outputs(std::uint64_t end_step) {
    trace_error_ = finish_trace_files(wave_.get(), log_.get(), end_step);
}

std::optional<std::string> run_options::wave_warning(const topology& t, const workload& w) const {
    if (wave.empty()) return std::nullopt;
    const auto* bg = dynamic_cast<const background_workload*>(&w);
    std::string unused;  // check_wave_options refused a bad scope before
    const wave_scope scope = wave_scope::parse(wave_opts.scope, t, unused).value_or(wave_scope());
    return size_warning(wave, estimate_wave(t, bg ? bg->foreground() : w, scope, format_of(wave)),
                        scope, wave_opts.limit);
}

std::uint64_t testbench::finish_outputs_after_error() {
    const std::uint64_t step = to_cycle(sc_core::sc_time_stamp());
    if (net_) finish_outputs(step + 1);
    return step;
}

}  // namespace d3
