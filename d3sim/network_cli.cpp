#include "d3sim/network_cli.h"

#include <algorithm>
#include <stdexcept>
#include "cli/did_you_mean.h"
#include "cli/option_limits.h"

#include "core/network/packet_sizes.h"
#include "core/network/topology.h"

namespace d3 {

namespace {

// --topology's value: a kind's name, or file:PATH (a network given as a file).
constexpr const char* kFilePrefix = "file:";

bool names_a_file(const std::string& shape) {
    return shape.rfind(kFilePrefix, 0) == 0;
}

// The networks built in memory from the spec options (network_spec.h) and simulated as file
// networks.
const std::vector<std::string> kBuiltKinds{"rsn", "hdn", "hamming"};

bool names_a_built_network(const std::string& shape) {
    return std::find(kBuiltKinds.begin(), kBuiltKinds.end(), shape) != kBuiltKinds.end();
}

// Each spec option and the networks that read it.
struct spec_option {
    const char* name;
    std::vector<std::string> kinds;
};
const std::vector<spec_option> kSpecOptions{{"--levels", {"rsn", "hdn"}},  {"--nucleus", {"rsn"}},
                                            {"--diameter-links", {"rsn"}}, {"--base", {"hdn"}},
                                            {"--supernodes", {"hdn"}},     {"--dims", {"hamming"}},
                                            {"--trunking", {"hamming"}}};

CLI::Validator topology_value() {
    // `file` alone names no file: the choices shown are d3, mdf, rsn, hdn, hamming and file:PATH.
    const CLI::Validator kinds = d3::member_of(std::vector<std::string>{
        to_string(topology_kind::d3), to_string(topology_kind::mdf), "file:PATH"});
    return CLI::Validator(
        [kinds](std::string& value) {
            return names_a_file(value) || names_a_built_network(value) ? std::string()
                                                                       : kinds(value);
        },
        "d3|mdf|rsn|hdn|hamming|file:PATH", "topology");
}

// What a file network takes from its file and refuses on the command line (the options that
// name (c,d,p) coordinates or set what the file gives).
std::optional<std::string> check_file_options(const CLI::App& app) {
    for (const char* o : {"--k", "--m", "--arrangement", "--local-latency", "--global-latency",
                          "--fail-links", "--fail-routers"})
        if (app.count(o) != 0)
            return std::string("--topology file: takes no ") + o +
                   " (the file gives the routers, ports and latencies; failures name (c,d,p))";
    return std::nullopt;
}

// The same for a network built from the spec options: its links take --global-latency.
std::optional<std::string> check_built_options(const CLI::App& app, const std::string& kind) {
    for (const char* o : {"--k", "--m", "--arrangement", "--local-latency", "--fail-links",
                          "--fail-routers", "--trace-routers"})
        if (app.count(o) != 0)
            return "--topology " + kind + " takes no " + o +
                   " (the spec options give its routers and ports, --global-latency its links' "
                   "latency; failures name (c,d,p))";
    return std::nullopt;
}

}  // namespace

bool may_name_a_built_network(const std::vector<std::string>& args) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--config" || a.rfind("--config=", 0) == 0 || a == "--help" || a == "-h")
            return true;
        for (const spec_option& o : kSpecOptions)
            if (a == o.name || a.rfind(std::string(o.name) + "=", 0) == 0) return true;
        const std::string value = a == "--topology" && i + 1 < args.size() ? args[i + 1]
                                  : a.rfind("--topology=", 0) == 0         ? a.substr(11)
                                                                           : std::string();
        if (names_a_built_network(value)) return true;
    }
    return false;
}

void add_network_spec_options(CLI::App& app, network_spec& s) {
    app.add_option("--levels", s.levels, "rsn: levels l; hdn: levels k (docs/networks.md)")
        ->check(whole_number_in(kNetworkLevelsRange));
    app.add_option("--nucleus", s.nucleus, "rsn: complete:N, hypercube:n or mesh:AxB");
    app.add_flag("--diameter-links", s.diameter_links, "rsn: join the leaders (section 2.1)");
    app.add_option("--base", s.base, "hdn: torus:AxB[xC] or hypercube:n");
    app.add_option("--supernodes", s.super_nodes,
                   "hdn: per level the super-node's base factors, e.g. '-;0,1' (- for one node)");
    app.add_option("--dims", s.dims, "hamming: a,b[,c]");
    app.add_option("--trunking", s.trunking, "hamming: links between two neighbours")
        ->check(whole_number_in(kTrunkingRange))
        ->capture_default_str();
}

