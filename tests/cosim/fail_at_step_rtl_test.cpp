// A failure at a step (--fail-links / --fail-routers SPEC@T; docs/resilience.md, "Failures at a
// step") with the Verilated hold stage (--unit-impl hold_stage=rtl|lockstep): the packets the
// failure takes out of a hold stage leave the RTL through drop_i. The step T is chosen from a
// probe run's packet log (the C++ hold stage's, failing after the run drained: the same run as
// any other before its failure) where packets the failure takes wait in a hold stage (their last
// move before T is a `hold`, with holds of two and three cycles); the C++ run at T must lose
// some of them (from its log), and the rtl and lockstep runs at T give its packet log byte for
// byte and its result but for the keys that measure the run, exit 7. Likewise the paper's
// all-to-all with a router failing. Without drop_i the RTL would still hold them at T: the rtl
// run stops (d3/unit-impl), the lockstep run too (d3/lockstep).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli/d3sim_cli.h"
#include "support/packet_log_rows.h"
#include "support/read_file.h"

namespace d3 {
namespace {

using row = test::log_row;

// Holds of two (local) and three (global) cycles: held packets whose wait still runs at T.
const std::string kRun =
    "--k 4 --m 8 --traffic uniform --concentration 4 --rate 0.5 --warmup 30 --measure 60 "
    "--local-latency 2 --global-latency 3 ";
const std::string kDown = "2.3.2";  // the router failing, the far end of the cable failing

// Keys that measure the run (they differ from run to run) and the options given (`config`).
const std::array<const char*, 5> kRunKeys = {"wall_seconds", "elaboration_seconds",
                                             "hops_per_second", "peak_rss_kib", "config"};

struct run_result {
    int code = 0;
    std::string err, json, log;  ///< the result without kRunKeys, the packet log's text
    std::vector<row> rows;       ///< the C++ run's
};

// d3sim with `failure` (an option with its SPEC@T) and the hold stage `impl` (empty: the C++ one);
// `what`: the run's options but the failure.
run_result run(const std::string& failure, const std::string& impl, const std::string& tag,
               const std::string& what = kRun) {
    const std::string stem = test::unique_name("d3_fail_at_step_rtl", tag);
    const std::string json = test::write_temp(stem + ".json", "");
    const std::string log = test::write_temp(stem + ".csv", "");
    const std::string unit = impl.empty() ? "" : " --unit-impl hold_stage=" + impl;
    const test::outcome o = test::run_d3sim(what + failure + unit + " --json " + json +
                                            " --trace-packets " + log + " -q");
    run_result r{o.code, o.err, "", test::read_all(log), {}};
    if (impl.empty()) r.rows = test::log_rows(r.log);  // (the others' logs are compared whole)
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(test::read_all(json), nullptr, false);
    if (!j.is_discarded()) {
        for (const char* key : kRunKeys) j.erase(key);
        r.json = j.dump(1);
    }
    return r;
}

std::string cable_at(std::uint64_t t) {
    return "--fail-links " +
           test::write_temp(test::unique_name("d3_fail_at_step_rtl", "cable"), "1 2 3 g 1\n") +
           "@" + std::to_string(t);
}
std::string router_at(std::uint64_t t) {
    return "--fail-routers " +
           test::write_temp(test::unique_name("d3_fail_at_step_rtl", "router"), "2 3 2\n") + "@" +
           std::to_string(t);
}

// A packet's moves as the search for T reads them (the log is in step order).
struct move {
    std::uint64_t step;
    bool held_down;  ///< held at the failing router (when the router fails)
    bool held;       ///< held (a `hold`: in a hold stage until its next move)
    bool crosses;    ///< at the failing router, or a hop over the failing cable
};

std::map<std::uint64_t, std::vector<move>> moves_by_packet(const std::vector<row>& rows,
                                                           bool router) {
    std::map<std::uint64_t, std::vector<move>> out;
    for (const row& x : rows) {
        if (!test::moves(x)) continue;
        const bool held = x.event == "hold";
        const bool crosses = router ? x.router == kDown : test::over_cable(x);
        out[x.packet].push_back({x.step, router && held && x.router == kDown, held, crosses});
    }
    return out;
}

// The packets in a hold stage at step t (their last move before t held them there) that the
// failure at t takes, as the probe's log shows them: held at the failing router, or with a route
// that crosses the failure at t or later (with minimal routing a held packet has no descending
// detour: lost).
std::set<std::uint64_t> taken_from_holds(const std::map<std::uint64_t, std::vector<move>>& probe,
                                         std::uint64_t t) {
    std::set<std::uint64_t> out;
    for (const auto& [packet, m] : probe) {
        std::size_t i = 0;
        while (i < m.size() && m[i].step < t) ++i;
        if (i == 0 || !m[i - 1].held) continue;
        bool crosses = m[i - 1].held_down;
        for (std::size_t k = i; k < m.size() && !crosses; ++k) crosses = m[k].crosses;
        if (crosses) out.insert(packet);
    }
    return out;
}

// The failure (a cable, or the router) at the step with most packets it takes from hold stages;
// the C++ run loses them; `impl`'s run gives its log and result.
void expect_the_cpp_result(bool router, const std::string& impl) {
    const std::string tag = std::string(router ? "router-" : "cable-") + impl;
    const auto failure = [&](std::uint64_t t) { return router ? router_at(t) : cable_at(t); };
    const run_result probe = run(failure(300), "", tag + "-probe");  // (after it drained)
    ASSERT_EQ(probe.code, 0) << probe.err;
    const auto moves = moves_by_packet(probe.rows, router);
    std::uint64_t at = 0;
    std::size_t most = 0;
    for (std::uint64_t t = 40; t < 88; ++t)
        if (const std::size_t n = taken_from_holds(moves, t).size(); n > most) most = n, at = t;
    ASSERT_GE(most, 2u) << "the failure never takes a held packet: a test that could not fail";
    const std::set<std::uint64_t> taken = taken_from_holds(moves, at);

    const run_result cpp = run(failure(at), "", tag + "-cpp");
    ASSERT_EQ(cpp.code, 7) << cpp.err;
    std::set<std::uint64_t> lost;
    for (const row& x : cpp.rows)
        if (x.event == "lost") lost.insert(x.packet);
    for (const std::uint64_t p : taken) EXPECT_TRUE(lost.count(p)) << "held packet " << p;

    const run_result r = run(failure(at), impl, tag);
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_EQ(r.log, cpp.log) << "hold_stage=" << impl << " at step " << at;
    EXPECT_EQ(r.json, cpp.json) << "hold_stage=" << impl << " at step " << at;
    EXPECT_FALSE(r.json.empty());
}

TEST(FailAtStepRtlCli, ACableTakesHeldPacketsFromTheRtlHoldStage) {
    expect_the_cpp_result(false, "rtl");
}
TEST(FailAtStepRtlCli, ACableTakesHeldPacketsFromTheHoldStageInLockstep) {
    expect_the_cpp_result(false, "lockstep");
}
TEST(FailAtStepRtlCli, ARouterTakesItsHeldPacketsFromTheRtlHoldStage) {
    expect_the_cpp_result(true, "rtl");
}
TEST(FailAtStepRtlCli, ARouterTakesItsHeldPacketsFromTheHoldStageInLockstep) {
    expect_the_cpp_result(true, "lockstep");
}

// The paper's all-to-all on D3(3,4) (a primitive on its schedule: it takes @T), the router failing
// at step 5: some of the packets it takes wait in its hold stage (their last move before 5 held
// them there, as the C++ run's log shows); rtl and lockstep give the C++ run's log and result.
TEST(FailAtStepRtlCli, APrimitiveLosesTheSamePacketsWithTheRtlHoldStage) {
    const std::string all_to_all = "--k 3 --m 4 --primitive all-to-all ";
    const run_result cpp = run(router_at(5), "", "primitive-cpp", all_to_all);
    ASSERT_EQ(cpp.code, 7) << cpp.err;
    std::map<std::uint64_t, const row*> last;
    std::set<std::uint64_t> lost;
    for (const row& x : cpp.rows) {
        if (x.step < 5 && test::moves(x)) last[x.packet] = &x;
        if (x.event == "lost") lost.insert(x.packet);
    }
    std::size_t held = 0;
    for (const std::uint64_t p : lost)
        held += last.count(p) && last.at(p)->event == "hold" && last.at(p)->router == kDown;
    ASSERT_GT(held, 0u) << "no packet taken from the hold stage: a test that could not fail";
    for (const char* impl : {"rtl", "lockstep"}) {
        const run_result r = run(router_at(5), impl, std::string("primitive-") + impl, all_to_all);
        ASSERT_EQ(r.code, 7) << r.err;
        EXPECT_EQ(r.log, cpp.log) << "hold_stage=" << impl;
        EXPECT_EQ(r.json, cpp.json) << "hold_stage=" << impl;
    }
}

}  // namespace
}  // namespace d3
