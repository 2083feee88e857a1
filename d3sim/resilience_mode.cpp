#include "d3sim/resilience_mode.h"

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/did_you_mean.h"
#include "cli/option_limits.h"
#include "core/network/config.h"
#include "core/run/confidence.h"
#include "core/traffic/resilience.h"
#include "d3sim/resilience_simulate.h"

namespace d3 {

namespace {

int bad_input(const std::string& msg) {
    std::fprintf(stderr, "d3sim resilience: error: %s\n", msg.c_str());
    return 2;
}

// "0,0.01,0.05": shares of the cables in [0, 1]; empty on a bad list.
std::vector<double> parse_shares(const std::string& text) {
    std::vector<double> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        std::size_t used = 0;
        double x = -1;
        try {
            x = std::stod(item, &used);
        } catch (const std::exception&) {
            return {};
        }
        if (used != item.size() || !(x >= 0 && x <= 1)) return {};
        out.push_back(x);
    }
    return out;
}

nlohmann::json figure(const std::vector<double>& values) {
    const confidence c = confidence_of(values);
    return {{"mean", c.mean}, {"ci95", c.ci95 ? nlohmann::json(*c.ci95) : nlohmann::json()}};
}

std::string text_of(const nlohmann::json& f, int digits) {
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(digits);
    os << f["mean"].get<double>();
    if (!f["ci95"].is_null()) os << " ± " << f["ci95"].get<double>();
    return os.str();
}

// What a row simulates besides the graph (--simulate), and on what network.
struct row_simulation {
    bool on = false;
    std::string network_args;  ///< --k K --m M --topology T
    simulation_options options;
};

// The --fail-links SPEC of `share` of the cables.
std::string spec_of(double share) {
    std::ostringstream spec;
    spec.precision(17);
    spec << "fraction:" << share;
    return spec.str();
}

// One row: `sets` failure sets of `share` of the cables, seeds seed .. seed + sets - 1. With
// sim.on the sets' simulations too; a run that fails: `error`, and the row is incomplete.
nlohmann::json row(const topology& t, double share, int sets, std::uint64_t seed,
                   const row_simulation& sim, std::string& error) {
    std::vector<double> connected, routable, diameter, accepted, steps, conflicts;
    std::size_t cables = 0;
    const std::string spec = spec_of(share);
    for (int s = 0; s < sets && error.empty(); ++s) {
        const std::uint64_t set_seed = seed + static_cast<unsigned>(s);
        const link_faults f = parse_link_faults(spec, t, set_seed);
        cables = f.cables().size();
        const connectivity c = measure_connectivity(t, f);
        connected.push_back(c.connected_pairs);
        routable.push_back(c.routable_pairs);
        diameter.push_back(c.diameter);
        if (!sim.on) continue;
        // (nothing failed: the run without --fail-links, the model's default path)
        const std::string failed = share == 0 ? "" : spec;
        if (const auto r = simulate_set(sim.network_args, failed, set_seed, sim.options, error)) {
            accepted.push_back(r->accepted);
            steps.push_back(r->steps);
            conflicts.push_back(r->conflicts);
        }
    }
    nlohmann::json j = {{"share", share},
                        {"failed_cables", cables},
                        {"sets", sets},
                        {"connected_pairs", figure(connected)},
                        {"routable_pairs", figure(routable)},
                        {"diameter", figure(diameter)},
                        {"diameter_max", *std::max_element(diameter.begin(), diameter.end())}};
    if (sim.on && error.empty()) {
        j["saturation_throughput"] = figure(accepted);
        j["all_to_all_steps"] = figure(steps);
        j["all_to_all_conflicts"] = figure(conflicts);
    }
    return j;
}

// The row's line of the table printed on stdout.
void print_row(const nlohmann::json& r, bool simulated) {
    std::printf("| %g | %zu | %s | %s | %s (%g) |", r["share"].get<double>(),
                r["failed_cables"].get<std::size_t>(), text_of(r["connected_pairs"], 4).c_str(),
                text_of(r["routable_pairs"], 4).c_str(), text_of(r["diameter"], 2).c_str(),
                r["diameter_max"].get<double>());
    if (simulated)
        std::printf(" %s | %s | %s |", text_of(r["saturation_throughput"], 4).c_str(),
                    text_of(r["all_to_all_steps"], 1).c_str(),
                    text_of(r["all_to_all_conflicts"], 1).c_str());
    std::printf("\n");
}

}  // namespace

