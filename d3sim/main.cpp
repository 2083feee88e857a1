// d3sim: run a communication primitive on D3(K,M) and report rounds, delays, steps, hops,
// conflicts and whether every message arrived exactly once.
// Exit codes: 0 correct, 1 the run violated a check or the model reported an error, 2 bad input,
// 3, 4, 5 a correct run that failed a CI gate (cli/gates.h).
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>
#include <systemc>

#include "cli/did_you_mean.h"
#include "cli/gates.h"
#include "cli/option_limits.h"
#include "cli/output_file.h"
#include "config/config_file.h"
#include "core/decoding/decoder_kind.h"
#include "core/run/result.h"
#include "d3sim/memory_reserve.h"
#include "d3sim/pipeline_cli.h"
#include "d3sim/service_cli.h"
#include "d3sim/trace_cli.h"
#include "d3sim/traffic_cli.h"
#include "paper/beyond/doubly_parallel.h"
#include "paper/programs/registry.h"
#include "study/job_run.h"
#include "study/sweep.h"
#include "study/validate.h"
#include "tb/memory_limit.h"
#include "tb/report.h"
#include "tb/testbench.h"
#if D3_WITH_VERILATOR
#include "rtl/decoder_select.h"
#endif
#include "trace/traced_probes.h"
#include "trace/wave_estimate.h"