std::optional<std::string> check_network_spec_options(const CLI::App& app,
                                                      const std::string& topology) {
    for (const spec_option& o : kSpecOptions) {
        const CLI::Option* given = app.get_option_no_throw(o.name);  // registered when wanted
        if (given == nullptr || given->count() == 0) continue;
        if (std::find(o.kinds.begin(), o.kinds.end(), topology) != o.kinds.end()) continue;
        std::string kinds;
        for (const std::string& k : o.kinds) kinds += (kinds.empty() ? "" : " or ") + k;
        return std::string(o.name) + " needs --topology " + kinds + " (got " + topology + ")";
    }
    return std::nullopt;
}

void add_network_options(CLI::App& app, network_config& net, network_cli& c) {
    app.add_option("--k", net.k, "cabinets K (>= 1)")->capture_default_str();
    app.add_option("--m", net.m, "drawers per cabinet and routers per drawer M (>= 2)")
        ->capture_default_str();
    app.add_option(
           "--topology", c.shape,
           "d3: the Swapped Dragonfly D3(K,M); mdf: the maximal dragonfly MDF(K,M) of "
           "section 11 (K*M+1 groups of M routers, same routers; --traffic, and the primitives "
           "all-to-all and broadcast); rsn, hdn, hamming: the swapped network, the "
           "hierarchical dual-net, the Hamming graph of the spec options (--levels ... "
           "--trunking), run as a network file; file:PATH: a network given as a file "
           "(docs/networks.md; --traffic or --trace)")
        ->check(topology_value())
        ->capture_default_str();
    app.add_option("--arrangement", net.arrangement,
                   "mdf: global links palmtree, consecutive, or a wiring file (one link per line: "
                   "group router port group router port)")
        ->capture_default_str();
    app.add_option("--fail-links", net.fail_links,
                   "cables out of service for the whole run, random:N (drawn with "
                   "--seed), fraction:X or a file of 'c d p g A' / 'c d p l X' lines; routing "
                   "goes around them; SPEC@T: they fail at step T, and the packets on them are "
                   "lost (exit code 7; docs/resilience.md)");
    app.add_option("--fail-routers", net.fail_routers,
                   "routers out of service for the whole run, random:N (drawn with "
                   "--seed), fraction:X or a file of 'c d p' lines: their cables fail, their "
                   "nodes send nothing, packets to them are unreachable; SPEC@T: they fail at "
                   "step T (docs/resilience.md)");
}

void add_router_options(CLI::App& app, network_config& net, network_cli& c) {
    auto& r = net.router;
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
    add_pipeline_options(app, c.pipeline);
    app.add_option("--local-latency", r.local_latency, "cycles on a local link")
        ->capture_default_str();
    app.add_option("--global-latency", r.global_latency, "cycles on a global link")
        ->capture_default_str();
    app.add_option("--arbitration", c.arb, "output arbitration")
        ->check(d3::member_of(d3::kArbitrationNames))
        ->capture_default_str();
    add_design_options(app, c.design, r.design);
    app.add_option(
           "--unit-impl", c.unit_impl,
           "UNIT=cpp|rtl|lockstep, repeatable: run a router unit as its C++ model, as its "
           "Verilated RTL, or both, stopping at the first difference (UNIT: "
           "decoder (as --decoder), switch_allocator, replicator, hold_stage; docs/rtl-units.md)")
        ->type_size(1)
        ->allow_extra_args(false);
    app.add_option_function<std::string>(
           "--threads",
           [&net](const std::string& v) {
               const std::string error = d3::parse_threads(v, net.threads);
               if (!error.empty()) throw CLI::ValidationError(error);
           },
           "threads that step the routers of a cycle, or auto (the cores available); any count "
           "gives the results of one thread (default 1). Not faster yet: the writes between "
           "routers are replayed on one thread (docs/architecture.md, Threads)")
        ->type_name("N|auto");
    app.add_option("--watchdog", net.watchdog,
                   "steps without progress before a run is declared deadlocked (0: automatic)")
        ->capture_default_str();
}