int run_resilience(int argc, char** argv) {
    CLI::App app{
        "d3sim resilience: router pairs connected and routable, and the diameter, as "
        "links fail (docs/resilience.md)",
        "d3sim resilience"};
    network_config net;
    std::string topo = "d3", shares_text = "0,0.01,0.02,0.05,0.1", json;
    int sets = 10;
    std::uint64_t seed = 1;
    app.add_option("--k", net.k, "cabinets (D3) or groups (MDF)")->required();
    app.add_option("--m", net.m, "drawers and routers per drawer (D3), routers per group (MDF)")
        ->required();
    app.add_option("--topology", topo, "d3 or mdf")->capture_default_str();
    app.add_option("--fractions", shares_text, "shares of the cables that fail, a,b,c in [0, 1]")
        ->capture_default_str();
    app.add_option("--sets", sets, "failure sets per share (seeds --seed, --seed + 1, ...)")
        ->capture_default_str();
    app.add_option("--seed", seed, "the first failure set's seed")->capture_default_str();
    app.add_option("--json", json, "also write every figure to FILE (- for stdout)");
    row_simulation sim;
    app.add_flag("--simulate", sim.on,
                 "also simulate each failure set: the saturation throughput under uniform "
                 "traffic and the all-to-all's steps and conflicts (two d3sim runs per set)");
    app.add_option("--sat-rate", sim.options.rate,
                   "--simulate: the uniform traffic's offered load (past saturation)")
        ->capture_default_str();
    app.add_option("--concentration", sim.options.concentration,
                   "--simulate: the uniform traffic's terminals per router")
        ->capture_default_str();
    app.add_option("--warmup", sim.options.warmup, "--simulate: the uniform traffic's warm-up")
        ->capture_default_str();
    app.add_option("--measure", sim.options.measure,
                   "--simulate: the uniform traffic's measured steps")
        ->capture_default_str();
    apply_limits(app, {{"--k", {1, 64}},
                       {"--m", {1, 64}},
                       {"--sets", {1, 1000}},
                       {"--concentration", {1, 64}},
                       {"--warmup", {0, 1000000}},
                       {"--measure", {1, 1000000}}});
    if (auto code = parse_subcommand(app, argc, argv, bad_input)) return *code;
    const auto kind = parse_as<topology_kind>(topo);
    if (!kind) return bad_input("--topology " + topo + ": d3 or mdf");
    net.shape = *kind;
    const std::vector<double> shares = parse_shares(shares_text);
    if (shares.empty())
        return bad_input("--fractions " + shares_text + ": numbers in [0, 1] separated by commas");
    if (auto err = net.validate()) return bad_input(*err);
    if (!(sim.options.rate > 0 && sim.options.rate <= 1))
        return bad_input("--sat-rate " + std::to_string(sim.options.rate) + ": in (0, 1]");
    const topology t = make_topology(net);
    sim.network_args =
        "--k " + std::to_string(net.k) + " --m " + std::to_string(net.m) + " --topology " + topo;
    // Every ordered pair is walked per set: a bound that keeps a set to seconds.
    constexpr std::uint64_t kMostRouters = 4096;
    if (t.routers() > kMostRouters)
        return bad_input(t.name() + " has " + std::to_string(t.routers()) +
                         " routers; resilience walks every pair of at most " +
                         std::to_string(kMostRouters));
    nlohmann::json rows = nlohmann::json::array();
    const bool table = json != "-";  // (the JSON alone on stdout)
    if (table) {
        std::printf("%s: %d failure sets per share, seeds %llu..%llu\n", t.name().c_str(), sets,
                    static_cast<unsigned long long>(seed),
                    static_cast<unsigned long long>(seed + static_cast<unsigned>(sets) - 1));
        std::printf(
            "| failed share | cables | pairs connected | pairs routable | diameter (max) |%s\n",
            sim.on ? " saturation throughput | all-to-all steps | all-to-all conflicts |" : "");
        std::printf("|---|---|---|---|---|%s\n", sim.on ? "---|---|---|" : "");
    }
    std::string error;
    for (double share : shares) {
        rows.push_back(row(t, share, sets, seed, sim, error));
        if (!error.empty()) {
            std::fprintf(stderr, "d3sim resilience: error: %s\n", error.c_str());
            return 1;
        }
        if (table) print_row(rows.back(), sim.on);
    }
    const nlohmann::json out = {{"network", t.name()}, {"seed", seed}, {"rows", rows}};
    if (json == "-") std::printf("%s\n", out.dump(2).c_str());
    if (!json.empty() && json != "-" && !(std::ofstream(json) << out.dump(2) << "\n"))
        return bad_input("--json " + json + ": cannot write");
    return 0;
}

}  // namespace d3
