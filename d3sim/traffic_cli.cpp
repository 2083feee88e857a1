#include "d3sim/traffic_cli.h"

#include "cli/did_you_mean.h"
#include "cli/option_limits.h"
#include "core/decoding/decoder_kind.h"
#include "core/traffic/injection.h"
#include "core/traffic/pattern.h"
#include "core/traffic/routing.h"

namespace d3 {

namespace {
// --hotspot NODES:FRACTION: digits and commas, a colon, a fraction in [0, 1] (the ids are checked
// against the network later, core/traffic/pattern.h parse_hotspots).
CLI::Validator hotspot_spec() {
    return CLI::Validator(
        [](std::string& s) -> std::string {
            const std::size_t colon = s.rfind(':');
            const std::string nodes = s.substr(0, colon), fraction = s.substr(colon + 1);
            const bool ok_nodes = colon != std::string::npos && !nodes.empty() &&
                                  nodes.find_first_not_of("0123456789,") == std::string::npos;
            const bool ok_fraction = colon != std::string::npos && decimal_number(fraction) &&
                                     std::stod(fraction) >= 0 && std::stod(fraction) <= 1;
            if (ok_nodes && ok_fraction) return {};
            return "must be NODES:FRACTION, router ids separated by commas and a fraction in "
                   "[0, 1] (got '" +
                   printable(s) + "')";
        },
        "NODES:FRACTION");
}
}  // namespace

void add_traffic_options(CLI::App& app, traffic_cli& t) {
    const std::string g = "Synthetic traffic";
    app.add_option(
           "--traffic", t.traffic,
           "open-loop synthetic traffic instead of a primitive: uniform, permutation, "
           "drawer-to-drawer, hotspot, transpose; BookSim2's bitcomp, bitrev, shuffle "
           "(router ids, a power of two routers), tornado, neighbor (per coordinate), "
           "randperm; shift (router id r to r + S, --shift S); worst-case (a file network's "
           "worst permutation for its minimal tables)")
        ->check(member_of(kTrafficPatternNames))
        ->group(g);
    app.add_option("--rate", t.rate,
                   "flits created per terminal per step, in (0, 1] (packets of "
                   "--packet-length flits)")
        ->check(real_number("(0, 1]", "flits per terminal per step"))
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
    app.add_option("--measure", t.measure,
                   "steps whose created packets are measured, or auto: MSER-5 finds the warm-up "
                   "and the run measures until its latency's 95 % interval is within 1 % (at "
                   "most 5000 steps)")
        ->check(whole_number_in_or(kMeasureRange, "auto"))
        ->capture_default_str()
        ->group(g);
    app.add_option("--drain-limit", t.drain_limit,
                   "steps after measurement during which creation goes on while measured packets "
                   "are still in flight")
        ->capture_default_str()
        ->group(g);
    app.add_option("--injection", t.injection,
                   "bernoulli, or on-off: BookSim2's bursty process (each terminal on or off, "
                   "--burst-alpha off->on, --burst-beta on->off per step)")
        ->check(member_of(kInjectionKindNames))
        ->capture_default_str()
        ->group(g);
    app.add_option("--burst-alpha", t.burst_alpha,
                   "on-off: probability per step that an off terminal turns on")
        ->check(real_number("(0, 1]"))
        ->capture_default_str()
        ->group(g);
    app.add_option("--burst-beta", t.burst_beta,
                   "on-off: probability per step that an on terminal turns off (bursts of 1/beta "
                   "steps on average)")
        ->check(real_number("(0, 1]"))
        ->capture_default_str()
        ->group(g);
    app.add_option("--hotspot", t.hotspot,
                   "hotspot: NODES:FRACTION, a share FRACTION of packets sent to the router ids "
                   "NODES (e.g. 0,17:0.2), one of them drawn uniformly; else uniform")
        ->check(hotspot_spec())
        ->group(g);
    app.add_option("--hotspot-fraction", t.hotspot_fraction,
                   "hotspot: share of packets sent to router (0,0,0)")
        ->check(real_number("[0, 1]"))
        ->capture_default_str()
        ->group(g);
    app.add_option("--shift", t.shift,
                   "shift: router id r sends to r + S mod N (on a built network, S = a nucleus's, "
                   "row's or super-node's routers: each whole to the next)")
        ->capture_default_str()
        ->group(g);
    app.add_flag("--request-reply", t.request_reply,
                 "answer every delivered request with a reply to its source (requests in the "
                 "standard service class, replies in the privileged one); reports the round trip")
        ->group(g);
    app.add_option("--ugal-threshold", t.ugal_threshold,
                   "ugal: deflect only when 5 x deflected queue + T < 3 x minimal queue (rule "
                   "global), or when minimal queue > 2 x deflected queue + T (rule local)")
        ->capture_default_str()
        ->group(g);
    app.add_option("--ugal-rule", t.ugal_rule,
                   "ugal: global (UGAL-G, the queues of both routes' first two hops in the "
                   "drawer) or local (UGAL-L, the source router's first output of each, as "
                   "BookSim2's dragonfly)")
        ->check(member_of(kUgalRuleNames))
        ->capture_default_str()
        ->group(g);
    app.add_option("--ugal-valiant", t.ugal_valiant,
                   "ugal: the non-minimal route: group (the paper's b=5 deflection, random D and "
                   "C) or router (MDF, rule local: BookSim2's, a via header through a random "
                   "router)")
        ->check(member_of(kUgalValiantNames))
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
          "--ugal-threshold", "--ugal-rule", "--ugal-valiant", "--link-stats", "--concentration",
          "--injection", "--burst-alpha", "--burst-beta", "--hotspot", "--request-reply"})
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
    if (t.traffic != to_string(traffic_pattern::hotspot) && app.count("--hotspot") != 0)
        return "--hotspot needs --traffic hotspot (the " + t.traffic + " pattern does not read it)";
    if (app.count("--hotspot") != 0 && app.count("--hotspot-fraction") != 0)
        return "--hotspot gives the fraction already (NODES:FRACTION): drop --hotspot-fraction";
    if (t.traffic != to_string(traffic_pattern::hotspot) && app.count("--hotspot-fraction") != 0)
        return "--hotspot-fraction needs --traffic hotspot (the " + t.traffic +
               " pattern does not read it)";
    if (t.traffic != to_string(traffic_pattern::shift) && app.count("--shift") != 0)
        return "--shift needs --traffic shift (the " + t.traffic + " pattern does not read it)";
    if (t.routing != to_string(routing_kind::ugal) && app.count("--ugal-threshold") != 0)
        return "--ugal-threshold needs --routing ugal (" + t.routing + " routing does not read it)";
    if (t.routing != to_string(routing_kind::ugal) && app.count("--ugal-rule") != 0)
        return "--ugal-rule needs --routing ugal (" + t.routing + " routing does not read it)";
    if (t.routing != to_string(routing_kind::ugal) && app.count("--ugal-valiant") != 0)
        return "--ugal-valiant needs --routing ugal (" + t.routing + " routing does not read it)";
    for (const char* burst : {"--burst-alpha", "--burst-beta"})
        if (t.injection != to_string(injection_kind::on_off) && app.count(burst) != 0)
            return std::string(burst) + " needs --injection on-off (" + t.injection +
                   " injection does not read it)";
    return std::nullopt;
}

