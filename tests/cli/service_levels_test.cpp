// Two service levels (paper, section 12), run as d3sim runs them, one d3sim process per run: a
// privileged primitive under standard background traffic has exactly the figures of the idle
// network (a separate run without background, and the paper's count of steps), a standard one
// takes longer; both classes are delivered exactly once; bad combinations are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include <unistd.h>

#include "paper/run_d3sim.h"

namespace d3 {
namespace {

using test::net;
using test::outcome;
using test::run;
using test::run_command;

// The figures a privileged primitive must keep whatever the background does.
void expect_same_primitive_figures(const nlohmann::json& idle, const nlohmann::json& loaded,
                                   const std::string& what) {
    for (const char* key :
         {"rounds", "delays", "steps", "hops", "holds", "conflicts", "conflict_waits", "correct"})
        EXPECT_EQ(loaded[key], idle[key]) << what << ": " << key;
    EXPECT_EQ(loaded["first_conflicts"], idle["first_conflicts"]) << what;
    EXPECT_EQ(loaded["details"], idle["details"]) << what;
}

// `near`: the accepted load must be within 10 % of the offered rate (a load the network carries).
void expect_background_delivered(const nlohmann::json& j, double rate, const std::string& what,
                                 bool near = true) {
    ASSERT_TRUE(j.contains("background")) << what;
    const auto& b = j["background"];
    EXPECT_EQ(j["lost"], 0) << what;
    EXPECT_EQ(j["duplicated"], 0) << what;
    EXPECT_EQ(j["left_in_buffers"], 0) << what;
    EXPECT_EQ(b["delivered"], b["created"]) << what;
    EXPECT_EQ(b["measured_delivered"], b["measured_created"]) << what;
    EXPECT_GT(b["created"].get<long>(), 0) << what;
    // Bernoulli creation at `rate`: offered and accepted within a few percent of it.
    EXPECT_NEAR(b["offered"].get<double>(), rate, 0.05 * rate) << what;
    if (near) {
        EXPECT_NEAR(b["accepted"].get<double>(), rate, 0.1 * rate) << what;
    }
    EXPECT_GT(b["accepted"].get<double>(), 0.0) << what;
    EXPECT_GE(b["latency"]["mean"].get<double>(), 1.0) << what;
}

TEST(ServiceLevels, PrivilegedAllToAllUnderBackgroundHasTheIdleFigures) {
    const std::string a2a = net(4, 8) + " --primitive all-to-all";
    const nlohmann::json idle = run(a2a);
    // The paper's all-to-all on D3(4,8): K M^2 = 256 rounds, M/2 delays per M rounds = 32, and
    // the last round's packets arrive 3 steps after its launch: 256 + 32 + 2 steps after the
    // first hop; no conflict.
    EXPECT_EQ(idle["steps"], 256 + 32 + 2);
    EXPECT_EQ(idle["conflicts"], 0);
    const std::string bg = a2a + " --background uniform --background-rate 0.5";
    const nlohmann::json privileged = run(bg + " --service privileged");
    expect_same_primitive_figures(idle, privileged, "privileged");
    expect_background_delivered(privileged, 0.5, "privileged");
    EXPECT_EQ(privileged["service"], "privileged");
    EXPECT_EQ(privileged["expected"].get<long>(),
              idle["expected"].get<long>() + privileged["background"]["created"].get<long>());

    const nlohmann::json standard = run(bg + " --service standard");
    EXPECT_TRUE(standard["correct"].get<bool>());
    EXPECT_GT(standard["steps"].get<long>(), idle["steps"].get<long>());
    EXPECT_GT(standard["conflicts"].get<long>(), 0);
    EXPECT_EQ(standard["hops"], idle["hops"]);  // the same paths, only later
    expect_background_delivered(standard, 0.5, "standard");
}

TEST(ServiceLevels, OtherPrimitivesAndRoutingsKeepTheirIdleFigures) {
    // The all-to-one answers in the step a request arrives (the node's turnaround path), the
    // one-to-all from a fixed point has conflicts of its own (they must stay exactly those), the
    // background routed through Valiant's and UGAL's longer paths at a high load.
    for (const std::string& p : {net(3, 5) + " --primitive all-to-one --source 1,2,4",
                                 net(3, 5) + " --primitive one-to-all --source 1,2,2",
                                 net(2, 6) + " --primitive permutation --perm transpose"}) {
        const nlohmann::json idle = run(p);
        for (const char* routing : {"valiant", "ugal"}) {
            const std::string what = p + " " + routing;
            const nlohmann::json loaded = run(
                p + " --background uniform --background-rate 0.7 --background-routing " + routing);
            expect_same_primitive_figures(idle, loaded, what);
            expect_background_delivered(loaded, 0.7, what, false);
        }
    }
}

TEST(ServiceLevels, AResultRerunsFromItsConfig) {
    const std::string path = testing::TempDir() + "d3-service-result.json";
    const std::string args = net(2, 4) + " --primitive all-to-all --service standard " +
                             "--background hotspot --background-rate 0.3 --background-warmup 20";
    const outcome o = run_command(std::string(D3SIM) + " " + args + " -q --json " + path);
    ASSERT_EQ(o.code, 0) << o.err;
    const nlohmann::json again = run(std::string("--config ") + path);
    const nlohmann::json first = run(args);
    std::remove(path.c_str());
    EXPECT_EQ(again["steps"], first["steps"]);
    EXPECT_EQ(again["service"], "standard");
    EXPECT_EQ(again["background"]["pattern"], "hotspot");
    EXPECT_EQ(again["background"]["primitive_start"], 20);
    EXPECT_EQ(again["background"]["created"], first["background"]["created"]);
}

TEST(ServiceLevels, AWaveAndAPacketLogDoNotDisturbTheRun) {
    // Their size estimates run node programs; the background's share state with the run.
    const std::string a2a = net(2, 4) + " --primitive all-to-all";
    const nlohmann::json idle = run(a2a);
    const std::string dir = testing::TempDir() + "d3-service-traced";
    const nlohmann::json traced =
        run(a2a + " --background uniform --background-rate 0.3 --wave " + dir + ".vcd" +
            " --wave-scope 0,0,* --trace-packets " + dir + ".csv --trace-routers 0,0,*");
    for (const char* ext : {".vcd", ".gtkw", ".routers.txt", ".csv"})
        std::remove((dir + ext).c_str());
    expect_same_primitive_figures(idle, traced, "traced");
    expect_background_delivered(traced, 0.3, "traced", false);
}

TEST(ServiceLevels, BadCombinationsAreRefused) {
    const std::string a2a = net(2, 4) + " --primitive all-to-all";
    for (const std::string& bad :
         {a2a + " --background uniform --background-rate 0",
          a2a + " --background uniform --background-rate 1.5", a2a + " --background-rate 0.5",
          a2a + " --background-warmup 5", a2a + " --background nonsense", a2a + " --service vip",
          net(2, 4) + " --traffic uniform --background uniform",
          net(2, 4) + " --traffic uniform --service standard",
          a2a + " --background uniform --subnetwork cabinets=0"}) {
        const outcome o = run_command(std::string(D3SIM) + " " + bad + " -q --no-progress");
        EXPECT_EQ(o.code, 2) << bad;
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << bad << ": " << o.err;
    }
}

}  // namespace
}  // namespace d3
