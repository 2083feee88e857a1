// File and built networks of diameter 8 to 15 (issue 48; docs/networks.md, "Routers and diameter"):
// b is 4 bits in a file network's headers and a packet takes a virtual channel per hop still to
// go. Checked against what this test derives itself: rings from their definition, RSN(2,M_4x4)
// and HDN(Q_1,3,{2,2,2}) by a breadth-first search over the links of the file `d3sim network`
// writes; every packet once on a shortest path, at a low rate and at an offered 1.0 (no deadlock:
// the run drains and delivers every packet); Valiant over two legs of up to 10 and 11 hops (each
// packet's hops dist(src, via) + dist(via, dst) along its path in the packet log); and the limits
// that are left.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "support/bfs_distances.h"
#include "support/run_command.h"
#include "support/run_logged.h"

namespace d3 {
namespace {

using test::distances;
using test::packet_seen;

// A ring of R routers written as a file (test::write_ring_file) and its distances.
std::string write_ring(int routers) {
    return test::write_ring_file(
        testing::TempDir() + "d3_deep_ring" + std::to_string(routers) + ".net", routers);
}
distances ring(int n) {
    return test::ring_distances(n);
}

int diameter_of(const distances& d) {
    int most = 0;
    for (const auto& row : d)
        for (int x : row) most = std::max(most, x);
    return most;
}

// The distances of the network `spec` names, by a breadth-first search over the links of the
// file `d3sim network --net` writes for it.
distances built(const std::string& spec, const std::string& name) {
    const std::string file = testing::TempDir() + "d3_deep_" + name + ".net";
    EXPECT_EQ(test::run_command(std::string(D3SIM) + " network" + spec + " --net " + file).code, 0);
    distances d = test::all_pairs(test::file_links(file));
    std::remove(file.c_str());
    return d;
}

// At an offered 1.0: every packet once on a shortest path of `d` (b one lower on every hop), and
// the run drains (a deadlock would stop it at the watchdog, incorrect).
void expect_shortest_paths_at_full_load(const std::string& net, const distances& d,
                                        const std::string& name) {
    const nlohmann::json j =
        test::expect_shortest_paths(D3SIM, net, d, name, "--rate 1.0 --warmup 10 --measure 10");
    ASSERT_FALSE(j.empty()) << net;
    EXPECT_FALSE(j.contains("traffic") && j["traffic"].contains("deadlock_cycle")) << net;
}

// Rings of 16 and 30 routers: diameters 8 and 15, the shortest and the longest route a header's
// 4-bit b counts, with as many virtual channels.
TEST(DeepNetworkCli, RingsOfDiameterEightAndFifteenRunTheirShortestPaths) {
    for (const int n : {16, 30}) {
        const std::string file = write_ring(n);
        const distances d = ring(n);
        const std::string net =
            " --topology file:" + file + " --vcs " + std::to_string(diameter_of(d));
        EXPECT_EQ(diameter_of(d), n / 2);
        EXPECT_FALSE(
            test::expect_shortest_paths(D3SIM, net, d, "ring" + std::to_string(n)).empty());
        expect_shortest_paths_at_full_load(net, d, "ring_full" + std::to_string(n));
        std::remove(file.c_str());
    }
}

// A network `spec` builds in memory (`--topology rsn|hdn`) of 256 routers and diameter `diameter`
// by the test's own search, run with as many channels.
void expect_built_shortest_paths(const std::string& spec, const std::string& name, int diameter) {
    const distances d = built(spec, name);
    ASSERT_EQ(d.size(), 256u) << name;
    ASSERT_EQ(diameter_of(d), diameter) << name;
    const std::string net = spec + " --vcs " + std::to_string(diameter);
    EXPECT_FALSE(test::expect_shortest_paths(D3SIM, net, d, name).empty());
    expect_shortest_paths_at_full_load(net, d, name + "_full");
}

// RSN(2,M_4x4), 256 routers, diameter 13 (docs/networks.md's comparison), built in memory.
TEST(DeepNetworkCli, SwappedMeshOfDiameterThirteenRunsItsShortestPaths) {
    expect_built_shortest_paths(" --topology rsn --levels 2 --nucleus mesh:4x4", "rsn_m4x4", 13);
}

// HDN(Q_1,3,{2,2,2}), 256 routers, diameter 11, built in memory.
TEST(DeepNetworkCli, DualNetOfDiameterElevenRunsItsShortestPaths) {
    expect_built_shortest_paths(" --topology hdn --base hypercube:1 --supernodes '0;0;0'", "hdn_q1",
                                11);
}

// Whether `path` (the routers a packet visited, source to destination) is a shortest route by `d`
// to one of its routers, then a shortest route from there to its end: Valiant's two legs, the
// hops dist(src, via) + dist(via, dst), via that router. Returns that router's place, or -1.
int via_place(const distances& d, const std::vector<int>& path) {
    const auto dist = [&](int x, int y) {
        return d[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)];
    };
    const int hops = static_cast<int>(path.size()) - 1, src = path.front(), dst = path.back();
    for (int k = 0; k <= hops; ++k) {
        bool legs = true;
        for (int i = 0; i <= hops && legs; ++i)
            legs = i <= k ? dist(src, path[static_cast<std::size_t>(i)]) == i
                          : dist(path[static_cast<std::size_t>(i)], dst) == hops - i;
        if (legs && dist(path[static_cast<std::size_t>(k)], dst) == hops - k) return k;
    }
    return -1;
}

// Valiant on `net` (distances `d` by the test's own definition or search, `--vcs` twice the
// diameter): every packet once, over a shortest route to a router of its path and a shortest route
// from there (via_place), b one lower on every hop; returns the longest route's hops.
int expect_valiant_legs(const std::string& net, const distances& d, const std::string& name,
                        const std::string& load, const std::string& routing = "valiant") {
    int longest = 0;
    const nlohmann::json j = test::run_logged(
        D3SIM,
        net + " --vcs " + std::to_string(2 * diameter_of(d)) + " --routing " + routing + " " + load,
        name, [&](const packet_seen& p) {
            std::vector<int> path;
            for (const std::string& r : p.at) path.push_back(std::stoi(r));
            path.push_back(p.destination);
            EXPECT_EQ(path.front(), p.source);
            EXPECT_GE(via_place(d, path), 0) << p.source << " -> " << p.destination;
            longest = std::max(longest, p.hops);
            for (std::size_t i = 1; i < p.b.size(); ++i) EXPECT_EQ(p.b[i], p.b[i - 1] - 1);
        });
    EXPECT_FALSE(j.empty()) << net;
    return longest;
}

// Valiant on a ring of 20 routers (diameter 10, 20 channels): two legs of up to 10 hops, more
// than a destination header's 4-bit b counts (and UGAL on it); and on HDN(Q_1,3,{2,2,2}) (256
// routers, diameter 11, 22 channels), built in memory.
TEST(DeepNetworkCli, ValiantRunsTwoLegsBeyondFifteenHops) {
    const std::string file = write_ring(20);
    const int ring_longest =
        expect_valiant_legs(" --topology file:" + file, ring(20), "ring20v",
                            "--traffic uniform --rate 0.3 --warmup 60 --measure 60");
    EXPECT_GT(ring_longest, 15);  // b's fifth bit, in a via header only
    // UGAL launches the same via header where it detours (under load, some of the way).
    expect_valiant_legs(" --topology file:" + file, ring(20), "ring20u",
                        "--traffic uniform --rate 0.5 --warmup 60 --measure 60", "ugal");
    std::remove(file.c_str());
    const std::string hdn = " --topology hdn --base hypercube:1 --supernodes '0;0;0'";
    const distances d = built(hdn, "hdn_q1v");
    ASSERT_EQ(diameter_of(d), 11);
    EXPECT_GT(expect_valiant_legs(hdn, d, "hdn_q1v",
                                  "--traffic uniform --rate 0.05 --warmup 30 --measure 30"),
              15);
}

// What is still refused, one line and exit 2: a diameter of 16 (b is 4 bits), fewer channels
// than the diameter, or for Valiant than twice the diameter, and more channels than kMaxVcs.
TEST(DeepNetworkCli, RefusesBeyondTheLimits) {
    const std::string traffic = " --traffic uniform --rate 0.1 --measure 10";
    const std::string ring32 = write_ring(32), ring30 = write_ring(30);
    test::expect_bad_input_command(
        std::string(D3SIM) + " --topology file:" + ring32 + traffic + " --vcs 16",
        "at most 15 hops (a file network's header counts them in a 4-bit b; got 16)");
    test::expect_bad_input_command(
        std::string(D3SIM) + " --topology file:" + ring32 + traffic + " --vcs 32 --routing valiant",
        "at most 15 hops (a file network's header counts them in a 4-bit b; got 16)");
    test::expect_bad_input_command(
        std::string(D3SIM) + " --topology file:" + ring30 + traffic + " --vcs 14", "--vcs 15");
    test::expect_bad_input_command(
        std::string(D3SIM) + " --topology file:" + ring30 + traffic + " --vcs 29 --routing valiant",
        "--vcs 30 or more");  // two legs of up to 15 hops
    test::expect_bad_input_command(
        std::string(D3SIM) + " --topology file:" + ring30 + traffic + " --vcs 33",
        "--vcs: must be a whole number from 0 to 32");
    std::remove(ring32.c_str());
    std::remove(ring30.c_str());
}

}  // namespace
}  // namespace d3
