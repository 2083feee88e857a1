// `d3sim network` (issue 48; docs/networks.md) as a user runs it: the figures of a built network
// against counts derived here from the definitions, the network file and the program trace it
// writes, and its refusals.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli/d3sim_cli.h"
#include "support/read_file.h"

namespace d3 {
namespace {

using test::expect_bad_input;
using test::read_all;
using test::write_temp;

std::string temp(const std::string& name) {
    return write_temp(test::unique_name("d3_network", name), "");
}

nlohmann::json run_network(const std::string& args, const std::string& json) {
    const test::outcome r = test::run_d3sim("network " + args + " --json " + json);
    EXPECT_EQ(r.code, 0) << args << "\n" << r.err;
    std::ifstream in(json);
    return nlohmann::json::parse(in, nullptr, false);
}

// RSN(2, K_4): four copies of K_4 (6 links each) and a level-2 link at every node but the four
// leaders X X (12 nodes, 6 links); any two nodes X'X'' and Y'Y'' are at most 3 apart (to X'Y',
// across, then one nucleus hop).
TEST(NetworkCli, RsnFiguresAndItsNetworkFile) {
    const std::string net = temp("rsn.net"), json = temp("rsn.json");
    const nlohmann::json j =
        run_network("--topology rsn --levels 2 --nucleus complete:4 --net " + net, json);
    EXPECT_EQ(j["nodes"], 16);
    EXPECT_EQ(j["links"], 4 * 6 + 12 / 2);
    EXPECT_EQ(j["diameter"], 3);
    EXPECT_EQ(j["degree_min"], 3);
    EXPECT_EQ(j["degree_max"], 4);
    std::istringstream text(read_all(net));
    int links = 0;
    for (std::string line; std::getline(text, line);) links += line.rfind("link ", 0) == 0;
    EXPECT_EQ(links, 30);
}

// Fig. 2's HDN(Q_2, 1, {SN_1 = Q_1}): 16 nodes, each starts with 16 items. Stage 1 sends 8
// (those for its own class), each of the four dimension rounds half of the 16 held, stage 3 all
// 16: 6 rounds of 16 messages, 16 * (8 + 4 * 8 + 16) items, time (1 + 8) * 5 + (1 + 16).
TEST(NetworkCli, HdnTotalExchangeAndItsTrace) {
    const std::string trace = temp("te.trace"), json = temp("te.json");
    const nlohmann::json j = run_network(
        "--topology hdn --base hypercube:2 --supernodes 0 --program total-exchange --trace " +
            trace,
        json);
    EXPECT_EQ(j["nodes"], 16);
    EXPECT_EQ(j["rounds"], 6);
    EXPECT_EQ(j["messages"], 6 * 16);
    EXPECT_EQ(j["items"], 16 * (8 + 4 * 8 + 16));
    EXPECT_EQ(j["time"], 9 * 5 + 17);
    std::istringstream text(read_all(trace));
    int messages = 0;
    for (std::string line; std::getline(text, line);) messages += !line.empty() && line[0] != '#';
    EXPECT_EQ(messages, 96);
}

TEST(NetworkCli, RefusesWhatItCannotBuildOrRun) {
    expect_bad_input("network --topology torus", "--topology");
    expect_bad_input("network --topology rsn --levels 2 --nucleus star:4", "--nucleus");
    expect_bad_input("network --topology rsn --levels 3 --nucleus complete:16", "16384");
    expect_bad_input("network --topology hdn --base hypercube:2 --supernodes '0;7'",
                     "--supernodes");
    expect_bad_input(
        "network --topology hdn --base torus:3x3 --supernodes - --program total-exchange",
        "hypercube");
    expect_bad_input("network --topology rsn --levels 2 --nucleus hypercube:2 --program emul:5",
                     "emul");
    expect_bad_input("network --topology hamming --dims 4 ", "--dims");
    expect_bad_input("network --topology rsn --levels 2 --nucleus hypercube:2 --trace x.trace",
                     "--program");
    expect_bad_input(
        "network --topology rsn --levels 2 --nucleus hypercube:2 --program ascend --net a --trace "
        "a",
        "one file");
}

}  // namespace
}  // namespace d3
