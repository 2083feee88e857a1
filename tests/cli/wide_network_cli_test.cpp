// File networks beyond 256 routers and of diameters 6 and 7 (issue 48; docs/networks.md, "Routers
// and diameter"): a header names a router of more than 256 in c' and p', a packet takes a virtual
// channel per hop still to go up to seven. Checked against what this test derives itself: the
// Hamming graph and rings from their definitions, RSN(3,K_3) from the links of the file `d3sim
// network --net` writes, each with distances of its own; and the limits that are left.
#include <gtest/gtest.h>

#include <cstdint>
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
        testing::TempDir() + "d3_wide_ring" + std::to_string(routers) + ".net", routers);
}
distances ring(int n) {
    return test::ring_distances(n);
}

// The mean of d over all (source, destination) pairs, the source included (uniform traffic).
double all_pairs_mean(const distances& d) {
    double sum = 0;
    for (const auto& row : d)
        for (int x : row) sum += x;
    return sum / static_cast<double>(d.size() * d.size());
}

// Minimal routing on `net` under uniform traffic: every packet once on a shortest path of `d`,
// b the hops still to go; the run's hops their sum, and the measured packets' mean hops within
// `tolerance` of the all-pairs mean.
void expect_shortest_paths(const std::string& net, const distances& d, const std::string& name,
                           double tolerance) {
    const nlohmann::json j = test::expect_shortest_paths(D3SIM, net, d, name);
    ASSERT_FALSE(j.empty());
    EXPECT_NEAR(j["traffic"]["hops"]["mean"].get<double>(), all_pairs_mean(d), tolerance);
}

// H(17,17), 289 routers: headers name them in groups of two (the last group one router). The
// Hamming distance by definition: the coordinates (r / 17, r % 17) that differ.
TEST(WideNetworkCli, Hamming17x17RunsItsShortestPaths) {
    distances d(289, std::vector<int>(289));
    for (int s = 0; s < 289; ++s)
        for (int t = 0; t < 289; ++t)
            d[static_cast<std::size_t>(s)][static_cast<std::size_t>(t)] =
                (s / 17 != t / 17) + (s % 17 != t % 17);
    EXPECT_NEAR(all_pairs_mean(d), 2.0 * 16 / 17, 1e-12);
    // About 3,500 measured packets: the mean's sd about 0.006.
    expect_shortest_paths(" --topology hamming --dims 17,17", d, "h17", 0.03);
}

// Valiant on H(17,17): the intermediate router's place in its header group rides in D beside
// the last leg's hops. Every packet once, b one lower on every hop, at most 2 + 2 hops and at
// least the shortest path.
TEST(WideNetworkCli, Hamming17x17RunsValiant) {
    const nlohmann::json j = test::run_logged(
        D3SIM,
        " --topology hamming --dims 17,17 --traffic uniform --rate 0.1 --warmup 30 --measure 30 "
        "--routing valiant",
        "h17v", [&](const packet_seen& p) {
            const int shortest =
                (p.source / 17 != p.destination / 17) + (p.source % 17 != p.destination % 17);
            EXPECT_GE(p.hops, shortest);
            EXPECT_LE(p.hops, 4);
            for (std::size_t i = 1; i < p.b.size(); ++i) EXPECT_EQ(p.b[i], p.b[i - 1] - 1);
            if (!p.b.empty()) {
                EXPECT_GE(p.b.back(), 0);  // above 0 where the first leg passed the destination
            }
        });
    ASSERT_FALSE(j.empty());
    EXPECT_GT(j["traffic"]["hops"]["mean"].get<double>(), 2.0 * 16 / 17 + 0.5);
}

// Rings of 12 and 14 routers: diameters 6 and 7, a virtual channel per hop still to go.
TEST(WideNetworkCli, RingsOfDiameterSixAndSevenRunTheirShortestPaths) {
    for (const int n : {12, 14}) {
        const std::string file = write_ring(n);
        const distances d = ring(n);
        // (0 + 1 + ... + n/2 + ... + 1) / n: 3 for 12 routers, 3.5 for 14.
        EXPECT_DOUBLE_EQ(all_pairs_mean(d), n / 4.0);
        // About 300 measured packets: the mean's sd about 0.1.
        expect_shortest_paths(" --topology file:" + file + " --vcs " + std::to_string(n / 2), d,
                              "ring" + std::to_string(n), 0.45);
        std::remove(file.c_str());
    }
}

// RSN(3,K_3): 3^4 = 81 routers, diameter 2^2 (1 + 1) - 1 = 7 (docs/networks.md), distances
// from the links `d3sim network` writes.
TEST(WideNetworkCli, SwappedNetworkOfDiameterSevenRunsItsShortestPaths) {
    const std::string spec = " --topology rsn --levels 3 --nucleus complete:3";
    const std::string file = testing::TempDir() + "d3_wide_rsn3.net";
    ASSERT_EQ(test::run_command(std::string(D3SIM) + " network" + spec + " --net " + file).code, 0);
    const distances d = test::all_pairs(test::file_links(file));
    std::remove(file.c_str());
    ASSERT_EQ(d.size(), 81u);
    int diameter = 0;
    for (const auto& row : d)
        for (int x : row) diameter = std::max(diameter, x);
    EXPECT_EQ(diameter, 7);
    expect_shortest_paths(spec + " --vcs 7", d, "rsn3", 0.45);
}

// What is still refused, one line and exit 2: fewer channels than the diameter, more than 8,192
// routers (256 header groups of 32); diameters of 16 and more and Valiant beyond 15 hops:
// deep_network_cli_test.cpp.
TEST(WideNetworkCli, RefusesBeyondTheLimits) {
    const std::string traffic = " --traffic uniform --rate 0.1 --measure 10";
    const std::string ring14 = write_ring(14), big = write_ring(8193);
    test::expect_bad_input_command(
        std::string(D3SIM) + " --topology file:" + ring14 + traffic + " --vcs 6", "--vcs 7");
    test::expect_bad_input_command(std::string(D3SIM) + " --topology file:" + big + traffic,
                                   "at most 8192 routers in the simulator");
    std::remove(ring14.c_str());
    std::remove(big.c_str());
}

}  // namespace
}  // namespace d3
