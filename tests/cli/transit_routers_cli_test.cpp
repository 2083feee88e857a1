// Routers without a terminal in a network file (issue 48; docs/networks.md, "Routers without a
// terminal"): a `terminals` line with a count per router, 0 for a transit router. Uniform traffic
// on a two-level tree and a star whose inner routers have none: every packet once, on a shortest
// path by the test's own search, none starting or ending at a transit router; with unequal
// counts every terminal sends at --rate and receives alike; the patterns and traces that would
// need a terminal at a transit router are refused; worst-case traffic on a ring and a tree.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "support/bfs_distances.h"
#include "support/packet_log_rows.h"
#include "support/read_file.h"
#include "support/run_command.h"
#include "support/run_logged.h"

namespace d3 {
namespace {

using test::distances;
using test::packet_seen;

std::string write(const std::string& name, const std::string& text) {
    const std::string path = testing::TempDir() + "d3_transit_" + name + ".net";
    std::ofstream(path) << text;
    return path;
}

// Root 0, routers 1 and 2 below it (no terminals), leaves 3, 4, 5 under 1 and 6, 7, 8 under 2.
std::string tree(const std::string& terminals) {
    return write("tree" + std::to_string(std::hash<std::string>()(terminals) % 1000),
                 "routers 9\nterminals " + terminals +
                     "\nlink 0 0 1 0\nlink 0 1 2 0\nlink 1 1 3 0\nlink 1 2 4 0\nlink 1 3 5 0\n"
                     "link 2 1 6 0\nlink 2 2 7 0\nlink 2 3 8 0\n");
}

// A star: centre 0 without a terminal, leaves 1 .. 5 with one each.
std::string star() {
    return write("star",
                 "routers 6\nterminals 0 1 1 1 1 1\nlink 0 0 1 0\nlink 0 1 2 0\n"
                 "link 0 2 3 0\nlink 0 3 4 0\nlink 0 4 5 0\n");
}

// Uniform traffic on `path`: every packet once on a shortest path by the test's search, from
// and to routers with a terminal only.
void expect_only_terminals(const std::string& path, const std::set<int>& transit,
                           const std::string& name) {
    const distances d = test::all_pairs(test::file_links(path));
    std::set<int> seen;
    const nlohmann::json j = test::run_logged(
        D3SIM,
        " --topology file:" + path + " --traffic uniform --rate 0.3 --warmup 60 --measure 60", name,
        [&](const packet_seen& p) {
            EXPECT_EQ(transit.count(p.source), 0u) << p.source;
            EXPECT_EQ(transit.count(p.destination), 0u) << p.destination;
            EXPECT_EQ(
                p.hops,
                d[static_cast<std::size_t>(p.source)][static_cast<std::size_t>(p.destination)]);
            seen.insert(p.source);
            seen.insert(p.destination);
        });
    ASSERT_FALSE(j.empty());
    // Every router with a terminal took part.
    EXPECT_EQ(seen.size(), d.size() - transit.size());
    const distances dd = d;
    test::expect_shortest_paths(D3SIM, " --topology file:" + path, dd, name + "_bfs");
}

TEST(TransitRoutersCli, ATreeRunsUniformTrafficBetweenItsLeaves) {
    expect_only_terminals(tree("0 0 0 1 1 1 1 1 1"), {0, 1, 2}, "tree");
}

TEST(TransitRoutersCli, AStarWithoutACentreTerminalRunsUniformTraffic) {
    expect_only_terminals(star(), {0}, "star");
}

// Leaves with 2, 1, 2, 1, 2, 1 terminals (9): a leaf of two sends and receives twice as much as
// one of one (uniform over terminals, not over routers), and the rates are per terminal.
TEST(TransitRoutersCli, UnequalCountsAreUniformOverTerminals) {
    const std::string path = tree("0 0 0 2 1 2 1 2 1");
    std::uint64_t from_two = 0, to_two = 0, all = 0;
    const std::set<int> two = {3, 5, 7};
    const nlohmann::json j = test::run_logged(
        D3SIM,
        " --topology file:" + path +
            " --concentration 2 --traffic uniform --rate 0.3 --warmup 200 --measure 200",
        "unequal", [&](const packet_seen& p) {
            EXPECT_GE(p.source, 3);
            EXPECT_GE(p.destination, 3);
            from_two += two.count(p.source);
            to_two += two.count(p.destination);
            ++all;
        });
    ASSERT_FALSE(j.empty());
    EXPECT_EQ(j["traffic"]["terminals"].get<int>(), 9);
    // 2/3 of about 1,080 packets (sd about 16); by router it would be 1/2.
    EXPECT_GT(static_cast<double>(from_two), 0.6 * static_cast<double>(all));
    EXPECT_GT(static_cast<double>(to_two), 0.6 * static_cast<double>(all));
    EXPECT_LT(static_cast<double>(to_two), 0.73 * static_cast<double>(all));
    // 9 terminals x 200 steps at 0.3: 540 expected (sd about 19), offered 0.3 per terminal.
    EXPECT_NEAR(j["traffic"]["offered"].get<double>(), 0.3, 0.04);
}

TEST(TransitRoutersCli, RefusesWhatNeedsATerminalAtATransitRouter) {
    const std::string net = " --topology file:" + tree("0 0 0 1 1 1 1 1 1");
    const std::string d3sim = D3SIM;
    test::expect_bad_input_command(d3sim + net + " --traffic neighbor", "needs a terminal at each");
    test::expect_bad_input_command(d3sim + net + " --traffic hotspot", "hot spot without one");
    test::expect_bad_input_command(d3sim + net + " --traffic hotspot --hotspot 4,1:0.2",
                                   "router 1 is a hot spot");
    test::expect_bad_input_command(
        d3sim + " --topology file:" + tree("0 0 0 0 0 0 0 0 0") + " --traffic uniform",
        "no router has a terminal");
    // A trace whose node 1 sits on transit router 1 (--mapping linear); and one that is mapped
    // onto the leaves runs.
    const std::string trace = testing::TempDir() + "d3_transit.trace";
    std::ofstream(trace) << "0 1 4 1\n0 4 5 1\n";
    test::expect_bad_input_command(d3sim + net + " --trace " + trace, "node 1 of the trace");
    const std::string map = testing::TempDir() + "d3_transit.map";
    std::ofstream(map) << "0 3\n1 6\n2 7\n3 8\n4 4\n5 5\n";
    EXPECT_EQ(
        test::run_command(d3sim + net + " --trace " + trace + " --mapping " + map + " -q").code, 0);
}

// --traffic worst-case on a ring of 6 (one terminal each) and on the tree: the load the unit test
// finds by brute force (a ring of 6 by minimal routes, ties to port 0: 3 pairs of a permutation
// on one channel at most, r - 2, r - 1 and r to r + 1, r + 2, r + 3 over r -> r + 1; the tree's
// root links: 3 leaves to the other 3), its bound 1 / load; by the packet log, the run sends
// every source to one destination and each destination from one source, and the channel named
// carries the routes of exactly `load` of those pairs. D3 refuses it.
TEST(TransitRoutersCli, WorstCaseTrafficLoadsItsChannel) {
    std::string ring = "routers 6\n";
    for (int r = 0; r < 6; ++r)
        ring += "link " + std::to_string(r) + " 0 " + std::to_string((r + 1) % 6) + " 1\n";
    const struct {
        std::string net;
        int load;
    } cases[] = {{write("ring6", ring), 3}, {tree("0 0 0 1 1 1 1 1 1"), 3}};
    for (const auto& c : cases) {
        const std::string log = testing::TempDir() + "d3_transit_worst.csv";
        const nlohmann::json j = test::run_json(
            D3SIM,
            " --topology file:" + c.net +
                " --traffic worst-case --rate 0.5 --warmup 50 --measure 50 --trace-packets " + log);
        ASSERT_FALSE(j.empty());
        EXPECT_TRUE(j["correct"].get<bool>());
        const nlohmann::json& w = j["traffic"]["worst_case"];
        EXPECT_EQ(w["load"].get<int>(), c.load) << c.net;
        EXPECT_DOUBLE_EQ(w["bound"].get<double>(), 1.0 / c.load);
        std::map<std::string, std::set<std::string>> to, from;
        std::set<std::pair<std::string, std::string>> on_channel;
        const std::string router = std::to_string(w["router"].get<int>());
        const std::string output = "global " + std::to_string(w["port"].get<int>());
        for (const test::log_row& r : test::log_rows(test::read_all(log))) {
            to[r.source].insert(r.destination);
            from[r.destination].insert(r.source);
            if (r.event == "hop" && r.router == router && r.output == output)
                on_channel.insert({r.source, r.destination});
        }
        std::remove(log.c_str());
        for (const auto& [s, d] : to) EXPECT_EQ(d.size(), 1u) << s;
        for (const auto& [d, s] : from) EXPECT_EQ(s.size(), 1u) << d;
        EXPECT_EQ(on_channel.size(), static_cast<std::size_t>(c.load));
    }
    test::expect_bad_input_command(std::string(D3SIM) + " --k 2 --m 2 --traffic worst-case",
                                   "drawer-to-drawer is the worst case");
}

}  // namespace
}  // namespace d3
