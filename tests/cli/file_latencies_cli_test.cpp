// d3sim --topology file:NET with links of several latencies (issue 48 item 1: "links with port
// numbers and latency"): each hop takes its own link's latency, a packet's latency is the sum of
// its path's, every packet is delivered once, and each link's credits come back over it in its
// latency. The networks are written here, and the test knows each link's far end and latency from
// its own geometry (not from the simulator's network_file or file_topology).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "support/packet_log_rows.h"
#include "support/read_file.h"
#include "support/run_command.h"
#include "support/run_json.h"

namespace d3 {
namespace {

// A 4 x 4 torus whose links have three latencies: router y * 4 + x; port 0 leads to x + 1, port 1
// to x - 1, port 2 to y + 1, port 3 to y - 1 (mod 4). The x links take kShort cycles but the
// wrap-around one between x = 3 and x = 0, kWrap; the y links kLong.
constexpr int kSide = 4;
constexpr int kShort = 1, kLong = 3, kWrap = 6;

int at(int x, int y) {
    return ((y + kSide) % kSide) * kSide + (x + kSide) % kSide;
}

struct hop_end {
    int router = 0;
    int latency = 0;
};

// Where port `port` of router `r` leads, and its link's latency, by the torus's geometry.
hop_end torus_link(int r, int port) {
    const int x = r % kSide, y = r / kSide;
    switch (port) {
        case 0:
            return {at(x + 1, y), x == kSide - 1 ? kWrap : kShort};
        case 1:
            return {at(x - 1, y), x == 0 ? kWrap : kShort};
        case 2:
            return {at(x, y + 1), kLong};
        default:
            return {at(x, y - 1), kLong};
    }
}

// The file at TempDir/`name` (a name per test: CTest may run them at once).
std::string write_torus(const std::string& name) {
    const std::string path = testing::TempDir() + name;
    std::ofstream f(path);
    f << "routers " << kSide * kSide << "\nterminals 1\n";
    for (int r = 0; r < kSide * kSide; ++r) {
        f << "link " << r << " 0 " << torus_link(r, 0).router << " 1 " << torus_link(r, 0).latency
          << "\n";
        f << "link " << r << " 2 " << torus_link(r, 2).router << " 3 " << torus_link(r, 2).latency
          << "\n";
    }
    return path;
}

// "global 3" -> 3 (a file network's ports are all global ports).
int port_of_label(const std::string& output) {
    return std::stoi(output.substr(output.find(' ') + 1));
}

void expect_every_packet_once(const nlohmann::json& j) {
    ASSERT_FALSE(j.empty());
    EXPECT_TRUE(j["correct"].get<bool>());
    EXPECT_EQ(j["delivered"].get<std::uint64_t>(), j["injected"].get<std::uint64_t>());
    for (const char* k : {"lost", "duplicated", "misrouted", "left_in_buffers"})
        EXPECT_EQ(j[k].get<std::uint64_t>(), 0u) << k;
}

// At a low load: every hop's packet shows up at the link's far end (its next row of the log: a
// hop, a delivery or a lost arbitration there) exactly the link's latency later, and a packet
// that never lost an arbitration is delivered 1 + (its links' latencies) steps after it entered
// its source router (the injection step, then each hop), however long its path's links are.
TEST(FileLatenciesCli, EachHopTakesItsLinksLatency) {
    const std::string net = write_torus("d3_file_latencies_torus.net");
    const std::string log = testing::TempDir() + "d3_file_latencies.csv";
    const nlohmann::json j = test::run_json(
        D3SIM, "--topology file:" + net +
                   " --traffic uniform --rate 0.02 --warmup 100 --measure 300 --trace-packets " +
                   log);
    expect_every_packet_once(j);
    std::map<std::uint64_t, std::vector<test::log_row>> rows;  // per packet, in step order
    for (const test::log_row& r : test::log_rows(test::read_all(log))) rows[r.packet].push_back(r);
    std::remove(log.c_str());
    std::remove(net.c_str());
    ASSERT_EQ(rows.size(), j["injected"].get<std::uint64_t>());
    std::size_t unhindered = 0, by_latency[kWrap + 1] = {};
    for (const auto& [id, seen] : rows) {
        ASSERT_EQ(seen.front().event, "inject") << "packet " << id;
        ASSERT_EQ(seen.back().event, "deliver") << "packet " << id;
        EXPECT_EQ(seen.back().router, seen.back().destination) << "packet " << id;
        std::uint64_t path = 0;  // its links' latencies
        bool waited = false;
        for (std::size_t i = 0; i + 1 < seen.size(); ++i) {
            waited = waited || seen[i].event == "conflict-wait";
            if (seen[i].event != "hop") continue;
            const hop_end e = torus_link(std::stoi(seen[i].router), port_of_label(seen[i].output));
            EXPECT_EQ(seen[i + 1].router, std::to_string(e.router)) << "packet " << id;
            EXPECT_EQ(seen[i + 1].step, seen[i].step + static_cast<std::uint64_t>(e.latency))
                << "packet " << id << " over a link of " << e.latency << " cycles";
            path += static_cast<std::uint64_t>(e.latency);
            ++by_latency[e.latency];
        }
        if (waited) continue;
        ++unhindered;
        EXPECT_EQ(seen.back().step - seen.front().step, 1 + path) << "packet " << id;
    }
    // Not vacuous: most packets never waited, and hops took each of the three latencies.
    EXPECT_GT(unhindered, rows.size() * 9 / 10);
    EXPECT_GT(rows.size(), 60u);
    for (int l : {kShort, kLong, kWrap}) EXPECT_GT(by_latency[l], 5u) << l << " cycles";
}

// A ring of kRing routers, router r's port 0 to r + 1 and port 1 to r - 1; the link from r to
// r + 1 takes ring_latency(r) cycles.
constexpr int kRing = 4;
int ring_latency(int r) {
    return r % 2 == 0 ? 2 : 7;
}

std::string write_ring() {
    const std::string path = testing::TempDir() + "d3_file_latencies_ring.net";
    std::ofstream f(path);
    f << "routers " << kRing << "\n";
    for (int r = 0; r < kRing; ++r)
        f << "link " << r << " 0 " << (r + 1) % kRing << " 1 " << ring_latency(r) << "\n";
    return path;
}

// The credits come back over each link in its latency: with buffers of one packet every router
// sends to its neighbour r + 1 (--traffic neighbor) as fast as its credit returns. A packet sent
// at step s reaches r + 1 at s + L, is delivered (read out of the buffer) there at once, and its
// credit travels back L cycles: the link carries one packet each 2 L steps, so router r sends
// (its hops in the log) one packet per 2 ring_latency(r) steps, whatever the other links' latency.
TEST(FileLatenciesCli, EachLinksCreditsComeBackInItsLatency) {
    const std::string net = write_ring(), log = testing::TempDir() + "d3_file_latencies_ring.csv";
    const std::uint64_t from = 100, to = 100 + 280;  // 280: a multiple of 2 x 2 and 2 x 7
    const nlohmann::json j = test::run_json(
        D3SIM, "--topology file:" + net +
                   " --traffic neighbor --rate 1.0 --buffer-depth 1 --warmup 100 --measure 300 "
                   "--trace-packets " +
                   log);
    expect_every_packet_once(j);
    std::vector<std::uint64_t> sent(kRing, 0);
    for (const test::log_row& r : test::log_rows(test::read_all(log)))
        if (r.event == "hop" && r.step >= from && r.step < to) ++sent[std::stoul(r.router)];
    std::remove(log.c_str());
    std::remove(net.c_str());
    for (int r = 0; r < kRing; ++r) {
        EXPECT_EQ(sent[static_cast<std::size_t>(r)],
                  (to - from) / static_cast<std::uint64_t>(2 * ring_latency(r)))
            << "router " << r;
    }
}

// Under load, with buffers of two packets so that the credits of all three latencies pace the
// links: every packet is delivered once.
TEST(FileLatenciesCli, EveryPacketArrivesOnceUnderLoad) {
    const std::string net = write_torus("d3_file_latencies_loaded.net");
    expect_every_packet_once(
        test::run_json(D3SIM, "--topology file:" + net +
                                  " --traffic uniform --rate 0.6 --buffer-depth 2 --warmup 200 "
                                  "--measure 400"));
    std::remove(net.c_str());
}

// What is still refused: a link longer than the simulator's links may be (1,024 cycles).
TEST(FileLatenciesCli, RefusesALinkBeyondTheLongestLatency) {
    const std::string path = testing::TempDir() + "d3_file_latencies_long.net";
    std::ofstream(path) << "routers 3\nlink 0 0 1 0 5\nlink 1 1 2 0 1025\nlink 2 1 0 1\n";
    test::expect_bad_input_command(
        std::string(D3SIM) + " --topology file:" + path + " --traffic uniform --rate 0.1",
        "link latency is at most 1024 cycles (got 1025)");
    std::remove(path.c_str());
}

}  // namespace
}  // namespace d3
