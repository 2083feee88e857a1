// Issue 46's workload options as a user runs them: --request-reply (its refusals, its record in
// a result that reruns itself) and multi-flit primitives (docs/multi-flit.md, "The primitives":
// the one-to-all's steps against the rule derived there by hand).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "d3sim_cli.h"
#include "support/read_file.h"

namespace d3 {
namespace {

using test::expect_bad_input;
using test::outcome;
using test::run_d3sim;

nlohmann::json run_json(const std::string& args) {
    const outcome o = run_d3sim(args + " -q --json -");
    EXPECT_EQ(o.code, 0) << args << "\n" << o.err;
    return o.code == 0 ? nlohmann::json::parse(o.out) : nlohmann::json();
}

TEST(CliRequestReply, BadUseIsOneLineAndExitTwo) {
    expect_bad_input("--k 2 --m 4 --request-reply", "--request-reply needs --traffic");
    expect_bad_input("--k 2 --m 4 --traffic uniform --request-reply --sw-allocator islip",
                     "--request-reply needs the paper's router");
}

TEST(CliRequestReply, DumpConfigShowsItAndAResultRerunsToTheSameFigures) {
    const std::string args =
        "--k 2 --m 4 --traffic uniform --rate 0.2 --warmup 50 --measure 200 --request-reply";
    const outcome d = run_d3sim(args + " --dump-config");
    ASSERT_EQ(d.code, 0) << d.err;
    EXPECT_NE(d.out.find("request_reply: true"), std::string::npos) << d.out;
    const std::string r1 = testing::TempDir() + "d3_rr_rerun_1.json";
    ASSERT_EQ(run_d3sim(args + " -q --json " + r1).code, 0);
    nlohmann::json a = nlohmann::json::parse(test::read_all(r1));
    EXPECT_EQ(a["config"]["workload"]["traffic"]["request_reply"], true);
    nlohmann::json b = run_json("--config " + r1);
    ASSERT_FALSE(b.is_null());
    EXPECT_EQ(a["traffic"], b["traffic"]);
    EXPECT_GT(a["traffic"]["request_reply"]["replies_delivered"].get<int>(), 0);
    // Without it: no replies, no key.
    EXPECT_FALSE(
        run_json("--k 2 --m 4 --traffic uniform --rate 0.2 --warmup 50 --measure 200")["traffic"]
            .contains("request_reply"));
}

// The one-to-all's source launches one packet per round through its injection lane; a packet of
// F flits holds that lane and its first link F cycles, so packet i leaves F i cycles after the
// first instead of i, and the last one's tail arrives F - 1 cycles after its head:
// steps(F) = steps(1) + (rounds - 1)(F - 1) + (F - 1) = steps(1) + rounds (F - 1). Nothing
// else waits: 0 conflicts for every F.
TEST(CliMultiFlitPrimitives, OneToAllStepsGrowByRoundsTimesTheTail) {
    for (const std::string shape : {"--k 2 --m 4", "--k 3 --m 3"}) {
        const nlohmann::json one = run_json(shape + " --primitive one-to-all");
        ASSERT_FALSE(one.is_null());
        const int steps1 = one["steps"].get<int>(), rounds = one["rounds"].get<int>();
        for (int f : {2, 3, 8}) {
            const nlohmann::json j =
                run_json(shape + " --primitive one-to-all --packet-length " + std::to_string(f) +
                         " --buffer-depth " + std::to_string(2 * f));
            ASSERT_FALSE(j.is_null());
            EXPECT_TRUE(j["correct"].get<bool>());
            EXPECT_EQ(j["steps"].get<int>(), steps1 + rounds * (f - 1)) << shape << " F " << f;
            EXPECT_EQ(j["conflicts"].get<int>(), 0);
            EXPECT_EQ(j["rounds"].get<int>(), rounds);  // the schedule is the same
        }
    }
}

// The all-to-all's schedule uses a link in consecutive steps: with F > 1 a packet finds it busy
// with the previous one's flits. The run meets contention (conflicts), delivers everything once
// (5 VCs by the sync counter, as the traffic runs) and takes at least the one-flit steps plus
// one tail.
TEST(CliMultiFlitPrimitives, AllToAllDeliversEverythingUnderTheContentionItMeets) {
    const nlohmann::json one = run_json("--k 2 --m 4 --primitive all-to-all");
    const nlohmann::json four =
        run_json("--k 2 --m 4 --primitive all-to-all --packet-length 4 --buffer-depth 8");
    ASSERT_FALSE(one.is_null());
    ASSERT_FALSE(four.is_null());
    EXPECT_TRUE(four["correct"].get<bool>());
    EXPECT_EQ(four["conflicts"].get<int>() > 0, true);
    EXPECT_GE(four["steps"].get<int>(), one["steps"].get<int>() + 3);
    EXPECT_EQ(four["config"]["resolved"]["router"]["input_unit"]["vcs"], 5);
    EXPECT_EQ(one["config"]["resolved"]["router"]["input_unit"]["vcs"], 1);
    expect_bad_input("--k 2 --m 4 --primitive all-to-all --packet-length 2 --background uniform",
                     "--packet-length 2 runs a primitive without --service and --background");
}

}  // namespace
}  // namespace d3
