// --fail-links (issue 47, item 5; docs/resilience.md) as a user runs it: uniform traffic on D3(4,8)
// with one failed global cable delivers every packet and no packet crosses the cable, read from
// the packet log (not from the routing that avoided it); bad specs are one line and exit 2.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

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
}

// --request-reply with a failed cable: replies go around it as requests do (both take the
// routing's detours), nothing crosses it in either direction, and every request is answered.
TEST(FailLinksCli, RequestsAndRepliesGoAroundAFailedCable) {
    const std::string faults = write_temp(unique("rr.txt"), "1 2 3 g 1\n");
    const std::string json = write_temp(unique("rr.json"), "");
    const std::string log = write_temp(unique("rr.csv"), "");
    const auto r = run_d3sim(
        "--k 4 --m 8 --traffic uniform --rate 0.2 --warmup 50 --measure 100 --request-reply "
        "--fail-links " +
        faults + " --json " + json + " --trace-packets " + log + " -q");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(read_all(json));
    EXPECT_TRUE(j["correct"].get<bool>());
    const auto& rr = j["traffic"]["request_reply"];
    EXPECT_GT(rr["requests_delivered"].get<int>(), 0);
    EXPECT_EQ(rr["replies_created"], rr["requests_delivered"]);
    EXPECT_EQ(rr["replies_delivered"], rr["replies_created"]);
    EXPECT_EQ(rr["replies_unreachable"], 0);
    EXPECT_EQ(rr["measured_replies_delivered"], rr["measured_requests"]);
    EXPECT_GT(j["traffic"]["faults"]["rerouted"].get<int>(), 0);
    const std::string packets = read_all(log);
    EXPECT_GT(hops_through(packets, "1.2.3", "global 2"), 0);
    EXPECT_EQ(hops_through(packets, "1.2.3", "global 1"), 0);
    EXPECT_EQ(hops_through(packets, "2.3.2", "global 3"), 0);
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
}

// The paper's all-to-all on D3(4,8) with the global cable (1,2,3) g 1 failed. Its message from
// (c,d,p) to (c',d',p') takes the one l-g-l route: to (c,d,d'), then global port c' - c to
// (c',d',d), then to p'. It crosses the cable from (1,2,3) when c = 1, d = 2, d' = 3, c' = 2 (any
// p, p': M^2 = 64 messages), and from its far end (2,3,2) through port 3 when c = 2, d = 3,
// d' = 2, c' = 1 (64 more): 128 messages must reroute, every one has a detour, and the packet
// log shows no hop over the cable.
// D3(4,8)'s routers as (c, d, p) and the two routes the paper gives a message, hop by hop.
struct router3 {
    int c, d, p;
    friend bool operator==(const router3& a, const router3& b) {
        return a.c == b.c && a.d == b.d && a.p == b.p;
    }
};

// Section 8's l-g-l route from s to t: local to (c, d, d'), global c' - c to (c', d', d), local
// to t; and the g-l-g-l route of sections 8 and 10: global c' - c to (c', p, d), local to
// (c', p, d'), global 0 to (c', d', p), local to t. Each as its routers in order.
std::vector<router3> lgl_route(const router3& s, const router3& t) {
    return {s, {s.c, s.d, t.d}, {t.c, t.d, s.d}, t};
}
std::vector<router3> glgl_route(const router3& s, const router3& t) {
    return {s, {t.c, s.p, s.d}, {t.c, s.p, t.d}, {t.c, t.d, s.p}, t};
}

// A route moves over the cable between a and b (either way).
bool crosses(const std::vector<router3>& route, const router3& a, const router3& b) {
    for (std::size_t i = 0; i + 1 < route.size(); ++i)
        if ((route[i] == a && route[i + 1] == b) || (route[i] == b && route[i + 1] == a))
            return true;
    return false;
}

router3 router_of(const std::string& label) {  // "(c,d,p)"
    router3 r{};
    std::sscanf(label.c_str(), "(%d,%d,%d)", &r.c, &r.d, &r.p);
    return r;
}

