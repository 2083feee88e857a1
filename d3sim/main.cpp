// d3sim: run a communication primitive on D3(K,M) and report rounds, delays, steps, hops,
// conflicts and whether every message arrived exactly once.
// Exit codes: 0 correct, 1 the run violated a check or the model reported an error, 2 bad input,
// 3 to 6 a correct run that failed a CI gate (cli/gates.h, cli/baseline.h).
// This file reads the command line (the options of each group declared in d3sim/*_cli) and runs
// one of the two modes, d3sim/primitive_mode or d3sim/traffic_mode.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <new>
#include <optional>
#include <systemc>

#include "cli/did_you_mean.h"
#include "cli/gates.h"
#include "cli/option_limits.h"
#include "cli/output_file.h"
#include "config/config_file.h"
#include "core/decoding/decoder_kind.h"
#include "core/network/link_faults.h"
#include "d3sim/memory_reserve.h"
#include "d3sim/network_cli.h"
#include "d3sim/network_mode.h"
#include "d3sim/power_cli.h"
#include "d3sim/primitive_cli.h"
#include "d3sim/primitive_mode.h"
#include "d3sim/replay_cli.h"
#include "d3sim/replay_mode.h"
#include "d3sim/resilience_mode.h"
#include "d3sim/service_cli.h"
#include "d3sim/trace_cli.h"
#include "d3sim/traffic_cli.h"
#include "d3sim/traffic_mode.h"
#include "study/job_run.h"
#include "study/sweep.h"
#include "study/validate.h"
#include "tb/memory_limit.h"
#if D3_WITH_VERILATOR
#include "rtl/decoder_select.h"
#include "rtl/rtl_arbiters.h"
#include "rtl/unit_modules.h"
#endif

namespace d3 {
namespace {

// SystemC prints its banner to stdout before sc_main() unless this variable is set, and stdout may
// carry JSON. Static initialisation runs before the library's main().
const bool kBannerOff = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0) == 0;

int fail_input(const std::string& msg) {
    std::fprintf(stderr, "d3sim: error: %s\n", d3::printable(msg).c_str());
    return 2;
}

// The routers' decoders for --decoder (empty: the C++ reference).
d3::decoder_factory make_decoders(const d3::run_options& o) {
#if D3_WITH_VERILATOR
    return d3::make_decoder_factory(*d3::parse_as<d3::decoder_kind>(o.decoder),
                                    d3::make_topology(o.net), d3::make_rtl_engine);
#else
    (void)o;
    return {};
#endif
}

// This executable's decoders: main.cpp is compiled for d3sim and for tests/cosim's d3sim_fault.
decoder_choice decoders() {
#if D3_WITH_VERILATOR
    return {true, make_decoders};
#else
    return {false, make_decoders};
#endif
}

// Every option of the command line, both modes', where CLI11 sets it.
struct d3sim_cli {
    run_options o;
    network_cli net;
    primitive_cli primitive;
    traffic_cli traffic;
    service_cli service;
    trace_cli trace;
    replay_cli replay;
    run_gates gates;
    std::string json, junit, wave_limit = "256M", max_memory, config_file;
    bool quiet = false, dump_config = false, check_only = false;
    int progress = -1;

