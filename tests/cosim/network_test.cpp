// Whole networks through d3sim, as a user runs them: --decoder rtl and --decoder lockstep give the
// same JSON result as --decoder cpp, and a seeded fault in the RTL (d3sim_fault, linked with the
// SeededFault = 1 build) makes lockstep stop the run with an error naming the difference.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/run_command.h"

namespace {

using d3::test::outcome;

outcome run(const std::string& d3sim, const std::string& args) {
    return d3::test::run_command(d3sim + " " + args);
}

// Keys that measure the run, not the network: they differ from run to run with any decoder.
// The issue names wall_seconds, elaboration_seconds and decoder; hops_per_second (hops divided by
// wall_seconds) and peak_rss_kib (process memory) are measurements of the same kind.
// `config` records the run's options, the decoder among them (issue 16).
const std::array<const char*, 6> kRunKeys = {"wall_seconds",    "elaboration_seconds", "decoder",
                                             "hops_per_second", "peak_rss_kib",        "config"};

nlohmann::json result(const std::string& args, const std::string& decoder) {
    const outcome o = run(D3SIM, args + " --decoder " + decoder + " --json - --quiet");
    EXPECT_EQ(o.code, 0) << args << " --decoder " << decoder << ": " << o.err;
    nlohmann::json j = nlohmann::json::parse(o.out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << o.out;
    if (j.is_discarded()) return {};
    EXPECT_EQ(j.value("decoder", ""), decoder);
    EXPECT_TRUE(j.value("correct", false)) << j.dump(2);
    for (const char* key : kRunKeys) {
        EXPECT_TRUE(j.contains(key)) << key;
        j.erase(key);
    }
    return j;
}

void expect_same_result(const std::string& args) {
    const nlohmann::json cpp = result(args, "cpp");
    EXPECT_GT(cpp.value("hops", 0u), 0u) << args;
    EXPECT_EQ(result(args, "rtl"), cpp) << args << " --decoder rtl";
    EXPECT_EQ(result(args, "lockstep"), cpp) << args << " --decoder lockstep";
}

TEST(CosimNetwork, AllToAllD3_2_4) {
    expect_same_result("--k 2 --m 4");
}
TEST(CosimNetwork, AllToAllD3_3_4) {
    expect_same_result("--k 3 --m 4");
}
TEST(CosimNetwork, AllToAllD3_4_8) {
    expect_same_result("--k 4 --m 8");
}
TEST(CosimNetwork, AllToAllUnscheduledD3_3_6) {
    expect_same_result("--k 3 --m 6 --schedule none");
}
TEST(CosimNetwork, BroadcastD3_3_4) {
    expect_same_result("--k 3 --m 4 --primitive broadcast --source 1,0,2");
}
TEST(CosimNetwork, BroadcastFromFixedPointD3_3_4) {
    expect_same_result("--k 3 --m 4 --primitive broadcast --source 2,3,3");
}
TEST(CosimNetwork, BroadcastD3_4_8) {
    expect_same_result("--k 4 --m 8 --primitive broadcast --source 0,1,0");
}

TEST(CosimNetwork, BroadcastOneCabinetD3_1_12) {
    expect_same_result("--k 1 --m 12 --primitive broadcast --source 0,5,3");
}

// Issue 14: the RTL on MDF (mdf_i, the routing table entries) gives the cpp decoder's result:
// source vectors and in-group destination headers (the all-to-all), the broadcast's extra copy at
// router 0 of the group, and a wiring that is not palmtree (its conflicts must match too).
TEST(CosimNetwork, AllToAllMdf4_8Palmtree) {
    expect_same_result("--topology mdf --arrangement palmtree --k 4 --m 8 --primitive all-to-all");
}
TEST(CosimNetwork, AllToAllMdf2_3Consecutive) {
    expect_same_result("--topology mdf --arrangement consecutive --k 2 --m 3");
}
TEST(CosimNetwork, BroadcastMdf3_4) {
    expect_same_result("--topology mdf --k 3 --m 4 --primitive broadcast --source 5,0,2");
}

// The other header kinds through whole networks: destination headers (section 12's
// --headers destination), the synchronizing header of the depth-four trees, and the deflection
// ports C and D (b = 5, 4) of a valiant and a ugal background under a privileged all-to-all.
TEST(CosimNetwork, DestinationHeadersPermutationD3_3_4) {
    expect_same_result("--k 3 --m 4 --primitive permutation --headers destination --seed 7");
}
TEST(CosimNetwork, SynchronizingHeadersBroadcastTreesD3_3_4) {
    expect_same_result("--k 3 --m 4 --primitive broadcast-trees --source 1,1,2");
}
TEST(CosimNetwork, DeflectedBackgroundD3_4_4) {
    expect_same_result(
        "--k 4 --m 4 --primitive all-to-all --background uniform --background-rate 0.3 "
        "--background-routing valiant");
    expect_same_result(
        "--k 4 --m 4 --primitive all-to-all --background hotspot --background-rate 0.3 "
        "--background-routing ugal --service standard");
}

// The seeded fault: one wrong case in the RTL (source vector, b = 1: delta instead of pi).
TEST(SeededFault, LockstepStopsAtTheFirstDifference) {
    const outcome o = run(D3SIM_FAULT, "--k 3 --m 4 --decoder lockstep --json - --quiet");
    EXPECT_EQ(o.code, 1) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    for (const char* part :
         {"d3sim: error: d3/lockstep: ", "tb.network.router_", " step ", "(decode ", "header (0,1;",
          "C++ reference: local port ", "; RTL: local port "})
        EXPECT_NE(o.err.find(part), std::string::npos) << part << " in: " << o.err;
    // A result for the CI job that reads it: not correct, the error and the step it stopped in.
    const nlohmann::json j = nlohmann::json::parse(o.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << o.out;
    EXPECT_FALSE(j.value("correct", true));
    EXPECT_EQ("d3sim: error: " + j.value("error", std::string()) + "\n", o.err);
    EXPECT_EQ(j["problems"][0], "error: " + j.value("error", std::string()));
    const std::size_t at = o.err.find(" step ");
    ASSERT_NE(at, std::string::npos);
    EXPECT_EQ(j.value("stopped_at_step", 0ul), std::stoul(o.err.substr(at + 6)));
    EXPECT_EQ(j["config"]["router"]["route_stage"]["decoder"], "lockstep") << j.dump(2);
}

// What led to the mismatch stays readable: the waveform ends at the step after it (with its gtkwave
// view) and the packet log is closed after its last whole line (both were left empty or cut
// mid-line when the error ended the process).
TEST(SeededFault, LockstepStopLeavesTheTraceUpToTheMismatch) {
    const std::string base = testing::TempDir() + "d3_fault_" + std::to_string(getpid());
    const outcome o = run(D3SIM_FAULT, "--k 3 --m 4 --decoder lockstep --quiet --wave " + base +
                                           ".vcd --trace-packets " + base + ".csv");
    EXPECT_EQ(o.code, 1) << o.err;
    const std::size_t at = o.err.find(" step ");
    ASSERT_NE(at, std::string::npos) << o.err;
    const unsigned long step = std::stoul(o.err.substr(at + 6));
    const auto read = [](const std::string& path) {
        std::ifstream f(path, std::ios::binary);
        std::stringstream s;
        s << f.rdbuf();
        return s.str();
    };
    const std::string vcd = read(base + ".vcd");
    ASSERT_NE(vcd.find("$enddefinitions"), std::string::npos) << "no VCD header";
    const std::size_t last = vcd.rfind("\n#");
    ASSERT_NE(last, std::string::npos);
    EXPECT_EQ(std::stoul(vcd.substr(last + 2)), step + 1) << "the trace's last time";
    EXPECT_NE(read(base + ".gtkw").find("[dumpfile]"), std::string::npos);
    const std::string log = read(base + ".csv");
    ASSERT_FALSE(log.empty());
    EXPECT_EQ(log.back(), '\n') << "the packet log ends with a whole line";
    EXPECT_NE(log.find("\n" + std::to_string(step) + ","), std::string::npos)
        << "the log has the events of the mismatch's step";
}

TEST(SeededFault, RtlAloneDeliversWrongly) {
    // Without lockstep the faulty RTL runs to the end and the primitive check fails.
    const outcome o = run(D3SIM_FAULT, "--k 3 --m 4 --decoder rtl --json - --quiet");
    EXPECT_EQ(o.code, 1) << o.err;
    const nlohmann::json j = nlohmann::json::parse(o.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << o.out << o.err;
    EXPECT_FALSE(j.value("correct", true));
    EXPECT_GT(j.value("misrouted", 0u), 0u) << j.dump(2);
}

TEST(SeededFault, ReferenceDecoderIsUnaffected) {
    EXPECT_EQ(run(D3SIM_FAULT, "--k 3 --m 4 --decoder cpp --quiet").code, 0);
}

TEST(CosimNetwork, UnknownDecoderIsBadInput) {
    const outcome o = run(D3SIM, "--decoder verilog");
    EXPECT_EQ(o.code, 2);
    EXPECT_NE(o.err.find("--decoder"), std::string::npos) << o.err;
}

}  // namespace