traffic_run_options make_traffic_run(const traffic_cli& t, const run_options& r) {
    traffic_run_options o;
    o.net = r.net;
    o.traffic.pattern = *parse_as<traffic_pattern>(t.traffic);
    o.traffic.routing = *parse_as<routing_kind>(t.routing);
    o.traffic.rate = t.rate;
    o.traffic.warmup = t.warmup;
    o.traffic.measure_auto = t.measure == "auto";
    o.traffic.measure = o.traffic.measure_auto ? kAutoMeasureSteps : std::stoi(t.measure);
    o.traffic.drain_limit = t.drain_limit;
    o.traffic.hotspot_fraction = t.hotspot_fraction;
    if (const std::size_t colon = t.hotspot.rfind(':'); colon != std::string::npos) {
        o.traffic.hotspot_nodes = t.hotspot.substr(0, colon);
        o.traffic.hotspot_fraction = std::stod(t.hotspot.substr(colon + 1));
    }
    o.traffic.shift = t.shift;
    o.traffic.injection = *parse_as<injection_kind>(t.injection);
    o.traffic.burst_alpha = t.burst_alpha;
    o.traffic.burst_beta = t.burst_beta;
    o.traffic.request_reply = t.request_reply;
    o.traffic.ugal_threshold = t.ugal_threshold;
    o.traffic.ugal = *parse_as<ugal_rule>(t.ugal_rule);
    o.traffic.valiant = *parse_as<ugal_valiant>(t.ugal_valiant);
    o.traffic.concentration = t.concentration;
    if (o.net.is_built()) {  // --topology rsn|hdn|hamming: a terminal per --concentration
        o.net.built_terminals = t.concentration;
        if (o.net.router.injection_width == 0) o.net.router.injection_width = t.concentration;
    }
    o.traffic.seed = r.seed;
    o.traffic.packet_length = r.net.router.packet_length;
    o.traffic.packet_sizes = r.net.router.packet_sizes;
    o.link_stats = t.link_stats;
    o.trace = r.trace;
    o.wave = r.wave;
    o.wave_opts = r.wave_opts;
    o.progress = r.progress;
    return o;
}

}  // namespace d3