namespace d3 {
namespace {

// SystemC prints its banner to stdout before sc_main() unless this variable is set, and stdout may
// carry JSON. Static initialisation runs before the library's main().
const bool kBannerOff = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0) == 0;

int fail_input(const std::string& msg) {
    std::fprintf(stderr, "d3sim: error: %s\n", d3::printable(msg).c_str());
    return 2;
}

// --check when every check passed: the estimate (tb/memory_limit.h) on stdout, or on stderr when
// stdout is for the JSON (--json -, as the summary), exit 0.
// --check passed: the warnings the run would print first (a waveform over --wave-limit), then
// the estimate.
int check_passed(const d3::memory_estimate& est, const d3::memory_budget& budget, bool quiet,
                 const std::string& json, const std::optional<std::string>& wave_warning) {
    if (wave_warning) std::fprintf(stderr, "d3sim: warning: %s\n", wave_warning->c_str());
    if (!quiet)
        std::fprintf(json == "-" ? stderr : stdout, "%s\n",
                     d3::check_passed_line(est, budget).c_str());
    return 0;
}

// The routers' decoders for --decoder (empty: the C++ reference).
d3::decoder_factory make_decoders(const d3::run_options& o) {
#if D3_WITH_VERILATOR
    return d3::make_decoder_factory(*d3::parse_decoder_kind(o.decoder), d3::make_topology(o.net),
                                    d3::make_rtl_engine);
#else
    (void)o;
    return {};
#endif
}

bool parse_count(const std::string& s, int& out) {
    std::size_t used = 0;
    long v = 0;
    try {
        v = std::stol(s, &used);
    } catch (const std::exception&) {
        return false;
    }
    if (used != s.size() || v < 1 || v > d3::kMaxBroadcastCount) return false;
    out = static_cast<int>(v);
    return true;
}

// Why an option on the command line (`given`, not the --config file's) does not apply to the run:
// a primitive option the primitive does not read, or one that synthetic traffic does not read.
std::optional<std::string> check_option_use(const std::vector<std::string>& given,
                                            const std::string& primitive, bool traffic) {
    if (traffic) {  // (--primitive, --schedule, ...: d3sim/traffic_cli.h)
        for (const char* opt : {"--turnaround", "--dimension", "--embedding", "--headers"})
            if (d3::option_in(given, opt))
                return std::string(opt) + " cannot be combined with --traffic";
        return std::nullopt;
    }
    // The same keys in a --config file are read for any primitive (a result records them).
    for (const std::string& opt : d3::primitive_only_options())
        if (d3::option_in(given, opt))
            if (auto why = d3::option_unread(opt, primitive)) return why;
    return std::nullopt;
}

bool parse_coord(const std::string& s, d3::coord& out) {
    std::istringstream is(s);
    char c1 = 0, c2 = 0;
    if (!(is >> out.c >> c1 >> out.d >> c2 >> out.p) || c1 != ',' || c2 != ',') return false;
    return (is >> std::ws).eof();
}

int d3sim_main(int argc, char** argv) {
    (void)kBannerOff;
    // `d3sim validate ...`: every claim of the paper, each simulated case in its own d3sim process.
    if (argc > 1 && std::string(argv[1]) == "validate") return d3::run_validate(argc - 1, argv + 1);
    // `d3sim sweep ...`: one d3sim --traffic process per offered load, CSV and plot (study/sweep).
    if (argc > 1 && std::string(argv[1]) == "sweep") return d3::run_sweep(argc - 1, argv + 1);
    // `d3sim job MANIFEST INDEX`: one job of a sweep or validate study, as every backend runs it.
    if (argc > 1 && std::string(argv[1]) == "job") return d3::run_job_command(argc - 1, argv + 1);
    d3::run_options o;
    std::string source = "0,0,1", schedule = d3::to_string(d3::schedule_kind::paper), json,
                arb = d3::to_string(d3::arbitration::round_robin);
    bool quiet = false;
    int progress = -1;

    CLI::App app{"d3sim: the Swapped Dragonfly D3(K,M) router model", "d3sim"};
    app.footer(
        "Also: d3sim validate [--grid small|full] (every claim of the paper, "
        "docs/paper-validation.md);\n"
        "      d3sim sweep --rates A:B:STEP --traffic ... (latency and throughput curves).\n"
        "      Each takes --help.");
    app.add_option("--k", o.net.k, "cabinets K (>= 1)")->capture_default_str();
    app.add_option("--m", o.net.m, "drawers per cabinet and routers per drawer M (>= 2)")
        ->capture_default_str();
    std::string shape = d3::to_string(d3::topology_kind::d3);
    app.add_option(
           "--topology", shape,
           "d3: the Swapped Dragonfly D3(K,M); mdf: the maximal dragonfly MDF(K,M) of "
           "section 11 (K*M+1 groups of M routers, same routers; --traffic, and the primitives "
           "all-to-all and broadcast)")
        ->check(d3::member_of(d3::kTopologyKindNames))
        ->capture_default_str();
    app.add_option("--arrangement", o.net.arrangement,
                   "mdf: global links palmtree, consecutive, or a wiring file (one link per line: "
                   "group router port group router port)")
        ->capture_default_str();
    app.add_option("--primitive", o.primitive, "communication primitive")
        ->check(CLI::IsMember(d3::primitive_names()))
        ->capture_default_str();
    app.add_option(
           "--source", source,
           "source router c,d,p (broadcast, one-to-all, glgl-one-to-all, broadcast-trees; the "
           "all-to-one sink)")
        ->capture_default_str();
    app.add_option("--schedule", schedule,
                   "paper: as published, with its delays; none: same rounds, no delays; fixed: a "
                   "corrected conflict-free schedule (only where paper conflicts)")
        ->check(d3::member_of(d3::kScheduleKindNames))
        ->capture_default_str();
    std::string count, protocol = "paper";
    // No default string: a result records --count only when given (its default depends on the
    // primitive), and a file's `count: 1` is read as given.
    app.add_option("--count", count,
                   "broadcast, broadcast-trees: number of chained broadcasts N (default 1); "
                   "matrix-product: rows R of X (default M)");
    app.add_option("--dimension", o.dimension, "hypercube-exchange: the hypercube dimension I")
        ->capture_default_str();
    app.add_option("--embedding", o.embedding,
                   "hypercube primitives: swap (later paper, dilations 1/2/3) or glgl (section "
                   "10's uniform dilation-four paths)")
        ->check(CLI::IsMember({"swap", "glgl"}))
        ->capture_default_str();
    app.add_option("--protocol", protocol,
                   "paper: the paper's choice; appendix protocol 1, 2 or 3 (all-to-all, and for "
                   "the others to override the paper's choice); doubly-parallel (all-to-all)")
        ->check(CLI::IsMember({"paper", "1", "2", "3", "doubly-parallel"}))
        ->capture_default_str();
    app.add_option("--perm", o.perm,
                   "permutation: random (with --seed), transpose, drawer-swap, or a FILE of lines "
                   "'c,d,p c',d',p''")
        ->capture_default_str();
    std::string turnaround = d3::to_string(d3::turnaround::paper);
    app.add_option("--turnaround", turnaround,
                   "all-to-one: a responder answers in the step the request reaches it (paper: "
                   "reply's first hop 4 steps after the request's, L G L D l g l) or one step "
                   "later (next-step: 5 steps)")
        ->check(d3::member_of(d3::kTurnaroundNames))
        ->capture_default_str();
    std::string headers = "source-vector";
    app.add_option("--headers", headers,
                   "headers the primitives launch: source-vector (as published) or destination "
                   "(section 12: the same programs, unicast source vectors launched as "
                   "destination headers read by the routers' tables; broadcasts unchanged)")
        ->check(CLI::IsMember({"source-vector", "destination"}))
        ->capture_default_str();
    app.add_option("--subnetwork", o.subnetworks,
                   "run the primitive in a subnetwork, repeatable, one partition each: "
                   "cabinets=0,2,5 (Theorem 1), positions=0,1,2,4 (N < M routers per drawer), "
                   "drawer-out=X (D3(K,M-1)), cabinet-out=X (D3(K-1,M))");
    app.add_option("--json", json, "write the result as one JSON object to FILE (- for stdout)");
    app.add_option(
        "--wave", o.wave,
        "write a waveform (FILE.vcd, or FILE.fst) and a gtkwave view FILE.gtkw beside it");
    std::string wave_limit = "256M";
    app.add_option("--wave-scope", o.wave_opts.scope,
                   "traced routers: all, conflicts (only links that conflict), or c,d,p patterns "
                   "joined by ';' with * and ranges, e.g. 0,1,*")
        ->capture_default_str();
    app.add_option("--wave-limit", wave_limit,
                   "warn before writing a waveform expected to be larger (e.g. 64M, 2G; 0: never)")
        ->capture_default_str();
    app.add_option("--wave-groups", o.wave_opts.groups, "conflicting links shown in the .gtkw view")
        ->capture_default_str();
    app.add_flag(
        "--wave-decoder", o.wave_opts.decoder,
        "add every router's decoder ports to the waveform (always with a non-C++ decoder)");
    app.add_option("--seed", o.seed, "random seed (for randomised workloads), 0 to 2^64-1")
        ->check(d3::unsigned_64())
        ->capture_default_str();
    auto& r = o.net.router;
    app.add_option("--buffer-depth", r.buffer_depth,
                   "flits per link input buffer (packets with --packet-length 1)")
        ->capture_default_str();
    app.add_option("--injection-width", r.injection_width,
                   "packets a node launches per step (0: M)")
        ->capture_default_str();
    app.add_option("--injection-depth", r.injection_depth,
                   "injection buffer depth (0: twice the width)")
        ->capture_default_str();
    app.add_option("--ejection-width", r.ejection_width,
                   "packets delivered to a node per step (0: unlimited)")
        ->capture_default_str();
    app.add_option("--hold-capacity", r.hold_capacity, "packets in the hold stage (0: unlimited)")
        ->capture_default_str();
    d3::pipeline_cli pipeline;
    d3::add_pipeline_options(app, pipeline);
    app.add_option("--local-latency", r.local_latency, "cycles on a local link")
        ->capture_default_str();
    app.add_option("--global-latency", r.global_latency, "cycles on a global link")
        ->capture_default_str();
    app.add_option("--arbitration", arb, "output arbitration")
        ->check(d3::member_of(d3::kArbitrationNames))
        ->capture_default_str();
    app.add_option("--watchdog", o.net.watchdog,
                   "steps without progress before a run is declared deadlocked (0: automatic)")
        ->capture_default_str();
    app.add_flag("--progress,!--no-progress", progress,
                 "progress on stderr (default: when stderr is a terminal)");
    app.add_flag("--quiet,-q", quiet, "no human summary");
    app.add_option("--vcs", r.vcs,
                   "virtual channels per link input, one per sync counter b on arrival (0: 1 for "
                   "the primitives, 5 for --traffic)")
        ->capture_default_str();
    app.add_option("--packet-length", r.packet_length,
                   "flits per packet, virtual cut-through (--traffic; 1: the paper's one-unit "
                   "packets; docs/multi-flit.md)")
        ->capture_default_str();
    std::string max_memory;
    app.add_option("--max-memory", max_memory,
                   "refuse a run estimated to need more, and stop one that takes more (e.g. 512M, "
                   "8G; none: no check; default: the available memory, or less under ulimit -v)");
    d3::traffic_cli traffic;
    d3::add_traffic_options(app, traffic);
    d3::service_cli service;
    d3::add_service_options(app, service);  // d3sim/service_cli: --service, --background
    d3::trace_cli trace;
    d3::add_trace_options(app, trace);  // d3sim/trace_cli: the packet event log
    d3::run_gates gates;
    d3::add_gate_options(app, gates);  // cli/gates: CI gates and their exit codes
    app.add_option("--decoder", o.decoder,
                   "header decoder: cpp (C++ reference), rtl (Verilated RTL), lockstep (both on "
                   "every decode; the first difference stops the run)")
        ->check(d3::member_of(d3::kDecoderKindNames))
        ->capture_default_str();
    std::string config_file;
    bool dump_config = false;
    app.add_option("--config", config_file,
                   "read options from a YAML FILE (configs/), or rerun a result JSON (its "
                   "`config`); options given on the command line override the file");
    app.add_flag("--dump-config", dump_config,
                 "print the effective configuration as YAML (a file for --config) and exit");
    bool check_only = false;
    app.add_flag("--check", check_only,
                 "make every check of a run (options, output files, memory estimate) and exit "
                 "without running: 0 and the memory estimate when the run would start, 2 and "
                 "the reason otherwise");
    app.set_version_flag("--version", d3::model_version(),
                         "print the model version (a result's config.version) and exit");
    d3::apply_limits(app, d3::d3sim_ranges());  // cli/option_limits: ranges, no empty values

    // --config FILE: the file's options go first, so that the command line overrides them.
    const std::vector<std::string> given(argv + 1, argv + argc);
    d3::config_args file;
    if (const auto path = d3::config_path_in(given)) {
        file = d3::read_config_file(*path, app);
        if (!file.error.empty()) return fail_input(file.error);
        if (!file.warning.empty())
            std::fprintf(stderr, "d3sim: warning: %s\n", d3::printable(file.warning).c_str());
    }
    // From here on a refused value that came from the file is named with its place there.
    const auto refuse = [&](const std::string& why) {
        return fail_input(d3::locate_in_config(why, file, given));
    };
    std::vector<std::string> args = d3::merge_config(file.args, given);
    std::reverse(args.begin(), args.end());  // CLI11 parses a vector from its back
    try {
        app.parse(args);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        return refuse(d3::parse_error_text(app, e));
    }
    if (auto err = d3::check_traffic_usage(app, traffic)) return refuse(*err);
    if (!traffic.traffic.empty())
        if (auto err = d3::check_traffic_option_use(app, traffic)) return refuse(*err);
    if (auto err = d3::check_wave_usage(app)) return refuse(*err);
    if (auto err = check_option_use(given, o.primitive, !traffic.traffic.empty()))
        return refuse(*err);
    if (auto err = d3::apply_pipeline_options(app, pipeline, o.net.router)) return refuse(*err);
    if (auto err = d3::apply_service_options(app, service, !traffic.traffic.empty(), o))
        return refuse(*err);
    if (auto err = d3::check_gate_usage(app, !traffic.traffic.empty())) return refuse(*err);
    if (dump_config) {
        std::cout << d3::config_yaml(d3::effective_config(app, !traffic.traffic.empty(), false));
        return 0;
    }
    // Recorded in the JSON result: d3sim --config RESULT.json reruns it (config/config_file); built
    // only for one. A byte that is not UTF-8 in a value becomes U+FFFD there: the value's own
    // check refuses it below (exit 2), where a throw from the JSON library was exit 1.
    const nlohmann::json config =
        json.empty() ? nlohmann::json()
                     : nlohmann::json::parse(
                           d3::effective_config(app, !traffic.traffic.empty(), true)
                               .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    if (auto err = d3::check_outputs(
            json, o.wave, o.wave_opts.decoder || o.decoder != d3::to_string(d3::decoder_kind::cpp),
            traffic.link_stats, trace.path))
        return refuse(*err);
    if (auto err = d3::make_packet_log_options(trace, o.trace)) return refuse(*err);
    const d3::memory_budget_or_error budget = d3::resolve_memory_budget(max_memory);
    if (!budget.error.empty()) return refuse(budget.error);
    o.net.memory_limit_mib = budget.budget.mib;  // the run stops there too (network::memory_stop)
    o.net.shape = *d3::parse_topology_kind(shape);
    if (o.net.shape == d3::topology_kind::d3 && app.count("--arrangement") != 0)
        return refuse("--arrangement needs --topology mdf");
    if (!traffic.traffic.empty() && !o.subnetworks.empty())
        return refuse("--subnetwork runs a --primitive, not --traffic");
    if (auto bytes = d3::parse_bytes(wave_limit))
        o.wave_opts.limit = *bytes;
    else
        return refuse("--wave-limit must be a size such as 256M or 2G (got '" + wave_limit + "')");
    if (!traffic.traffic.empty()) {  // synthetic traffic (d3sim/traffic_cli) instead of a primitive
        o.net.router.arb = *d3::parse_arbitration(arb);
        d3::traffic_run_options t = d3::make_traffic_run(traffic, o.net, o.seed);
        t.trace = o.trace;
        t.wave = o.wave;
        t.wave_opts = o.wave_opts;
        if (auto err = t.validate()) return refuse(*err);
        const d3::topology topo = d3::make_topology(t.net);
        const d3::memory_estimate est = d3::estimate_run(t, topo);
        if (auto err = d3::over_budget(est, budget.budget)) return refuse(*err);
        if (check_only) return check_passed(est, budget.budget, quiet, json, t.wave_warning(topo));
        d3::install_report_handler();
        return d3::run_traffic(t, json, quiet, est.total_mib(), gates, config);
    }
    if (!parse_coord(source, o.source))
        return refuse("--source must be c,d,p (got '" + source + "')");
    o.schedule = *d3::parse_schedule_kind(schedule);
    o.reply = *d3::parse_turnaround(turnaround);
    o.destination_headers = headers == "destination";
    o.protocol = protocol == "paper"             ? 0
                 : protocol == "doubly-parallel" ? d3::kDoublyParallel
                                                 : std::stoi(protocol);
    if (app.count("--count") == 0)
        o.count = o.primitive == "matrix-product" ? o.net.m : 1;  // X of M rows: X A is M x KM
    else if (!parse_count(count, o.count))
        return refuse("--count must be a whole number between 1 and " +
                      std::to_string(d3::kMaxBroadcastCount) + " (got '" + count + "')");
    o.net.router.arb = *d3::parse_arbitration(arb);
    // --progress gives 1, --no-progress -1; absent, CLI11 2.1 leaves 0 (not the initial -1).
    o.progress = app.count("--progress") == 0 ? isatty(STDERR_FILENO) != 0 : progress > 0;
    if (o.net.router.packet_length != 1)
        return refuse(
            "--packet-length needs --traffic: the primitives are the paper's "
            "schedules of one-unit packets, one per link and step");
    if (auto err = o.validate()) return refuse(*err);
#if !D3_WITH_VERILATOR
    if (o.decoder != d3::to_string(d3::decoder_kind::cpp))
        return refuse("--decoder " + o.decoder + " needs a build with -DD3_WITH_VERILATOR=ON");
#endif

    // The workload first (cheap: schedules, not packets), so that its volume is in the estimate
    // and a run too large for --max-memory is refused before anything is elaborated.
    const d3::topology topo = d3::make_topology(o.net);  // D3, or MDF with its wiring
    std::unique_ptr<d3::workload> work = d3::make_workload(o, topo);
    const d3::memory_estimate est = d3::estimate_run(o, topo, *work);
    if (auto err = d3::over_budget(est, budget.budget)) return refuse(*err);
    if (check_only)
        return check_passed(est, budget.budget, quiet, json, o.wave_warning(topo, *work));

    d3::install_report_handler();
    d3::run_result res;
    nlohmann::json details = nlohmann::json::object(), partitions, background;
    // The design is never destroyed: d3sim ends with d3::end_process once the results are out.
    d3::testbench* tb = nullptr;
    std::string error;
    const bool ran = d3::run_reporting_errors(
        [&] {
            tb = new d3::testbench("tb", o, make_decoders(o), std::move(work));
            res = tb->run();
            res.estimated_memory_mib = est.total_mib();
            details = tb->work().details();
            partitions = tb->partitions();
            background = tb->background();
        },
        &error);
    if (!ran) {
        // The waveform and the packet log up to the error: what led to it (a lockstep mismatch).
        std::uint64_t step = 0;
        if (tb) {
            step = tb->finish_outputs_after_error();
            if (!tb->trace_error().empty())
                std::fprintf(stderr, "d3sim: error: %s\n", tb->trace_error().c_str());
            if (!o.wave.empty() && tb->trace_error().empty() && !quiet)
                std::cerr << "  waveform up to the error: " << o.wave << "\n";
        }
        if (!json.empty())
            d3::write_json(d3::error_result(error, tb ? &step : nullptr, config), json);
        d3::end_process(1);
    }
    if (!tb->trace_error().empty()) {
        std::fprintf(stderr, "d3sim: error: %s\n", tb->trace_error().c_str());
        d3::end_process(2);
    }

    const bool json_stdout = json == "-";
    if (!quiet) (json_stdout ? std::cerr : std::cout) << d3::to_table(res) << std::flush;
    if (!quiet && !background.is_null())
        (json_stdout ? std::cerr : std::cout) << d3::background_text(background) << std::flush;
    if (!quiet && !partitions.is_null())
        (json_stdout ? std::cerr : std::cout) << d3::partition_table(partitions) << std::flush;
    if (!o.trace.path.empty() && !quiet)
        std::cerr << "  packet log: " << o.trace.path << ", " << tb->trace_lines() << " events\n";
    if (!o.wave.empty() && !quiet)
        std::cerr << "  " << d3::wave_trace::summary_line(o.wave) << "\n";
    const d3::gate_verdict verdict = d3::apply_gates(gates, res, nullptr);
    if (res.correct) d3::print_gate_failures(verdict);
    if (!json.empty()) {
        nlohmann::json j = d3::to_json(res, o.net.k);
        j["details"] = details;  // the primitive's own figures (paper)
        j["count"] = o.count;
        if (!partitions.is_null()) j.update(partitions);  // partitions, boundary_crossings
        if (o.service_class || o.background)
            j["service"] = d3::to_string(o.service_class.value_or(d3::service::privileged));
        if (!background.is_null()) j["background"] = background;
        j["config"] = config;
        j["config"]["resolved"] = d3::resolved_config(tb->net().config());
        if (gates.any()) j["gates"] = d3::gates_json(gates, verdict);
        if (!d3::write_json(j, json)) d3::end_process(2);
    }
    d3::end_process(d3::exit_code(res, verdict));
}

}  // namespace
}  // namespace d3

// Nothing escapes as a crash: an exception that leaves the checks (std::bad_alloc while a
// workload for a huge network is built, say) becomes one line and an exit code.
int sc_main(int argc, char** argv) {
    d3::install_memory_reserve(256u << 20);  // for the unwinding after a bad_alloc (see there)
    try {
        return d3::d3sim_main(argc, argv);
    } catch (const std::bad_alloc&) {
        return d3::fail_input("not enough memory to set up this run (std::bad_alloc)");
    } catch (const std::exception& e) {
        std::fprintf(stderr, "d3sim: error: %s\n", d3::printable(e.what()).c_str());
    } catch (...) {
        std::fprintf(stderr, "d3sim: error: unknown exception\n");
    }
    return 1;
}
