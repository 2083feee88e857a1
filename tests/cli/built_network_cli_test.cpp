// d3sim --topology rsn|hdn|hamming (issue 48): the other networks built in memory and simulated as
// file networks, checked against what this test derives itself: the Hamming graph and RSN(2,K_N)
// from their definitions, the HDN from the links of the file `d3sim network --net` writes, each
// with a breadth-first search from every router. Valiant and UGAL on them: every packet once, b
// counting the hops still to go, and Valiant above minimal routing at saturation under the
// neighbour shift.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <queue>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/bfs_distances.h"
#include "support/packets_seen.h"
#include "support/read_file.h"
#include "support/run_command.h"
#include "support/run_json.h"
#include "support/run_logged.h"

namespace d3 {
namespace {

using test::adjacency;
using test::all_pairs;
using test::distances;
using test::file_links;

// K_a x K_b by definition: router (x, y) is x b + y (the first coordinate most significant, as
// docs/networks.md names them), joined to every router that differs in one coordinate.
adjacency hamming(int a, int b) {
    adjacency next(static_cast<std::size_t>(a * b));
    for (int v = 0; v < a * b; ++v)
        for (int w = 0; w < a * b; ++w)
            if (v != w && ((v / b == w / b) != (v % b == w % b)))
                next[static_cast<std::size_t>(v)].insert(w);
    return next;
}

// RSN(2, K_n) by definition (section 2.1): node X'X'' is X' n + X''; X'' moves along K_n, and
// X'X'' is swapped to X''X' unless X' = X''.
adjacency rsn2_complete(int n) {
    adjacency next(static_cast<std::size_t>(n * n));
    for (int v = 0; v < n * n; ++v) {
        const int hi = v / n, lo = v % n;
        for (int y = 0; y < n; ++y)
            if (y != lo) next[static_cast<std::size_t>(v)].insert(hi * n + y);
        if (hi != lo) next[static_cast<std::size_t>(v)].insert(lo * n + hi);
    }
    return next;
}

using test::packet_seen;

// test::run_logged of this test's d3sim.
nlohmann::json run_logged(const std::string& args, const std::string& name,
                          const std::function<void(const packet_seen&)>& each) {
    return test::run_logged(D3SIM, args, name, each);
}

// Minimal routing on `net`: every packet's hops the shortest path of `d`, b the hops still to go.
void expect_shortest_paths(const std::string& net, const distances& d, const std::string& name,
                           const std::string& network) {
    const nlohmann::json j = test::expect_shortest_paths(D3SIM, net, d, name);
    ASSERT_FALSE(j.empty());
    EXPECT_EQ(j["arrangement"], network);
}

const std::string kHammingArgs = " --topology hamming --dims 4,4";
const std::string kHamming = std::string(D3SIM) + kHammingArgs;
const std::string kTraffic = " --traffic uniform --rate 0.2 --warmup 20 --measure 20";

TEST(BuiltNetworkCli, HammingRunsItsShortestPaths) {
    const distances d = all_pairs(hamming(4, 4));
    for (const auto& row : d)
        for (int x : row) ASSERT_LE(x, 2);  // the Hamming distance: at most the two coordinates
    expect_shortest_paths(kHammingArgs, d, "hamming", "H(4,4)");
}

TEST(BuiltNetworkCli, SwappedNetworkRunsItsShortestPaths) {
    expect_shortest_paths(" --topology rsn --levels 2 --nucleus complete:4",
                          all_pairs(rsn2_complete(4)), "rsn", "RSN(2,K_4)");
}

TEST(BuiltNetworkCli, DualNetRunsItsShortestPaths) {
    const std::string spec = " --topology hdn --base hypercube:1 --levels 1";
    const std::string file = testing::TempDir() + "d3_built_hdn.net";
    ASSERT_EQ(test::run_command(std::string(D3SIM) + " network" + spec + " --net " + file).code, 0);
    const distances d = all_pairs(file_links(file));
    std::remove(file.c_str());
    ASSERT_EQ(d.size(), 8u);  // 2 n_1 clusters of 2 nodes (docs/networks.md's figures)
    expect_shortest_paths(spec, d, "hdn", "HDN(Q_1,1,{s1=1})");
}

TEST(BuiltNetworkCli, ResultRerunsAndDumpsItsNetwork) {
    const std::string first = testing::TempDir() + "d3_built_first.json";
    const std::string again = testing::TempDir() + "d3_built_again.json";
    const std::string run = kHamming + " --trunking 2 --concentration 2" + kTraffic + " -q --json ";
    ASSERT_EQ(test::run_command(run + first).code, 0);
    ASSERT_EQ(
        test::run_command(std::string(D3SIM) + " --config " + first + " -q --json " + again).code,
        0);
    const nlohmann::json a = nlohmann::json::parse(test::read_all(first));
    const nlohmann::json b = nlohmann::json::parse(test::read_all(again));
    std::remove(first.c_str());
    std::remove(again.c_str());
    EXPECT_EQ(a["config"]["network"]["dims"], "4,4");
    EXPECT_EQ(a["config"]["network"]["trunking"], 2);
    EXPECT_EQ(a["topology"], "hamming");
    EXPECT_EQ(a["arrangement"], "H(4,4) t=2");
    EXPECT_EQ(a["k"], 12);  // (4 - 1 + 4 - 1) neighbours, two links each
    EXPECT_EQ(b["config"], a["config"]);
    for (const char* k : {"injected", "delivered", "hops"}) EXPECT_EQ(b[k], a[k]) << k;
    EXPECT_EQ(b["traffic"]["latency"], a["traffic"]["latency"]);

    const test::outcome dump = test::run_command(kHamming + kTraffic + " --dump-config");
    ASSERT_EQ(dump.code, 0);
    EXPECT_NE(dump.out.find("dims: \"4,4\""), std::string::npos) << dump.out;
    EXPECT_EQ(dump.out.find("nucleus"), std::string::npos) << dump.out;  // only what is given
}

TEST(BuiltNetworkCli, RefusesWhatDoesNotFit) {
    test::expect_bad_input_command(kHamming + " --primitive all-to-all", "runs --traffic");
    test::expect_bad_input_command(std::string(D3SIM) + " --topology hamming" + kTraffic, "--dims");
    test::expect_bad_input_command(kHamming + " --nucleus complete:4" + kTraffic,
                                   "--nucleus needs --topology rsn");
    test::expect_bad_input_command(std::string(D3SIM) + " --dims 4,4" + kTraffic,
                                   "--dims needs --topology hamming");
    test::expect_bad_input_command(kHamming + " --k 4" + kTraffic, "--k");
    test::expect_bad_input_command(kHamming + " --local-latency 2" + kTraffic, "--local-latency");
    test::expect_bad_input_command(kHamming + " --trunking 17" + kTraffic, "--trunking");
    test::expect_bad_input_command(std::string(D3SIM) +
                                       " --topology rsn --levels 3 --nucleus "
                                       "complete:4" +
                                       kTraffic,
                                   "--vcs 7");  // diameter 7: a channel per hop to go
    test::expect_bad_input_command(kHamming + kTraffic + " --vcs 1", "--vcs 2");
}

// Valiant on H(4,4): every packet once, b one lower on every hop, at most the two legs' 2 + 2
// hops and at least the shortest path; the detour lengthens the mean route well past minimal's.
TEST(BuiltNetworkCli, ValiantGoesThroughAnIntermediateRouter) {
    const distances d = all_pairs(hamming(4, 4));
    double hops = 0, packets = 0;
    const nlohmann::json j = run_logged(
        kHammingArgs + " --traffic uniform --rate 0.2 --warmup 60 --measure 60 --routing valiant",
        "valiant", [&](const packet_seen& p) {
            const int shortest =
                d[static_cast<std::size_t>(p.source)][static_cast<std::size_t>(p.destination)];
            EXPECT_GE(p.hops, shortest);
            EXPECT_LE(p.hops, 4);
            for (std::size_t i = 1; i < p.b.size(); ++i) EXPECT_EQ(p.b[i], p.b[i - 1] - 1);
            if (!p.b.empty()) {
                EXPECT_GE(p.b.back(), 0);
            }
            hops += p.hops;
            ++packets;
        });
    ASSERT_FALSE(j.empty());
    // Minimal: 1.5 hops on average over uniform pairs (3/4 per coordinate); Valiant's two legs
    // 3.0, less the packets delivered where the first leg passes their destination.
    EXPECT_GT(hops / packets, 2.3);
    EXPECT_LE(hops / packets, 3.0 + 0.3);
}

// The neighbour shift on H(4,4) with three terminals per router (router r to r + 1: (x, y) to
// (x, y + 1), one link, for three of every four): minimal routing puts a router's three
// terminals on one link, Valiant spreads them over the network.
double accepted(const std::string& routing) {
    const nlohmann::json j = test::run_json(
        D3SIM, kHammingArgs +
                   " --concentration 3 --traffic neighbor --rate 0.6 --warmup 300 --measure 300 "
                   "--routing " +
                   routing);
    if (j.empty()) return 0.0;
    EXPECT_TRUE(j["correct"].get<bool>()) << routing;
    EXPECT_EQ(j["delivered"], j["injected"]) << routing;
    for (const char* k : {"lost", "duplicated", "misrouted"})
        EXPECT_EQ(j[k].get<std::uint64_t>(), 0u) << routing << " " << k;
    return j["traffic"]["accepted"].get<double>();
}

TEST(BuiltNetworkCli, ValiantSaturatesAboveMinimalUnderTheNeighbourShift) {
    const double minimal = accepted("minimal");
    const double valiant = accepted("valiant");
    const double ugal = accepted("ugal");
    // Minimal: at most one packet per step on a link shared by three terminals, 1/3 each.
    EXPECT_LT(minimal, 0.36);
    EXPECT_GT(valiant, minimal + 0.1);
    EXPECT_GT(ugal, minimal + 0.1);
}

// The nucleus shift on RSN(2,K_8) (64 routers, nucleus x the routers 8x .. 8x + 7): router r
// to r + 8, (x, y) to (x + 1, y). Two nuclei are joined by one swap link, (x, x + 1) to
// (x + 1, x), so minimal routing puts the 8 routers of a nucleus on that link: 1/8 of a packet
// per terminal and step. `neighbor` (r to r + 1) stays inside a nucleus, one local link each.
TEST(BuiltNetworkCli, TheNucleusShiftPutsANucleusOnItsOneSwapLink) {
    const std::string rsn =
        " --topology rsn --levels 2 --nucleus complete:8 --rate 1.0 "
        "--warmup 200 --measure 200 --drain-limit 100 --vcs 6";
    for (const auto& [pattern, want] : {std::pair{std::string(" --traffic shift --shift 8"), 0.125},
                                        std::pair{std::string(" --traffic neighbor"), 1.0}}) {
        const nlohmann::json j = test::run_json(D3SIM, rsn + pattern);
        ASSERT_FALSE(j.empty()) << pattern;
        EXPECT_TRUE(j["correct"].get<bool>()) << pattern;
        EXPECT_EQ(j["delivered"], j["injected"]) << pattern;
        EXPECT_NEAR(j["traffic"]["accepted"].get<double>(), want, 0.01) << pattern;
    }
    const std::string cmd = std::string(D3SIM) + rsn + " --traffic shift --shift 64";
    test::expect_bad_input_command(cmd, "--shift must be 1..63");
    test::expect_bad_input_command(std::string(D3SIM) + rsn + " --traffic uniform --shift 8",
                                   "--shift needs --traffic shift");
}

TEST(BuiltNetworkCli, ValiantRefusesTooFewChannels) {
    const std::string torus = std::string(D3SIM) +
                              " --topology file:" + std::string(D3_SOURCE_DIR) +
                              "/configs/networks/torus-4x4.net";
    test::expect_bad_input_command(torus + kTraffic + " --routing valiant", "--vcs 8");
    const std::string cube = std::string(D3SIM) + " --topology hamming --dims 2,2,2" + kTraffic;
    test::expect_bad_input_command(cube + " --routing ugal", "--vcs 6");
    EXPECT_FALSE(
        test::run_json(D3SIM, cube.substr(std::string(D3SIM).size()) + " --routing ugal --vcs 6")
            .empty());
}

}  // namespace
}  // namespace d3
