#include "d3sim/network_mode.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli/did_you_mean.h"
#include "cli/option_limits.h"
#include "cli/output_file.h"
#include "core/network/graphs/bisection.h"
#include "core/network/graphs/graph_network.h"
#include "core/network/graphs/network_spec.h"
#include "d3sim/network_cli.h"
#include "paper/network_programs/network_program.h"

namespace d3 {

namespace {

int network_bad_input(const std::string& msg) {
    std::fprintf(stderr, "d3sim network: error: %s\n", msg.c_str());
    return 2;
}

// All-pairs distances walk every pair: above this the figures are left out.
constexpr std::uint32_t kMostMeasured = 4096;
// The total exchange holds an item per ordered pair.
constexpr std::uint32_t kMostExchanged = 1024;

nlohmann::json figures(const built_network& b) {
    const degree_figures deg = degrees(b.g);
    nlohmann::json j = {{"network", b.name},     {"nodes", b.g.nodes()},
                        {"links", b.g.links()},  {"degree_min", deg.min},
                        {"degree_max", deg.max}, {"neighbours_max", deg.max_distinct}};
    if (b.g.nodes() <= kMostMeasured) {
        const distance_figures d = all_pairs_distances(b.g);
        j["connected"] = d.connected;
        j["diameter"] = d.diameter;
        j["average_distance"] = d.average;
    }
    const bisection_bounds cut = bisection(b.g);
    j["bisection_upper"] = cut.upper;
    if (cut.lower) j["bisection_lower"] = *cut.lower;
    return j;
}

void print(const nlohmann::json& j) {
    std::printf("%s: %u nodes, %llu links, degree %u..%u (%u neighbours)",
                j["network"].get<std::string>().c_str(), j["nodes"].get<unsigned>(),
                j["links"].get<unsigned long long>(), j["degree_min"].get<unsigned>(),
                j["degree_max"].get<unsigned>(), j["neighbours_max"].get<unsigned>());
    if (j.contains("diameter"))
        std::printf(", diameter %d, average distance %.3f", j["diameter"].get<int>(),
                    j["average_distance"].get<double>());
    std::printf("\n  bisection: at most %llu links (METIS)",
                j["bisection_upper"].get<unsigned long long>());
    if (j.contains("bisection_lower"))
        std::printf(", at least %.2f (spectral)", j["bisection_lower"].get<double>());
    std::printf("\n");
    if (j.contains("program"))
        std::printf("  %s: %zu rounds, %llu messages, %llu items, time %.0f (t_s = t_w = m = 1)\n",
                    j["program"].get<std::string>().c_str(), j["rounds"].get<std::size_t>(),
                    j["messages"].get<unsigned long long>(), j["items"].get<unsigned long long>(),
                    j["time"].get<double>());
}

}  // namespace

int run_network(int argc, char** argv) {
    CLI::App app{
        "d3sim network: the swapped networks, the hierarchical dual-net and Hamming graphs "
        "as graphs, network files and node programs (docs/networks.md)",
        "d3sim network"};
    network_spec s;
    std::string net_file, program, trace, json;
    std::uint32_t terminals = 1, latency = 1, flits = 1;
    app.add_option("--topology", s.topology, "rsn, hdn or hamming (or d3, mdf to compare)")
        ->required();
    app.add_option("--k", s.k, "d3, mdf: K");
    app.add_option("--m", s.m, "d3, mdf: M");
    add_network_spec_options(app, s);  // d3sim/network_cli, as d3sim --topology rsn|hdn|hamming
    app.add_option("--net", net_file, "write the network file (docs/networks.md) to FILE");
    app.add_option("--terminals", terminals, "--net: terminals per router")->capture_default_str();
    app.add_option("--latency", latency, "--net: cycles per link")->capture_default_str();
    app.add_option("--program", program,
                   "emul:J, ascend, descend (rsn over Q_n), total-exchange (hdn over a hypercube)");
    app.add_option("--trace", trace,
                   "--program: write it as a message trace (docs/traces.md) to FILE");
    app.add_option("--flits-per-item", flits, "--trace: flits per data item")
        ->capture_default_str();
    app.add_option("--json", json, "also write the figures to FILE (- for stdout)");
    apply_limits(
        app,
        {{"--terminals", {0, 64}}, {"--latency", {1, 1u << 20}}, {"--flits-per-item", {1, 64}}});
    if (auto code = parse_subcommand(app, argc, argv, network_bad_input)) return *code;
    if (auto err = check_network_spec_options(app, s.topology)) return network_bad_input(*err);
    if (!trace.empty() && program.empty()) return network_bad_input("--trace needs --program");
    if (!net_file.empty() && net_file == trace)
        return network_bad_input("--net and --trace name one file");
    if ((json == net_file && !json.empty()) || (json == trace && !json.empty()))
        return network_bad_input("--json names the same file as --net or --trace");
    auto built = build_network(s);
    if (auto* err = std::get_if<std::string>(&built)) return network_bad_input(*err);
    const built_network& b = std::get<built_network>(built);
    nlohmann::json j = figures(b);
    if (!program.empty()) {
        if (program == "total-exchange" && b.g.nodes() > kMostExchanged)
            return network_bad_input("--program total-exchange: at most " +
                                     std::to_string(kMostExchanged) + " nodes (" + b.name +
                                     " has " + std::to_string(b.g.nodes()) + ")");
        auto p = network_program(b, program);
        if (auto* err = std::get_if<std::string>(&p)) return network_bad_input(*err);
        const exchange_program& prog = std::get<exchange_program>(p);
        j["program"] = prog.name;
        j["rounds"] = prog.rounds.size();
        j["messages"] = program_messages(prog);
        j["items"] = program_items(prog);
        j["time"] = program_time(prog, 1, 1, 1);
        if (!trace.empty()) {
            std::ostringstream text;
            write_trace(prog, flits, text);
            if (auto err = write_file(trace, text.str())) return network_bad_input(*err);
        }
    }
    if (!net_file.empty()) {
        std::ostringstream text;
        write_network(b.g, terminals, latency, b.name + " (d3sim network)", text, b.names);
        if (auto err = write_file(net_file, text.str())) return network_bad_input(*err);
    }
    if (json != "-") print(j);
    if (!json.empty()) {
        if (json == "-")
            std::printf("%s\n", j.dump(2).c_str());
        else if (auto err = write_file(json, j.dump(2) + "\n"))
            return network_bad_input(*err);
    }
    return 0;
}

}  // namespace d3
