// --fail-links (issue 47, item 5; docs/resilience.md) as a user runs it: uniform traffic on D3(4,8)
// with one failed global cable delivers every packet and no packet crosses the cable, read from
// the packet log (not from the routing that avoided it); bad specs are one line and exit 2.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli/d3sim_cli.h"
#include "support/read_file.h"

namespace d3 {
namespace {

using test::expect_bad_input;
using test::read_all;
using test::run_d3sim;
using test::write_temp;

std::string unique(const std::string& name) {
    return test::unique_name("d3_fail_links", name);
}

// The packet log's rows (step,event,packet,message,source,destination,router,input,vc,output,b)
// for which `counts(field)` holds.
template <typename Counts>
int rows_where(const std::string& log, Counts counts) {
    std::istringstream in(log);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        std::istringstream row(line);
        std::string field[11];
        for (std::string& f : field) std::getline(row, f, ',');
        if (counts(field)) ++n;
    }
    return n;
}

// Its hops out of `router` through `output`.
int hops_through(const std::string& log, const std::string& router, const std::string& output) {
    return rows_where(log, [&](const std::string* field) {
        return field[1] == "hop" && field[6] == router && field[9] == output;
    });
}

TEST(FailLinksCli, OneFailedGlobalCableCarriesNothingAndEverythingArrives) {
    // (1,2,3)'s global port 1 reaches (2,3,2), whose port 3 (= -1 mod 4) is the way back.
    const std::string faults = write_temp(unique("one.txt"), "1 2 3 g 1\n");
    const std::string json = write_temp(unique("run.json"), "");
    const std::string log = write_temp(unique("packets.csv"), "");
    const std::string run = "--k 4 --m 8 --traffic uniform --rate 0.2 --warmup 50 --measure 100 ";
    const auto r = run_d3sim(run + "--fail-links " + faults + " --json " + json +
                             " --trace-packets " + log + " -q");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(read_all(json));
    EXPECT_TRUE(j["correct"].get<bool>());
    const auto& t = j["traffic"];
    EXPECT_EQ(t["measured_delivered"], t["measured_created"]);
    EXPECT_EQ(t["delivered"], t["created"]);
    EXPECT_EQ(t["faults"]["failed_links"], nlohmann::json::array({"(1,2,3) g 1"}));
    EXPECT_EQ(t["faults"]["unreachable"], 0);
    EXPECT_GT(t["faults"]["rerouted"].get<int>(), 0);
    const std::string packets = read_all(log);
    EXPECT_GT(hops_through(packets, "1.2.3", "global 2"), 0);  // the log names global hops so
    EXPECT_EQ(hops_through(packets, "1.2.3", "global 1"), 0);
    EXPECT_EQ(hops_through(packets, "2.3.2", "global 3"), 0);
    // Without the failure the same run sends packets over that cable.
    const auto plain = run_d3sim(run + "--trace-packets " + log + " -q");
    ASSERT_EQ(plain.code, 0) << plain.err;
    EXPECT_GT(hops_through(read_all(log), "1.2.3", "global 1"), 0);
}

TEST(FailLinksCli, BadSpecsAreOneLineErrors) {
    const std::string run = "--k 2 --m 3 --traffic uniform --fail-links ";
    expect_bad_input(run + "random:100", "D3(2,3) has");
    expect_bad_input(run + "fraction:2", "X must be a number in [0, 1]");
    expect_bad_input(run + write_temp(unique("bad.txt"), "0 0 0 g 0\n"), "loops back");
    expect_bad_input(run + write_temp(unique("port.txt"), "0 0 1 l 3\n"), "no local port 3");
    expect_bad_input(
        "--k 2 --m 3 --primitive all-to-all --fail-links random:1 --background uniform",
        "without --background");
    expect_bad_input(run + "random:1 --request-reply", "cannot be combined with --request-reply");
}

// Rows of the packet log that name `router` as where an event happened, or as a packet's source
// or destination.
int rows_naming(const std::string& log, const std::string& router) {
    return rows_where(log, [&](const std::string* field) {
        return field[4] == router || field[5] == router || field[6] == router;
    });
}

TEST(FailRoutersCli, FailedRoutersSendReceiveAndCarryNothingAndEverythingElseArrives) {
    // (0,0,0) is a fixed point (its global port 0 loops), (1,2,3) an ordinary router.
    const std::string routers = write_temp(unique("routers.txt"), "1 2 3\n0 0 0  # fixed point\n");
    const std::string json = write_temp(unique("routers.json"), "");
    const std::string log = write_temp(unique("routers.csv"), "");
    const auto r = run_d3sim(
        "--k 4 --m 8 --traffic uniform --rate 0.2 --warmup 50 --measure 400 --fail-routers " +
        routers + " --json " + json + " --trace-packets " + log + " -q");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(read_all(json));
    EXPECT_TRUE(j["correct"].get<bool>());
    const auto& t = j["traffic"];
    EXPECT_EQ(t["delivered"], t["created"]);
    const auto& f = t["faults"];
    EXPECT_EQ(f["failed_routers"], nlohmann::json::array({"(0,0,0)", "(1,2,3)"}));
    EXPECT_EQ(f["failed_links"], nlohmann::json::array());
    // Uniform destinations: 2 of the 256 routers are gone, so about 2/256 of the packets the
    // 254 others try to create have nowhere to go (binomial, five deviations either way).
    const double tried = t["created"].get<double>() + f["unreachable"].get<double>();
    const double expected = tried * 2 / 256;
    EXPECT_NEAR(f["unreachable"].get<double>(), expected, 5 * std::sqrt(expected));
    EXPECT_GT(f["rerouted"].get<int>(), 0);  // routes that crossed them went around
    const std::string packets = read_all(log);
    EXPECT_GT(rows_naming(packets, "1.2.4"), 0);  // the log names routers so
    EXPECT_EQ(rows_naming(packets, "1.2.3"), 0);
    EXPECT_EQ(rows_naming(packets, "0.0.0"), 0);
}

TEST(FailRoutersCli, RandomRoutersAndLinksTogetherAndBadSpecs) {
    const auto j = nlohmann::json::parse(
        run_d3sim("--k 4 --m 8 --traffic uniform --rate 0.2 --warmup 50 --measure 200 "
                  "--fail-routers random:5 --fail-links random:10 --json - -q")
            .out);
    EXPECT_TRUE(j["correct"].get<bool>());
    EXPECT_EQ(j["traffic"]["faults"]["failed_routers"].size(), 5u);
    EXPECT_EQ(j["traffic"]["faults"]["failed_links"].size(), 10u);
    const std::string run = "--k 2 --m 3 --traffic uniform --fail-routers ";
    expect_bad_input(run + "random:19", "D3(2,3) has 18 routers");
    expect_bad_input(run + "fraction:-1", "X must be a number in [0, 1]");
    expect_bad_input(run + write_temp(unique("r.txt"), "0 0\n"), "expected 'c d p'");
    expect_bad_input(run + write_temp(unique("r2.txt"), "0 5 0\n"), "no router");
    expect_bad_input(
        "--k 2 --m 3 --primitive all-to-all --fail-routers random:1 --subnetwork "
        "cabinet=0",
        "without --background, --subnetwork");
    expect_bad_input(run + "random:1 --request-reply", "cannot be combined with --request-reply");
}

// The paper's all-to-all on D3(4,8) with the global cable (1,2,3) g 1 failed. Its message from
// (c,d,p) to (c',d',p') takes the one l-g-l route: to (c,d,d'), then global port c' - c to
// (c',d',d), then to p'. It crosses the cable from (1,2,3) when c = 1, d = 2, d' = 3, c' = 2 (any
// p, p': M^2 = 64 messages), and from its far end (2,3,2) through port 3 when c = 2, d = 3,
// d' = 2, c' = 1 (64 more): 128 messages must reroute, every one has a detour, and the packet
// log shows no hop over the cable.
TEST(FailLinksPrimitives, TheAllToAllReroutesTheMessagesThatCrossTheCable) {
    const std::string faults = write_temp(unique("a2a.txt"), "1 2 3 g 1\n");
    const std::string json = write_temp(unique("a2a.json"), "");
    const std::string log = write_temp(unique("a2a.csv"), "");
    const auto r = run_d3sim("--k 4 --m 8 --primitive all-to-all --fail-links " + faults +
                             " --json " + json + " --trace-packets " + log + " -q");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(read_all(json));
    EXPECT_TRUE(j["correct"].get<bool>());
    EXPECT_EQ(j["delivered"], 256 * 256);
    const auto& f = j["details"]["faults"];
    EXPECT_EQ(f["rerouted"], 2 * 8 * 8);
    EXPECT_EQ(f["unreachable"], 0);
    EXPECT_EQ(f["rerouted_messages"].size(), 64u);  // named up to named_at_most
    EXPECT_EQ(f["rerouted_messages"][0]["source"], "(1,2,0)");
    const std::string packets = read_all(log);
    EXPECT_EQ(hops_through(packets, "1.2.3", "global 1"), 0);
    EXPECT_EQ(hops_through(packets, "2.3.2", "global 3"), 0);
    EXPECT_GT(hops_through(packets, "1.2.3", "global 2"), 0);
}

// A failed router: what it would send and what would go to it is not launched (255 messages to
// it have no path); everything else arrives.
TEST(FailLinksPrimitives, AFailedRoutersMessagesAreNotLaunchedAndTheRestArrive) {
    const std::string routers = write_temp(unique("a2a_r.txt"), "3 1 4\n");
    const auto out =
        run_d3sim("--k 4 --m 8 --primitive all-to-all --fail-routers " + routers + " --json - -q");
    ASSERT_EQ(out.code, 0) << out.err;
    const auto j = nlohmann::json::parse(out.out);
    EXPECT_TRUE(j["correct"].get<bool>());
    EXPECT_EQ(j["delivered"], 256 * 256 - (2 * 256 - 1));
    EXPECT_EQ(j["details"]["faults"]["unreachable"], 255);
    EXPECT_EQ(j["details"]["faults"]["failed_routers"], nlohmann::json::array({"(3,1,4)"}));
}

// A broadcast whose tree crosses a failed cable is not launched and is named.
TEST(FailLinksPrimitives, ABroadcastThroughAFailureIsNamedAsHavingNoPath) {
    // The broadcast from (0,0,1) reaches every router; (0,0,1) l 1 is on its first step.
    const std::string faults = write_temp(unique("bc.txt"), "0 0 1 l 1\n");
    const auto out = run_d3sim("--k 2 --m 4 --primitive broadcast --source 0,0,1 --fail-links " +
                               faults + " --json - -q");
    ASSERT_EQ(out.code, 0) << out.err;
    const auto j = nlohmann::json::parse(out.out);
    const auto& f = j["details"]["faults"];
    EXPECT_EQ(f["unreachable"], 1);
    EXPECT_EQ(f["unreachable_messages"][0]["source"], "(0,0,1)");
    EXPECT_EQ(j["delivered"], 0);
}

// d3sim resilience: D3(2,4) has 2 x 4 x C(4,2) + (64 - 8) / 2 = 76 cables; a tenth is 8.
TEST(ResilienceCli, RowsPerShareWithTheirCablesAndBadInput) {
    const auto out = run_d3sim("resilience --k 2 --m 4 --fractions 0,0.1 --sets 3 --json -");
    ASSERT_EQ(out.code, 0) << out.err;
    const auto j = nlohmann::json::parse(out.out);
    ASSERT_EQ(j["rows"].size(), 2u);
    EXPECT_EQ(j["rows"][0]["failed_cables"], 0);
    EXPECT_EQ(j["rows"][0]["connected_pairs"]["mean"], 1.0);
    EXPECT_EQ(j["rows"][0]["diameter"]["mean"], 3.0);
    EXPECT_EQ(j["rows"][1]["failed_cables"], 8);
    EXPECT_EQ(j["rows"][1]["sets"], 3);
    EXPECT_FALSE(j["rows"][1]["diameter"]["ci95"].is_null());
    expect_bad_input("resilience --k 2 --m 4 --fractions 0,2", "numbers in [0, 1]");
    expect_bad_input("resilience --k 2 --m 4 --topology ring", "d3 or mdf");
    expect_bad_input("resilience --k 2", "--m is required");
    expect_bad_input("resilience --k 17 --m 16", "at most 4096");
}

}  // namespace
}  // namespace d3