void add_flow_control_options(CLI::App& app, router_params& r) {
    app.add_option("--vcs", r.vcs,
                   "virtual channels per link input, one per sync counter b on arrival (0: 1 for "
                   "the primitives, 5 for --traffic)")
        ->capture_default_str();
    app.add_option("--packet-length", r.packet_length,
                   "flits per packet, virtual cut-through (--traffic; 1: the paper's one-unit "
                   "packets; docs/multi-flit.md)")
        ->capture_default_str();
    app.add_option("--packet-sizes", r.packet_sizes,
                   "packets of several sizes, SIZE:SHARE,... in flits (--traffic; e.g. "
                   "1:0.5,8:0.5, as BookSim2's packet_size and packet_size_rate; the largest is "
                   "the packet length; docs/multi-flit.md)");
}

// --packet-sizes: the packet length is the largest size (given alone, or agreeing with it).
std::optional<std::string> apply_packet_sizes(const CLI::App& app, router_params& r) {
    if (r.packet_sizes.empty()) return std::nullopt;
    auto sizes = packet_sizes::parse(r.packet_sizes);
    if (auto* e = std::get_if<std::string>(&sizes)) return *e;
    const int largest = std::get<packet_sizes>(sizes).largest();
    if (app.count("--packet-length") != 0 && r.packet_length != largest)
        return "--packet-sizes " + r.packet_sizes + " and --packet-length " +
               std::to_string(r.packet_length) + " disagree: the packet length is the largest size";
    r.packet_length = largest;
    return std::nullopt;
}

std::optional<std::string> apply_unit_impl(const std::string& given, router_params& r) {
    const std::size_t eq = given.find('=');
    const std::string unit = given.substr(0, eq);
    if (eq == std::string::npos)
        return "--unit-impl " + given + ": give UNIT=IMPL, e.g. switch_allocator=rtl";
    const std::string value = given.substr(eq + 1);
    const std::size_t colon = value.find(':');  // IMPL:MODULE, an RTL module of the unit's ports
    const std::string impl = value.substr(0, colon);
    const std::string module = colon == std::string::npos ? "" : value.substr(colon + 1);
    if (unit == "decoder") return std::nullopt;  // --decoder's value (d3sim/main.cpp)
    if (!parse_as<rtl_unit>(unit))
        return "--unit-impl " + given + ": unknown unit " + unit + " (known: decoder, " +
               names_text(kRtlUnitNames) + ")";
    const std::optional<d3::unit_impl> i = parse_as<d3::unit_impl>(impl);
    if (!i)
        return "--unit-impl " + given + ": unknown implementation " + impl +
               " (known: " + names_text(kUnitImplNames) + ")";
    if (colon != std::string::npos && (*i == unit_impl::cpp || module.empty()))
        return "--unit-impl " + given + ": only rtl:MODULE or lockstep:MODULE names an RTL module";
    switch (*parse_as<rtl_unit>(unit)) {
        case rtl_unit::switch_allocator:
            r.switch_allocator_impl = *i;
            r.switch_allocator_module = module;
            break;
        case rtl_unit::replicator:
            r.replicator_impl = *i;
            r.replicator_module = module;
            break;
        case rtl_unit::hold_stage:
            r.hold_stage_impl = *i;
            r.hold_stage_module = module;
            break;
    }
    return std::nullopt;
}

std::optional<std::string> apply_network_options(const CLI::App& app, const network_cli& c,
                                                 network_config& net) {
    if (c.spec_options)  // registered (may_name_a_built_network)
        if (auto err = check_network_spec_options(app, c.shape)) return err;
    if (names_a_built_network(c.shape)) {
        if (auto err = check_built_options(app, c.shape)) return err;
        network_spec spec = c.spec;
        spec.topology = c.shape;
        try {
            use_built_network(net, spec);
        } catch (const std::invalid_argument& e) {
            return "--topology " + c.shape + ": " + e.what();
        }
    } else if (names_a_file(c.shape)) {
        if (auto err = check_file_options(app)) return err;
        try {
            use_network_file(net, c.shape.substr(std::string(kFilePrefix).size()));
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
    } else {
        net.shape = *parse_as<topology_kind>(c.shape);
        if (net.shape == topology_kind::file)
            return std::string("--topology file needs a path: file:PATH");
    }
    net.router.arb = *parse_as<arbitration>(c.arb);
    apply_design_options(c.design, net.router.design);
    for (const std::string& u : c.unit_impl)
        if (auto err = apply_unit_impl(u, net.router)) return err;
    if (auto err = apply_packet_sizes(app, net.router)) return err;
    if (net.shape == topology_kind::d3 && app.count("--arrangement") != 0)
        return "--arrangement needs --topology mdf";
    return std::nullopt;
}

}  // namespace d3