    bool traffic_mode() const { return !traffic.traffic.empty(); }
    /// --trace FILE or --workload NAME: a trace replay (d3sim/replay_mode).
    bool trace_mode() const { return replay.any(); }
    /// Which run the options select, as the configuration's keys know it.
    config_mode run_mode() const {
        return !replay.collective.collective.empty() ? config_mode::collective
               : trace_mode()                        ? config_mode::trace
               : traffic_mode()                      ? config_mode::traffic
                                                     : config_mode::primitive;
    }
};

// --config, --dump-config, --check and --version.
void add_config_options(CLI::App& app, d3sim_cli& c) {
    app.add_option("--config", c.config_file,
                   "read options from a YAML FILE (configs/), or rerun a result JSON (its "
                   "`config`); options given on the command line override the file");
    app.add_flag("--dump-config", c.dump_config,
                 "print the effective configuration as YAML (a file for --config) and exit");
    app.add_flag("--check", c.check_only,
                 "make every check of a run (options, output files, memory estimate) and exit "
                 "without running: 0 and the memory estimate when the run would start, 2 and "
                 "the reason otherwise");
    app.set_version_flag("--version", d3::model_version(),
                         "print the model version (a result's config.version) and exit");
}

// Every option, in the order --help lists them; the spec options of --topology rsn|hdn|hamming
// only when the command line `given` may use them (may_name_a_built_network).
void add_options(CLI::App& app, d3sim_cli& c, const std::vector<std::string>& given) {
    app.footer(
        "Also: d3sim validate [--grid small|full] (every claim of the paper, "
        "docs/paper-validation.md);\n"
        "      d3sim sweep --rates A:B:STEP --traffic ... (latency and throughput curves).\n"
        "      Each takes --help.");
    add_network_options(app, c.o.net, c.net);  // d3sim/network_cli: --k, --m, --topology
    c.net.spec_options = d3::may_name_a_built_network(given);
    if (c.net.spec_options) d3::add_network_spec_options(app, c.net.spec);
    add_primitive_options(app, c.o, c.primitive);  // d3sim/primitive_cli
    app.add_option("--json", c.json, "write the result as one JSON object to FILE (- for stdout)");
    app.add_option("--junit", c.junit,
                   "write the run as a JUnit XML test case to FILE (CI; failed when the run "
                   "is not correct or fails a gate)")
        ->check(d3::a_file_not_stdout());
    add_wave_options(app, c.o.wave, c.o.wave_opts, c.wave_limit);  // d3sim/trace_cli
    app.add_option("--seed", c.o.seed, "random seed (for randomised workloads), 0 to 2^64-1")
        ->check(d3::unsigned_64())
        ->capture_default_str();
    add_router_options(app, c.o.net, c.net);  // d3sim/network_cli, d3sim/pipeline_cli
    app.add_flag("--progress,!--no-progress", c.progress,
                 "progress on stderr (default: when stderr is a terminal)");
    app.add_flag("--quiet,-q", c.quiet, "no human summary");
    add_flow_control_options(app, c.o.net.router);  // d3sim/network_cli: --vcs, --packet-length
    app.add_option("--max-memory", c.max_memory,
                   "refuse a run estimated to need more, and stop one that takes more (e.g. 512M, "
                   "8G; none: no check; default: the available memory, or less under ulimit -v)");
    add_traffic_options(app, c.traffic);    // d3sim/traffic_cli
    add_replay_options(app, c.replay);      // d3sim/replay_cli: --trace, --mapping
    add_service_options(app, c.service);    // d3sim/service_cli: --service, --background
    add_trace_options(app, c.trace);        // d3sim/trace_cli: the packet event log
    add_gate_options(app, c.gates);         // cli/gates: CI gates and their exit codes
    add_decoder_option(app, c.o);           // d3sim/primitive_cli
    add_power_options(app, c.o.net.power);  // d3sim/power_cli: --power and its options
    add_config_options(app, c);
    d3::apply_limits(app, d3::d3sim_ranges());  // cli/option_limits: ranges, no empty values
}

// Parses the command line `given`, after a --config FILE's options (read into `file`), so that the
// command line overrides them. The exit code when this ends the run (help, version, an error).
std::optional<int> parse(CLI::App& app, const std::vector<std::string>& given,
                         d3::config_args& file) {
    if (const auto path = d3::config_path_in(given)) {
        file = d3::read_config_file(*path, app);
        if (!file.error.empty()) return fail_input(file.error);
    }
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
        return fail_input(d3::locate_in_config(d3::parse_error_text(app, e), file, given));
    }
    return std::nullopt;
}

