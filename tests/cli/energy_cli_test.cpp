// Activity counts and --power (issue 47 items 1 and 2; docs/energy.md) as a user runs them. The
// paper's all-to-all on D3(4,8) against a brute-force count over its 65,536 (source, destination)
// pairs of the local, global and held steps of their source-vector paths; conservation under
// traffic on the paper's router and on a design-space router (every flit written into a buffer is
// read, crosses the crossbar and is carried by a link or delivered); --power's total, CSV, map
// and refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli/d3sim_cli.h"
#include "core/network/topology.h"
#include "support/read_file.h"

namespace d3 {
namespace {

using test::expect_bad_input;
using test::read_all;
using test::write_temp;

nlohmann::json run_json(const std::string& args, const std::string& name) {
    return test::run_d3sim_json(args, write_temp(test::unique_name("d3_energy", name), ""));
}

// Path (gamma, pi, delta) from (c,d,p): local pi (0: held), then global gamma (held where it loops:
// port 0 at a fixed point d = p), then local delta (0: held), then the node.
TEST(ActivityCli, TheAllToAllsCountsAreTheBruteForceCountOfItsPaths) {
    const topology t(4, 8);
    std::uint64_t local = 0, global = 0, held = 0;
    for (router_id s = 0; s < t.routers(); ++s)
        for (router_id d = 0; d < t.routers(); ++d) {
            const coord x = t.at(s);
            const source_vector v = t.vector_to(x, t.at(d));
            (v.pi != 0 ? local : held) += 1;
            const coord after = t.local_neighbor(x, v.pi);
            (t.global_loops(after, v.gamma) ? held : global) += 1;
            (v.delta != 0 ? local : held) += 1;
        }
    const std::string log = write_temp(test::unique_name("d3_energy", "all_to_all.csv"), "");
    const auto j =
        run_json("--k 4 --m 8 --primitive all-to-all --trace-packets " + log, "all_to_all.json");
    const auto& a = j["activity"];
    const std::uint64_t n = 65536;
    EXPECT_EQ(a["link_flits"]["local"], local);
    EXPECT_EQ(a["link_flits"]["global"], global);
    EXPECT_EQ(a["holds"], held);
    EXPECT_EQ(a["hold_flits"], held);
    EXPECT_EQ(a["link_flits"]["injection"], n);
    EXPECT_EQ(a["link_flits"]["ejection"], n);
    // Each flit is written once per router it enters, read once, and crosses once to a link or
    // the node; every entry is decoded; Theorem 7's schedule has no conflict: one request a grant.
    EXPECT_EQ(a["buffer_writes"], local + global + n);
    EXPECT_EQ(a["buffer_reads"], a["buffer_writes"]);
    EXPECT_EQ(a["crossbar_traversals"], local + global + n);
    EXPECT_EQ(a["route_decodes"], local + global + n + held);
    EXPECT_EQ(a["switch_allocator"]["grants"], local + global);
    EXPECT_EQ(a["switch_allocator"]["requests"], local + global);
    EXPECT_EQ(a["replications"], 0);
    // From step 0 to the last delivery, read from the packet log (step,event,...).
    std::istringstream lines(read_all(log));
    std::uint64_t last = 0;
    for (std::string line; std::getline(lines, line);)
        if (line.find(",deliver,") != std::string::npos)
            last = std::max<std::uint64_t>(last, std::stoull(line.substr(0, line.find(','))));
    EXPECT_EQ(a["cycles"], last + 1);
    EXPECT_GT(last, 0u);
}

void expect_conserved(const nlohmann::json& j, std::uint64_t flits) {
    const auto& a = j["activity"];
    const auto& l = a["link_flits"];
    const std::uint64_t links = l["local"].get<std::uint64_t>() + l["global"].get<std::uint64_t>();
    const std::uint64_t delivered = j["traffic"]["delivered"].get<std::uint64_t>() * flits;
    EXPECT_EQ(links, j["hops"].get<std::uint64_t>() * flits);
    EXPECT_EQ(l["injection"], delivered);
    EXPECT_EQ(l["ejection"], delivered);
    EXPECT_EQ(a["buffer_writes"], links + delivered);
    EXPECT_EQ(a["buffer_reads"], a["buffer_writes"]);  // drained
    EXPECT_EQ(a["crossbar_traversals"], links + delivered);
    EXPECT_GE(a["switch_allocator"]["requests"], a["switch_allocator"]["grants"]);
}

TEST(ActivityCli, TrafficConservesEveryFlitOnBothRouters) {
    const std::string run =
        "--k 2 --m 4 --topology mdf --concentration 2 --traffic uniform --rate 0.5 --warmup 100 "
        "--measure 300";
    const auto paper = run_json(run, "paper.json");
    expect_conserved(paper, 1);
    // The paper's router: requests are the grants, the conflicts' waits and those without credit.
    const auto& sa = paper["activity"]["switch_allocator"];
    EXPECT_GE(sa["requests"].get<std::uint64_t>(),
              sa["grants"].get<std::uint64_t>() + paper["conflict_waits"].get<std::uint64_t>());
    EXPECT_EQ(sa["grants"], paper["hops"]);
    // A design-space router moving 4-flit packets flit by flit: a VC granted per hop, hold and
    // delivery; its hold port is a port of its switch (not of the crossbar's datapath here).
    const auto design = run_json(run +
                                     " --sw-allocator separable-input-first --vc-allocator "
                                     "separable-input-first --flow-control wormhole --vcs 2 "
                                     "--packet-length 4 --buffer-depth 8",
                                 "design.json");
    expect_conserved(design, 4);
    const auto& da = design["activity"];
    EXPECT_EQ(da["vc_allocator"]["grants"],
              design["hops"].get<std::uint64_t>() +
                  design["traffic"]["delivered"].get<std::uint64_t>() +
                  design["holds"].get<std::uint64_t>());
    EXPECT_EQ(da["hold_flits"], 4 * design["holds"].get<std::uint64_t>());
    EXPECT_EQ(da["switch_allocator"]["grants"], da["crossbar_traversals"].get<std::uint64_t>() +
                                                    da["hold_flits"].get<std::uint64_t>());
}

TEST(PowerCli, PowerWritesItsTotalItsCsvAndItsMap) {
    const std::string prefix = write_temp(test::unique_name("d3_energy", "routers"), "");
    const std::string csv = prefix + ".csv", map = prefix + ".svg";
    const auto j = run_json("--k 2 --m 4 --primitive all-to-all --power " D3_SOURCE_DIR
                            "/tech/booksim2-32nm.yaml --power-out " +
                                prefix,
                            "power.json");
    const auto& p = j["power"];
    double sum = 0;
    for (const auto& [name, w] : p["components_w"].items()) sum += w.get<double>();
    EXPECT_NEAR(p["total_w"].get<double>(), sum, 1e-9 * sum);
    EXPECT_NEAR(p["dynamic_w"].get<double>() + p["leakage_w"].get<double>(),
                p["total_w"].get<double>(), 1e-9 * sum);
    EXPECT_GT(p["components_w"]["hold_stage"].get<double>(), 0);  // the paper's router holds
    EXPECT_NEAR(p["clock_ghz"].get<double>(), 9.712, 0.001);
    // One row per router (D3(2,4): 32), whose totals add up to the network's.
    const std::string rows = read_all(csv);
    EXPECT_EQ(std::count(rows.begin(), rows.end(), '\n'), 33);
    const std::string svg = read_all(map);
    EXPECT_EQ(svg.rfind("<svg", 0), 0u);
    std::size_t cells = 0;
    for (std::size_t at = svg.find("<rect"); at != std::string::npos;
         at = svg.find("<rect", at + 1))
        ++cells;
    EXPECT_EQ(cells, 32u);
}

TEST(PowerCli, BadInputIsRefusedInOneLine) {
    const std::string base = "--k 2 --m 4 --primitive all-to-all ";
    const std::string tech = " --power " D3_SOURCE_DIR "/tech/booksim2-32nm.yaml";
    expect_bad_input(base + "--power /nonexistent/tech.yaml", "/nonexistent/tech.yaml");
    expect_bad_input(base + tech + " --clock-ghz -1", "--clock-ghz");
    expect_bad_input(base + tech + " --flit-bits 0", "--flit-bits");
    const std::string same = write_temp(test::unique_name("d3_energy", "same"), "");
    expect_bad_input(base + tech + " --json " + same + ".csv --power-out " + same, "same file");
    expect_bad_input(base + tech + " --link-mm 1,2,3,4", "--link-mm");
    expect_bad_input(base + tech + " --link-mm 1,-2", "--link-mm");
}

}  // namespace
}  // namespace d3