// The all-to-all's messages cross (1,2,3) g 1, whose far end is (2,3,2) (global port a of (c,d,p)
// leads to (c + a, p, d)); those whose g-l-g-l route survives take it, the others one of section
// 10's destination detours. Counted by brute force over the 65,536 messages of D3(4,8), not by the
// decoder, and each message the run names is checked against the count's verdict for it.
TEST(FailLinksPrimitives, TheAllToAllReroutesTheMessagesThatCrossTheCable) {
    const std::string faults = write_temp(unique("a2a.txt"), "1 2 3 g 1\n");
    const std::string json = write_temp(unique("a2a.json"), "");
    const std::string log = write_temp(unique("a2a.csv"), "");
    const auto r = run_d3sim("--k 4 --m 8 --primitive all-to-all --fail-links " + faults +
                             " --json " + json + " --trace-packets " + log + " -q");
    ASSERT_EQ(r.code, 0) << r.err;
    const router3 a{1, 2, 3}, b{2, 3, 2};
    int crossing = 0, glgl = 0;
    for (int s = 0; s < 256; ++s)
        for (int t = 0; t < 256; ++t) {
            const router3 from{s / 64, s / 8 % 8, s % 8}, to{t / 64, t / 8 % 8, t % 8};
            if (!crosses(lgl_route(from, to), a, b)) continue;
            ++crossing;
            if (!crosses(glgl_route(from, to), a, b)) ++glgl;
        }
    ASSERT_EQ(crossing, 2 * 8 * 8);  // by hand: (1,2,p) to (2,3,p') and back, any p, p'
    ASSERT_EQ(glgl, 2 * 7 * 8);      // by hand: all but those from (1,2,3) and (2,3,2) themselves
    const auto j = nlohmann::json::parse(read_all(json));
    EXPECT_TRUE(j["correct"].get<bool>());
    EXPECT_EQ(j["delivered"], 256 * 256);
    const auto& f = j["details"]["faults"];
    EXPECT_EQ(f["rerouted"], crossing);
    EXPECT_EQ(f["rerouted_paper_paths"], glgl);
    EXPECT_EQ(f["rerouted_detours"], crossing - glgl);
    EXPECT_EQ(f["unreachable"], 0);
    ASSERT_EQ(f["rerouted_messages"].size(), 64u);  // named up to named_at_most
    for (const auto& msg : f["rerouted_messages"]) {
        // Its header (0,3;gamma,pi,delta) leads (c,d,p) to (c + gamma, p + delta, d + pi).
        const router3 from = router_of(msg["source"]);
        int bcast = 0, steps = 0, g = 0, pi = 0, delta = 0;
        std::sscanf(msg["header"].get<std::string>().c_str(), "(%d,%d;%d,%d,%d)", &bcast, &steps,
                    &g, &pi, &delta);
        const router3 to{(from.c + g) % 4, (from.p + delta) % 8, (from.d + pi) % 8};
        ASSERT_TRUE(crosses(lgl_route(from, to), a, b)) << msg.dump();
        EXPECT_EQ(msg["via"], crosses(glgl_route(from, to), a, b) ? "detour" : "glgl")
            << msg.dump();
    }
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

// The summary a user reads says what failed and what has no path: the 255 other routers'
// messages to the failed router (the JSON's own count is checked above).
TEST(FailLinksPrimitives, TheSummaryNamesTheFailureAndTheMessagesWithoutAPath) {
    const std::string routers = write_temp(unique("a2a_text.txt"), "3 1 4\n");
    const auto out = run_d3sim("--k 4 --m 8 --primitive all-to-all --fail-routers " + routers);
    ASSERT_EQ(out.code, 0) << out.err;
    EXPECT_NE(out.out.find("delivered 65025/65025"), std::string::npos) << out.out;
    EXPECT_NE(out.out.find("faults: 1 router and 0 cables failed; "), std::string::npos) << out.out;
    EXPECT_NE(out.out.find(" rerouted, 255 unreachable\n"), std::string::npos) << out.out;
}

// A broadcast whose tree crosses a failed cable is split (the split itself is checked against
// the tree by brute force in fail_primitives_cli_test.cpp): every router still gets its copy.
TEST(FailLinksPrimitives, ABroadcastThroughAFailureIsSplitAndNamed) {
    // The broadcast from (0,0,1) reaches every router; (0,0,1) l 1 is on its first step.
    const std::string faults = write_temp(unique("bc.txt"), "0 0 1 l 1\n");
    const auto out = run_d3sim("--k 2 --m 4 --primitive broadcast --source 0,0,1 --fail-links " +
                               faults + " --json - -q");
    ASSERT_EQ(out.code, 0) << out.err;
    const auto j = nlohmann::json::parse(out.out);
    const auto& f = j["details"]["faults"];
    EXPECT_EQ(f["unreachable"], 0);
    EXPECT_EQ(f["split_broadcasts"], 1);
    EXPECT_EQ(f["split_broadcast_messages"][0]["source"], "(0,0,1)");
    EXPECT_EQ(j["delivered"], 32);
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

// d3sim resilience --simulate on D3(2,4), 2 sets per share: with nothing failed the all-to-all
// takes the paper's K M^2 rounds and K M delays plus the last message's two further hops, without
// a conflict (section 9: 2 x 16 + 8 + 2 = 42 steps); with a tenth of the cables failed each figure
// is the mean of the runs a user makes with --fail-links fraction:0.1 --seed 1 and 2, and its 95 %
// half-width Student's t(0.975, 1) = 12.706 times s / sqrt(2), s = |a - b| / sqrt(2).
TEST(ResilienceCli, SimulatesEachFailureSetAsItsOwnRunWouldGoAlone) {
    const std::string sim = " --warmup 50 --measure 100";
    const auto out = run_d3sim(
        "resilience --k 2 --m 4 --fractions 0,0.1 --sets 2 --seed 1 "
        "--simulate --concentration 2 --sat-rate 0.8 --json -" +
        sim);
    ASSERT_EQ(out.code, 0) << out.err;
    const auto j = nlohmann::json::parse(out.out);
    ASSERT_EQ(j["rows"].size(), 2u);
    const auto& none = j["rows"][0];
    EXPECT_EQ(none["all_to_all_steps"]["mean"], 2 * 16 + 8 + 2);
    EXPECT_EQ(none["all_to_all_steps"]["ci95"], 0.0);
    EXPECT_EQ(none["all_to_all_conflicts"]["mean"], 0.0);
    const auto& tenth = j["rows"][1];
    double steps[2], conflicts[2], accepted[2];
    for (int seed = 1; seed <= 2; ++seed) {
        const std::string run = "--k 2 --m 4 --topology d3 --fail-links fraction:0.1 --seed " +
                                std::to_string(seed) + " --json - -q";
        const auto a = run_d3sim(run + " --primitive all-to-all");
        const auto t = run_d3sim(run + " --traffic uniform --rate 0.8 --concentration 2" + sim);
        ASSERT_EQ(a.code, 0) << a.err;
        ASSERT_EQ(t.code, 0) << t.err;
        const auto aj = nlohmann::json::parse(a.out), tj = nlohmann::json::parse(t.out);
        steps[seed - 1] = aj["steps"].get<double>();
        conflicts[seed - 1] = aj["conflicts"].get<double>();
        accepted[seed - 1] = tj["traffic"]["accepted"].get<double>();
    }
    const auto check = [&](const char* key, const double* v) {
        const auto& f = tenth[key];
        EXPECT_NEAR(f["mean"].get<double>(), (v[0] + v[1]) / 2, 1e-9) << key;
        EXPECT_NEAR(f["ci95"].get<double>(), 12.706 * std::abs(v[0] - v[1]) / 2, 1e-3) << key;
    };
    check("all_to_all_steps", steps);
    check("all_to_all_conflicts", conflicts);
    check("saturation_throughput", accepted);
    EXPECT_GT(steps[0], 42);  // the detours cost steps
    expect_bad_input("resilience --k 2 --m 4 --simulate --sat-rate 0", "--sat-rate");
}

}  // namespace
}  // namespace d3