// Why the options given do not fit together or the mode, or nothing; sets the pipeline and the
// service levels in c.o. Checked before --dump-config.
std::optional<std::string> check_usage(CLI::App& app, d3sim_cli& c,
                                       const std::vector<std::string>& given) {
    const bool traffic = c.traffic_mode();
    if (auto err = d3::check_replay_usage(app, c.replay)) return err;
    if (auto err = d3::check_traffic_usage(app, c.traffic)) return err;
    if (traffic)
        if (auto err = d3::check_traffic_option_use(app, c.traffic)) return err;
    if (auto err = d3::check_wave_usage(app)) return err;
    for (const char* option : {"--fail-links", "--fail-routers"}) {
        if (app.count(option) == 0) continue;
        if (c.trace_mode())
            return std::string(option) +
                   " runs --traffic or a --primitive (a trace's routes do not go around failures "
                   "yet)";
    }
    if (!traffic && app.count("--packet-sizes") != 0)
        return "--packet-sizes needs --traffic (a primitive's or trace's messages have their own "
               "sizes)";
    if (app.count("--packet-sizes") != 0 && app.count("--request-reply") != 0)
        return "--packet-sizes cannot be combined with --request-reply yet (requests and replies "
               "have one size each)";
    // A trace replay was refused the primitives' options (check_replay_usage).
    const bool not_primitive = traffic || c.trace_mode();
    if (auto err = check_option_use(given, c.o.primitive, not_primitive)) return err;
    if (auto err = d3::apply_pipeline_options(app, c.net.pipeline, c.o.net.router)) return err;
    if (auto err = d3::apply_service_options(app, c.service, not_primitive, c.o)) return err;
    return d3::check_gate_usage(app, traffic);
}

