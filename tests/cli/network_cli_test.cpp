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

// A node program's trace run by d3sim on the network's own file: every message arrives once,
// and the completion cycle is the program's time in the linear model.
nlohmann::json run_program(const std::string& network, const std::string& program,
                           const std::string& name) {
    const std::string net = temp(name + ".net"), trace = temp(name + ".trace");
    const test::outcome w = test::run_d3sim("network " + network + " --program " + program +
                                            " --net " + net + " --trace " + trace);
    EXPECT_EQ(w.code, 0) << w.err;
    const nlohmann::json j =
        test::run_d3sim_json("--topology file:" + net + " --trace " + trace, temp(name + ".json"));
    EXPECT_TRUE(j["correct"].get<bool>()) << network << " " << program;
    EXPECT_EQ(j["trace"]["messages_arrived"], j["trace"]["messages"]);
    return j["trace"];
}

// One-hop messages of one flit: a message arrives 2 steps after it is created (its injection
// step and its hop), and the next round's is created a step later (docs/traces.md), so R rounds
// complete at 3 R - 1. Emul(j) on RSN(2, Q_2) is one nucleus round for j <= 2 and swap, nucleus
// round, swap for j = 3, 4 (section 3.3); ascend is n + 1 + n + 1 = 6 rounds (section 3.2).
TEST(NetworkCli, RsnProgramsRunOnTheirNetwork) {
    const std::string rsn = "--topology rsn --levels 2 --nucleus hypercube:2";
    for (int j = 1; j <= 4; ++j) {
        const nlohmann::json t = run_program(rsn, "emul:" + std::to_string(j), "emul");
        const int rounds = j <= 2 ? 1 : 3;
        EXPECT_EQ(t["completion_cycle"], 3 * rounds - 1) << "j=" << j;
        EXPECT_EQ(t["messages"], rounds == 1 ? 16 : 16 + 12 + 12);  // four leaders sit swaps out
    }
    EXPECT_EQ(run_program(rsn, "ascend", "ascend")["completion_cycle"], 3 * 6 - 1);
    EXPECT_EQ(run_program(rsn, "descend", "descend")["completion_cycle"], 3 * 6 - 1);
}

// The total exchange's messages carry S one-flit packets: created, a round's message arrives 2 +
// S - 1 steps later, and the next round starts a step after. With t_s = 2 and t_w = 1 step per
// flit that is the linear model's round, t_s + t_w S, and the run completes at T - 1, T the
// stages' sum 2^k T_0(m n_k / n_0) + (2^k - 1)(2 t_s + 3 t_w m n_k / 2), T_0(m) = n (t_s + t_w m
// 2^n / 2) (docs/networks.md).
TEST(NetworkCli, HdnTotalExchangeRunsInTheTimeOfItsStages) {
    struct shape {
        std::string args;
        int n, k, nodes;
    };
    for (const shape& s : {shape{"--base hypercube:1 --supernodes -", 1, 1, 8},
                           shape{"--base hypercube:2 --supernodes 0", 2, 1, 16}}) {
        const nlohmann::json t = run_program("--topology hdn " + s.args, "total-exchange", "te");
        const double ts = 2, tw = 1, m = 1, nk = s.nodes, n0 = 1 << s.n;
        const double t0 = s.n * (ts + tw * (m * nk / n0) * n0 / 2);
        const double time = (1 << s.k) * t0 + ((1 << s.k) - 1) * (2 * ts + 1.5 * tw * m * nk);
        EXPECT_EQ(t["completion_cycle"].get<double>(), time - 1) << s.args;
        EXPECT_EQ(t["flits"], s.nodes * (s.nodes / 2 + s.n * s.nodes / 2 * 2 + s.nodes)) << s.args;
    }
}

// A trace on a file network runs on the paper's router with a virtual channel per hop of the
// longest route (HDN(Q_2,1,{s1=2}) has diameter 5): fewer, or a design-space router, is refused.
TEST(NetworkCli, ATraceOnAFileNetworkNeedsItsDistanceClasses) {
    const std::string net = temp("classes.net"), trace = temp("classes.trace");
    ASSERT_EQ(test::run_d3sim("network --topology hdn --base hypercube:2 --supernodes 0 --program "
                              "total-exchange --net " +
                              net + " --trace " + trace)
                  .code,
              0);
    const std::string run = "--topology file:" + net + " --trace " + trace;
    expect_bad_input(run + " --vcs 4", "--vcs 5 or more");
    expect_bad_input(run + " --sw-allocator islip", "paper's router");
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
    expect_bad_input(
        "network --topology rsn --levels 2 --nucleus hypercube:2 --diameter-links --program ascend",
        "without diameter links");
    expect_bad_input("network --topology rsn --levels 2 --nucleus hypercube:2 --trace x.trace",
                     "--program");
    expect_bad_input(
        "network --topology rsn --levels 2 --nucleus hypercube:2 --program ascend --net a --trace "
        "a",
        "one file");
}

}  // namespace
}  // namespace d3
