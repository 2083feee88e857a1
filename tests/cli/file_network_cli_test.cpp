// d3sim --topology file:NET (issue 48 item 1): synthetic traffic on a network given as a file,
// through the SystemC model, checked against shortest paths this test finds itself: its own
// reading of the file's `link` lines and a breadth-first search from every router (not the
// simulator's network_file or minimal_routes).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <queue>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/bfs_distances.h"
#include "support/packet_log_rows.h"
#include "support/packets_seen.h"
#include "support/read_file.h"
#include "support/run_command.h"
#include "support/run_json.h"

namespace d3 {
namespace {

const std::string kTorus = std::string(D3_SOURCE_DIR) + "/configs/networks/torus-4x4.net";

// Hops between every pair of routers of the file at `path`, by the test's own search.
std::vector<std::vector<int>> distances(const std::string& path) {
    return test::all_pairs(test::file_links(path));
}

using test::packet_seen;

TEST(FileNetworkCli, TorusDeliversEveryPacketOnceOnAShortestPath) {
    const std::vector<std::vector<int>> d = distances(kTorus);
    ASSERT_EQ(d.size(), 16u);
    const std::string log = testing::TempDir() + "d3_file_network_log.csv";
    const nlohmann::json j =
        test::run_json(D3SIM, "--topology file:" + kTorus +
                                  " --traffic uniform --rate 0.1 --warmup 100 --measure 100 "
                                  "--trace-packets " +
                                  log);
    ASSERT_FALSE(j.empty());
    EXPECT_TRUE(j["correct"].get<bool>());
    EXPECT_EQ(j["topology"], "file");
    const auto injected = j["injected"].get<std::uint64_t>();
    EXPECT_EQ(j["delivered"].get<std::uint64_t>(), injected);
    EXPECT_EQ(j["traffic"]["created"].get<std::uint64_t>(), injected);
    for (const char* k : {"lost", "duplicated", "misrouted", "left_in_buffers"})
        EXPECT_EQ(j[k].get<std::uint64_t>(), 0u) << k;
    // 16 terminals at rate 0.1 over 200 steps: 320 expected, binomial sd about 17.
    EXPECT_GT(injected, 250u);
    EXPECT_LT(injected, 390u);

    const std::string text = test::read_all(log);
    std::remove(log.c_str());
    const std::map<std::uint64_t, packet_seen> packets = test::packets_of(text);
    ASSERT_EQ(packets.size(), injected);
    std::uint64_t shortest = 0;
    for (const auto& [id, p] : packets) {
        const int want =
            d[static_cast<std::size_t>(p.source)][static_cast<std::size_t>(p.destination)];
        EXPECT_EQ(p.hops, want) << "packet " << id;
        EXPECT_EQ(p.delivered, 1) << "packet " << id;
        shortest += static_cast<std::uint64_t>(want);
    }
    // The run's hops are the shortest paths' hops, packet by packet.
    EXPECT_EQ(j["hops"].get<std::uint64_t>(), shortest);
    // Distance classes: a packet leaving router r carries b = its hops still to go after this
    // one, and arrived at r in channel (its hops to go from r).
    for (const test::log_row& r : test::log_rows(text)) {
        if (r.event != "hop") continue;
        const std::size_t at = static_cast<std::size_t>(std::stoi(r.router));
        const int to_go = d[at][static_cast<std::size_t>(std::stoi(r.destination))];
        EXPECT_EQ(r.b, to_go - 1) << "packet " << r.packet << " at " << at;
    }
    // The measured packets' mean hops against the mean over all (source, destination) pairs
    // (uniform destinations, the source included): within 4 sd of a ~160 packet mean.
    double all_pairs = 0;
    for (const auto& row : d)
        for (int x : row) all_pairs += x;
    all_pairs /= static_cast<double>(d.size() * d.size());
    // The torus by definition: each ring of 4 is (0 + 1 + 2 + 1) / 4 = 1 hop on average, two rings.
    EXPECT_DOUBLE_EQ(all_pairs, 2.0);
    EXPECT_NEAR(j["traffic"]["hops"]["mean"].get<double>(), all_pairs, 0.35);
}

// --trace-routers picks a file network's routers by index: the log keeps exactly the events of
// router 3 that the unfiltered log of the same run has.
TEST(FileNetworkCli, TraceRoutersPicksRoutersByIndex) {
    const std::string all = testing::TempDir() + "d3_file_network_all.csv";
    const std::string three = testing::TempDir() + "d3_file_network_three.csv";
    const std::string run =
        "--topology file:" + kTorus +
        " --traffic uniform --rate 0.2 --warmup 20 --measure 20 --trace-packets ";
    ASSERT_FALSE(test::run_json(D3SIM, run + all).empty());
    ASSERT_FALSE(test::run_json(D3SIM, run + three + " --trace-routers 3").empty());
    std::vector<std::string> want, got;
    for (const test::log_row& r : test::log_rows(test::read_all(all)))
        if (r.router == "3")
            want.push_back(std::to_string(r.step) + r.event + std::to_string(r.packet));
    for (const test::log_row& r : test::log_rows(test::read_all(three)))
        got.push_back(std::to_string(r.step) + r.event + std::to_string(r.packet));
    std::remove(all.c_str());
    std::remove(three.c_str());
    EXPECT_FALSE(want.empty());
    EXPECT_EQ(got, want);
}

TEST(FileNetworkCli, RefusesWhatDoesNotApplyToAFileNetwork) {
    const std::string net = std::string(D3SIM) + " --topology file:" + kTorus;
    const std::string traffic = " --traffic uniform --rate 0.1 --warmup 10 --measure 10";
    test::expect_bad_input_command(net + " --primitive all-to-all", "runs --traffic");
    // Valiant and UGAL need twice the diameter's 4 hops: as many channels as that.
    test::expect_bad_input_command(net + traffic + " --routing ugal", "--vcs 8");
    test::expect_bad_input_command(net + traffic + " --routing valiant", "--vcs 8");
    test::expect_bad_input_command(net + " --traffic drawer-to-drawer --rate 0.1", "neighbor");
    test::expect_bad_input_command(net + traffic + " --k 4", "--k");
    test::expect_bad_input_command(net + traffic + " --fail-links random:1", "--fail-links");
    test::expect_bad_input_command(net + traffic + " --global-latency 2", "--global-latency");
    test::expect_bad_input_command(
        net + traffic + " --trace-packets " + testing::TempDir() +
            "d3_file_network_refused.csv --trace-routers 0,0,0",
        "--trace-routers: --wave-scope: '0,0,0' is not all, conflicts or r");
    test::expect_bad_input_command(net + traffic + " --vcs 3", "--vcs 4");
    test::expect_bad_input_command(net + traffic + " --vc-allocator separable-input-first",
                                   "the paper's router");
    test::expect_bad_input_command(net + traffic + " --concentration 2", "--concentration 2");
    test::expect_bad_input_command(
        std::string(D3SIM) + " --topology file:/nonexistent.net" + traffic, "cannot read");
    test::expect_bad_input_command(std::string(D3SIM) + " --topology file" + traffic, "file:PATH");
}

}  // namespace
}  // namespace d3