// Recorded in the JSON result: d3sim --config RESULT.json reruns it (config/config_file); built
// only for one. A byte that is not UTF-8 in a value becomes U+FFFD there: the value's own
// check refuses it later (exit 2), where a throw from the JSON library was exit 1.
nlohmann::json result_config(const CLI::App& app, const d3sim_cli& c) {
    if (c.json.empty() && !c.gates.baseline.any()) return nlohmann::json();
    return nlohmann::json::parse(
        d3::effective_config(app, c.run_mode(), true)
            .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

// --unit-impl decoder=IMPL: the header decoder as --decoder IMPL chooses it (the last one given).
std::optional<std::string> apply_decoder_unit(const CLI::App& app, d3sim_cli& c) {
    for (const std::string& u : c.net.unit_impl) {
        if (u.rfind("decoder=", 0) != 0) continue;
        const std::string impl = u.substr(std::string("decoder=").size());
        if (!d3::parse_as<d3::decoder_kind>(impl))
            return "--unit-impl " + u + ": unknown implementation " + impl +
                   " (known: " + d3::names_text(d3::kDecoderKindNames) + ")";
        if (app.count("--decoder") != 0 && c.o.decoder != impl)
            return "--unit-impl " + u + " and --decoder " + c.o.decoder + " disagree";
        if ((c.traffic_mode() || c.trace_mode()) && impl != d3::to_string(d3::decoder_kind::cpp))
            return "--unit-impl " + u +
                   " runs a --primitive (synthetic traffic and replays use the C++ decoder)";
        c.o.decoder = impl;
    }
    return std::nullopt;
}

// The checks both modes share after --dump-config (output files, the packet log, the memory
// budget, the network); sets what they resolve in c.o and `budget`.
std::optional<std::string> check_run(const CLI::App& app, d3sim_cli& c, memory_budget& budget) {
    if (auto err = apply_decoder_unit(app, c)) return err;
    std::vector<d3::named_file> inputs;  // the files the run reads (an arrangement or
                                         // permutation only when it names a file)
    if (!c.config_file.empty()) inputs.emplace_back("--config", c.config_file);
    std::error_code ec;
    if (std::filesystem::is_regular_file(c.o.net.arrangement, ec))
        inputs.emplace_back("--arrangement", c.o.net.arrangement);
    if (std::filesystem::is_regular_file(c.o.perm, ec)) inputs.emplace_back("--perm", c.o.perm);
    if (c.gates.baseline.any()) inputs.emplace_back("--baseline", c.gates.baseline.path);
    if (!c.replay.trace.empty()) inputs.emplace_back("--trace", c.replay.trace);
    if (c.trace_mode() && std::filesystem::is_regular_file(c.replay.mapping, ec))
        inputs.emplace_back("--mapping", c.replay.mapping);
    std::vector<d3::named_file> more;
    if (!c.junit.empty()) more.emplace_back("--junit", c.junit);
    if (const d3::power_options& p = c.o.net.power; p.on()) {
        if (auto err = d3::check_power_options(p)) return err;
        inputs.emplace_back("--power", p.tech);
        more.emplace_back("--power-out", p.csv());
        more.emplace_back("--power-out", p.map());
    }
    if (auto err = d3::check_outputs(
            c.json, c.o.wave,
            c.o.wave_opts.decoder || c.o.decoder != d3::to_string(d3::decoder_kind::cpp),
            c.traffic.link_stats, c.trace.path, inputs, more))
        return err;
    if (auto err = d3::make_packet_log_options(c.trace, c.o.trace)) return err;
    const d3::memory_budget_or_error b = d3::resolve_memory_budget(c.max_memory);
    if (!b.error.empty()) return b.error;
    budget = b.budget;
    c.o.net.memory_limit_mib = budget.mib;  // the run stops there too (network::memory_stop)
    if (auto err = apply_network_options(app, c.net, c.o.net)) return err;
#if D3_WITH_VERILATOR
    if (const std::string& m = c.o.net.router.switch_allocator_module; !m.empty())
        if (auto err = d3::check_arbiter_module(m, c.o.net.router.switch_allocator_impl))
            return err;
    if (auto err = d3::check_unit_modules(c.o.net.router)) return err;
#else
    if (c.o.net.router.switch_allocator_impl != d3::unit_impl::cpp ||
        c.o.net.router.replicator_impl != d3::unit_impl::cpp ||
        c.o.net.router.hold_stage_impl != d3::unit_impl::cpp)
        return "--unit-impl needs a build with -DD3_WITH_VERILATOR=ON";
#endif
    if (auto err = d3::check_wave_rtl(c.o.wave_opts.rtl_router, c.o.net)) return err;
    if ((c.traffic_mode() || c.trace_mode()) && !c.o.subnetworks.empty())
        return "--subnetwork runs a --primitive, not --traffic";
    if (c.o.net.shape == d3::topology_kind::file && !c.traffic_mode() && !c.trace_mode())
        return "--topology " + c.net.shape +
               " runs --traffic or --trace (the primitives are D3's and MDF's)";
    return apply_wave_limit(c.wave_limit, c.o.wave_opts);
}

// The run's name in a JUnit file: "D3(4,4) all-to-all", "MDF(4,8) traffic uniform".
std::string case_name(const d3sim_cli& c) {
    const bool mdf = c.o.net.shape == d3::topology_kind::mdf;
    const std::string net = c.o.net.is_built() ? d3::make_topology(c.o.net).name()
                            : c.o.net.shape == d3::topology_kind::file
                                ? "file:" + c.o.net.net_file
                                : std::string(mdf ? "MDF(" : "D3(") + std::to_string(c.o.net.k) +
                                      "," + std::to_string(c.o.net.m) + ")";
    return net + " " +
           (!c.replay.collective.collective.empty() ? "workload " + c.replay.collective.collective
            : c.trace_mode()                        ? "trace " + c.replay.trace
            : c.traffic_mode()                      ? "traffic " + c.traffic.traffic
                                                    : c.o.primitive);
}

int d3sim_main(int argc, char** argv) {
    CLI::App app{"d3sim: the Swapped Dragonfly D3(K,M) router model", "d3sim"};
    d3sim_cli c;
    const std::vector<std::string> given(argv + 1, argv + argc);
    add_options(app, c, given);
    d3::config_args file;
    if (const std::optional<int> code = parse(app, given, file)) return *code;
    // From here on a refused value that came from the file is named with its place there.
    const auto refuse = [&](const std::string& why) {
        return fail_input(d3::locate_in_config(why, file, given));
    };
    if (auto err = check_usage(app, c, given)) return refuse(*err);
    if (c.dump_config) {
        std::cout << d3::config_yaml(d3::effective_config(app, c.run_mode(), false));
        return 0;
    }
    // A --config file's warning is printed once every check passed: a refusal stays one line.
    mode_context m{c.json, c.junit, c.quiet,     c.check_only, {}, c.gates, result_config(app, c),
                   refuse, "",      file.warning};
    if (auto err = check_run(app, c, m.budget)) return refuse(*err);
    m.name = case_name(c);  // the topology resolved by check_run
    if (m.gates.baseline.any())
        if (auto err = d3::load_baseline(m.gates.baseline, m.config)) return refuse(*err);
    // --progress gives 1, --no-progress -1; absent, CLI11 2.1 leaves 0 (not the initial -1).
    c.o.progress = app.count("--progress") == 0 ? isatty(STDERR_FILENO) != 0 : c.progress > 0;
    if (c.trace_mode()) return run_replay(make_replay_run(c.replay, c.o), m);
    if (c.traffic_mode()) return run_traffic(make_traffic_run(c.traffic, c.o), m);
    if (auto err = apply_primitive_options(app, c.primitive, c.o)) return refuse(*err);
    return run_primitive(c.o, m, decoders());
}

// The subcommands, or a run.
int run_command(int argc, char** argv) {
    (void)kBannerOff;
    // `d3sim validate ...`: every claim of the paper, each simulated case in its own d3sim process.
    if (argc > 1 && std::string(argv[1]) == "validate") return d3::run_validate(argc - 1, argv + 1);
    // `d3sim sweep ...`: one d3sim --traffic process per offered load, CSV and plot (study/sweep).
    if (argc > 1 && std::string(argv[1]) == "sweep") return d3::run_sweep(argc - 1, argv + 1);
    // `d3sim resilience ...`: pairs connected and routable, and the diameter, as links fail.
    if (argc > 1 && std::string(argv[1]) == "resilience")
        return d3::run_resilience(argc - 1, argv + 1);
    // `d3sim network ...`: the swapped networks, the HDN and Hamming graphs as graphs, files and
    // node programs (docs/networks.md).
    if (argc > 1 && std::string(argv[1]) == "network") return d3::run_network(argc - 1, argv + 1);
    // `d3sim job MANIFEST INDEX`: one job of a sweep or validate study, as every backend runs it.
    if (argc > 1 && std::string(argv[1]) == "job") return d3::run_job_command(argc - 1, argv + 1);
    return d3sim_main(argc, argv);
}

}  // namespace
}  // namespace d3

// Nothing escapes as a crash: an exception that leaves the checks (std::bad_alloc while a
// workload for a huge network is built, say) becomes one line and an exit code.
int sc_main(int argc, char** argv) {
    d3::install_memory_reserve(256u << 20);  // for the unwinding after a bad_alloc (see there)
#if D3_WITH_VERILATOR
    d3::register_rtl_units();  // --unit-impl: the Verilated units this executable links
#endif
    try {
        return d3::run_command(argc, argv);
    } catch (const std::bad_alloc&) {
        return d3::fail_input("not enough memory to set up this run (std::bad_alloc)");
    } catch (const std::exception& e) {
        std::fprintf(stderr, "d3sim: error: %s\n", d3::printable(e.what()).c_str());
    } catch (...) {
        std::fprintf(stderr, "d3sim: error: unknown exception\n");
    }
    return 1;
}
