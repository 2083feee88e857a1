#include "d3sim/power_cli.h"

#include <cstdio>
#include <stdexcept>

#include "cli/output_file.h"
#include "energy/power_report.h"
#include "tb/activity_report.h"

namespace d3 {

void add_power_options(CLI::App& app, power_options& p) {
    const char* g = "Power";  // docs/energy.md (a short name: no allocation)
    app.add_option("--power", p.tech,
                   "a technology file (tech/booksim2-32nm.yaml): power and area per router and "
                   "link from the run's activity (BookSim2's model)")
        ->group(g);
    app.add_option("--clock-ghz", p.clock_ghz, "--power: the clock (default: 20 FO4)")->group(g);
    app.add_option("--flit-bits", p.flit_bits, "--power: the flit's width (128)")->group(g);
    app.add_option("--link-mm", p.link_mm,
                   "--power: LOCAL,GLOBAL,TERMINAL link lengths (default: latency x the wire per "
                   "cycle)")
        ->delimiter(',')
        ->group(g);
    app.add_option("--power-out", p.out,
                   "--power: PREFIX.csv per router, PREFIX.svg map (d3sim-power)")
        ->group(g);
}

std::optional<std::string> check_power_options(const power_options& p) {
    if (auto err = p.validate()) return err;
    if (!p.on()) return std::nullopt;
    std::string error;
    if (!read_tech_file(p.tech, error)) return error;
    for (const std::string& path : {p.csv(), p.map()})
        if (auto err = check_writable(path)) return "--power-out: " + *err;
    return check_distinct({{"--power-out", p.csv()}, {"--power-out", p.map()}},
                          {{"--power", p.tech}});
}

namespace {

power_setup setup_of(const network_config& c, const tech_params& t) {
    const power_options& o = c.power;
    const router_params r = c.resolved().router;
    power_setup s;
    s.clock_hz = o.clock_ghz * 1e9;
    s.flit_bits = o.flit_bits;
    s.buffer_flits = r.channels() * r.buffer_depth;
    const auto mm = [&](double given, int latency) {
        return given > 0 ? given : latency * t.wire_mm_per_cycle;
    };
    s.local_mm = mm(o.given_mm(0), r.local_latency);
    s.global_mm = mm(o.given_mm(1), r.global_latency);
    s.terminal_mm = mm(o.given_mm(2), 1);
    return s;
}

bool write(const std::string& path, const std::string& text) {
    const auto err = write_file(path, text);
    if (err) std::fprintf(stderr, "d3sim: error: %s\n", err->c_str());
    return !err;
}

}  // namespace

bool report_activity(const mode_context& m, const network& net, run_result& res) {
    const power_options& o = net.config().power;
    if (m.json.empty() && !o.on()) return true;
    const network_activity a = gather_activity(net);
    res.activity = a.to_json();
    if (!o.on()) return true;
    std::string error;
    const auto tech = read_tech_file(o.tech, error);
    if (!tech) {
        std::fprintf(stderr, "d3sim: error: %s\n", error.c_str());
        return false;
    }
    power_run p;
    try {
        p = model_power(*tech, setup_of(net.config(), *tech), a);
    } catch (const std::invalid_argument& e) {  // a link no repeated wire can cross in a clock
        std::fprintf(stderr, "d3sim: error: --power: %s\n", e.what());
        return false;
    }
    res.power = power_json(p);
    res.power["csv"] = o.csv();
    res.power["map"] = o.map();
    if (!m.quiet)
        std::fprintf(m.json == "-" ? stderr : stdout, "  %s\n  routers' power: %s, map %s\n",
                     power_line(p).c_str(), o.csv().c_str(), o.map().c_str());
    return write(o.csv(), power_csv(net.topo(), p, a)) &&
           write(o.map(), power_map_svg(net.topo(), p));
}

}  // namespace d3
