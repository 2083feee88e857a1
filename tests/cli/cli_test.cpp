// d3sim as a user runs it: exit codes, one-line errors, the JSON result of the example.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "d3sim_cli.h"
#include "support/read_file.h"
#include "support/run_command.h"

namespace {

using d3::test::expect_bad_input;
using d3::test::outcome;
constexpr auto run = &d3::test::run_d3sim;

TEST(Cli, BadInputIsOneLineAndExitCode2) {
    expect_bad_input("--k 0", "--k: must be a whole number from 1 to 256 (got '0')");
    expect_bad_input("--m 1", "--m: must be a whole number from 2 to 256 (got '1')");
    expect_bad_input("--k 300", "from 1 to 256 (got '300')");
    expect_bad_input("--primitive scatter", "--primitive");
    expect_bad_input("--primitive broadcast --source 0,9,0", "outside");
    expect_bad_input("--source 1,2", "--source");
    expect_bad_input("--bogus", "--bogus");
    expect_bad_input("--primitive broadcast --count 0", "--count");
    expect_bad_input("--protocol 4", "--protocol");
    expect_bad_input("--primitive permutation --perm /nonexistent/perm.txt", "cannot read");
    expect_bad_input("--primitive permutation --protocol 2", "does not apply");
    expect_bad_input("--k 2 --m 4 --schedule fixed", "nothing to fix");
    expect_bad_input("--k four", "--k");
    expect_bad_input("--schedule fast", "--schedule");
    expect_bad_input("--buffer-depth 0", "--buffer-depth");
}

// The traffic runs' decoder is the C++ reference: --decoder cpp says so and is no conflict (an
// audit found it refused, 2026-11-25); another decoder is.
TEST(Cli, TrafficTakesTheReferenceDecoderByName) {
    const outcome o =
        run("--k 2 --m 4 --traffic uniform --rate 0.1 --warmup 10 --measure 20 "
            "--decoder cpp -q");
    EXPECT_EQ(o.code, 0) << o.err;
    expect_bad_input("--k 2 --m 4 --traffic uniform --decoder rtl", "--decoder");
}

TEST(Cli, HelpExitsZero) {
    const outcome o = run("--help");
    EXPECT_EQ(o.code, 0);
    EXPECT_NE(o.out.find("--primitive"), std::string::npos);
}

// The usage lines name the program ("Usage: [OPTIONS]" before), and --topology's help says what
// runs on MDF (it said "--traffic only", but all-to-all and broadcast run there too).
TEST(Cli, HelpNamesTheProgramAndWhatRunsOnMdf) {
    const outcome o = run("--help");
    EXPECT_NE(o.out.find("Usage: d3sim [OPTIONS]"), std::string::npos) << o.out;
    EXPECT_EQ(o.out.find("--traffic only"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("--traffic, and the primitives all-to-all and broadcast"),
              std::string::npos)
        << o.out;
    for (const char* p : {"all-to-all", "broadcast"})
        EXPECT_EQ(run(std::string("--topology mdf --k 2 --m 3 -q --check --primitive ") + p).code,
                  0)
            << p;
    for (const char* sub : {"sweep", "validate"}) {
        const outcome h = run(std::string(sub) + " --help");
        EXPECT_EQ(h.code, 0) << sub;
        EXPECT_NE(h.out.find(std::string("Usage: d3sim ") + sub + " [OPTIONS]"), std::string::npos)
            << h.out;
    }
}

// An option given on the command line that the run does not read is refused with whose it is
// (it was ignored: `--perm transpose` ran the default all-to-all, exit 0).
TEST(Cli, OptionsTheRunDoesNotReadAreRefused) {
    expect_bad_input("--k 2 --m 4 --perm transpose",
                     "--perm does not apply to all-to-all (it is for permutation)");
    expect_bad_input("--k 2 --m 4 --count 5", "--count does not apply to all-to-all");
    expect_bad_input("--k 2 --m 4 --dimension 3",
                     "--dimension does not apply to all-to-all (it is for hypercube-exchange)");
    expect_bad_input("--k 2 --m 4 --source 1,1,1",
                     "--source does not apply to all-to-all (it is for broadcast, one-to-all, "
                     "all-to-one, glgl-one-to-all and broadcast-trees)");
    expect_bad_input("--k 2 --m 4 --turnaround next-step",
                     "--turnaround does not apply to all-to-all (it is for all-to-one)");
    expect_bad_input("--k 4 --m 4 --primitive transpose --schedule none",
                     "--schedule does not apply to transpose");
    expect_bad_input("--k 4 --m 4 --primitive hypercube-allreduce --dimension 1",
                     "--dimension does not apply to hypercube-allreduce");
    expect_bad_input("--k 4 --m 4 --primitive broadcast-trees --protocol 1",
                     "--protocol does not apply to broadcast-trees");
    expect_bad_input("--k 2 --m 4 --traffic uniform --turnaround next-step",
                     "--turnaround cannot be combined with --traffic");
    expect_bad_input("--k 2 --m 4 --traffic uniform --embedding glgl",
                     "--embedding cannot be combined with --traffic");
    // What the primitive reads is accepted.
    for (const char* ok :
         {"--primitive broadcast --source 1,1,1 --count 2 --protocol 1 --schedule none",
          "--primitive all-to-one --source 1,1,1 --turnaround next-step --protocol 3",
          "--primitive permutation --perm transpose --schedule none",
          "--primitive hypercube-exchange --dimension 3 --embedding glgl",
          "--primitive hypercube-allreduce --embedding swap",
          "--primitive matrix-product --count 2",
          "--primitive broadcast-trees --count 3 --source 0,0,1 --schedule none"}) {
        const outcome o = run(std::string("--k 4 --m 4 -q --check ") + ok);
        EXPECT_EQ(o.code, 0) << ok << ": " << o.err;
    }
}

// --count R is matrix-product's rows, default M: an explicit 1 is one row (it ran M rows, as 1 was
// the option's default). vector-matrix is one row and refuses --count (it ignored it).
TEST(Cli, MatrixProductCountIsItsRows) {
    for (const auto& [count, rows] :
         {std::pair<const char*, int>{"", 4}, {" --count 1", 1}, {" --count 2", 2}}) {
        const outcome o =
            run(std::string("--k 4 --m 4 --primitive matrix-product -q --json -") + count);
        ASSERT_EQ(o.code, 0) << o.err;
        const auto j = nlohmann::json::parse(o.out);
        EXPECT_EQ(j["details"]["rows"], rows) << count;
        EXPECT_EQ(j["rounds"], rows) << count;
        EXPECT_EQ(j["steps"], rows + 5) << count;  // 6 steps, one more per further row
        EXPECT_EQ(j["correct"], true) << count;
    }
    expect_bad_input("--k 4 --m 4 --primitive vector-matrix --count 3",
                     "--count does not apply to vector-matrix (it is for broadcast, "
                     "broadcast-trees and matrix-product)");
}

TEST(Cli, AllToAllD3_4_8MatchesThePaper) {
    const outcome o = run("--k 4 --m 8 --primitive all-to-all --json -");
    ASSERT_EQ(o.code, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);  // stdout is exactly one JSON object
    for (const char* key :
         {"k", "m", "primitive", "schedule", "rounds", "delays", "steps", "hops", "conflicts",
          "injected", "delivered", "lost", "duplicated", "correct", "wall_seconds"})
        EXPECT_TRUE(j.contains(key)) << key;
    const int k = 4, m = 8;
    EXPECT_EQ(j["rounds"], k * m * m);
    EXPECT_EQ(j["delays"], k * m);
    EXPECT_EQ(j["conflicts"], 0);
    EXPECT_EQ(j["steps"], k * m * m + k * m + 2);
    EXPECT_EQ(j["delivered"], (k * m * m) * (k * m * m));
    EXPECT_EQ(j["lost"], 0);
    EXPECT_EQ(j["duplicated"], 0);
    EXPECT_EQ(j["correct"], true);
    EXPECT_NE(o.err.find("correct"), std::string::npos);  // the human summary went to stderr
}

TEST(Cli, ScheduleNoneReportsConflicts) {
    const outcome o = run("--k 2 --m 4 --schedule none --json - -q");
    ASSERT_EQ(o.code, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    EXPECT_GT(j["conflicts"].get<int>(), 0);
    EXPECT_EQ(j["correct"], true);
    EXPECT_FALSE(j["first_conflicts"].empty());
}

TEST(Cli, JsonToFileAndSummaryToStdout) {
    const std::string path = testing::TempDir() + "d3sim_result.json";
    const outcome o = run("--k 1 --m 4 --primitive broadcast --json " + path);
    ASSERT_EQ(o.code, 0) << o.err;
    EXPECT_NE(o.out.find("broadcast"), std::string::npos);
    FILE* f = fopen(path.c_str(), "r");
    ASSERT_NE(f, nullptr);
    std::string text;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), f)) > 0) text.append(buf.data(), n);
    fclose(f);
    EXPECT_EQ(nlohmann::json::parse(text)["delivered"], 16);
}

}  // namespace

namespace {

// The done criterion: latency and throughput with nothing lost.
TEST(CliTraffic, UniformUgalOnD3_4_8ReportsLatencyAndThroughput) {
    const outcome o = run("--k 4 --m 8 --traffic uniform --rate 0.5 --routing ugal --json -");
    ASSERT_EQ(o.code, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    EXPECT_EQ(j["correct"], true);
    EXPECT_EQ(j["lost"], 0);
    EXPECT_EQ(j["left_in_buffers"], 0);
    const auto& t = j["traffic"];
    for (const char* key : {"offered", "accepted", "latency", "hops", "deflected", "drained"})
        EXPECT_TRUE(t.contains(key)) << key;
    for (const char* key : {"mean", "p50", "p99", "max"}) EXPECT_TRUE(t["latency"].contains(key));
    // Below saturation every node's offered load is accepted.
    EXPECT_NEAR(t["offered"].get<double>(), 0.5, 0.01);
    EXPECT_NEAR(t["accepted"].get<double>(), 0.5, 0.01);
    EXPECT_GE(t["latency"]["p50"].get<int>(), 4);  // injection + 3 steps at least
    EXPECT_EQ(t["measured_delivered"], t["measured_created"]);
    EXPECT_NE(o.err.find("latency"), std::string::npos);  // the human summary went to stderr
}

// Saturation from the wiring: on D3(4,4) the hotspot (0,0,0) gets at least the share 0.1 of
// the 64 terminals' packets. Its last hop is the hold stage for the sources of drawer 0 (pi = 0,
// a quarter of them) and one of its 3 local links for the rest, at most one packet per link and
// step. At rate 1.0 that is 0.75 x 6.4 = 4.8 packets per step for 3 links: the network gains at
// least 1.8 packets per step, 1,800 over the 1,000 measured steps. At rate 0.3 a link carries at
// most 0.75 x 64 x 0.3 x (0.1 + 0.9 / 64) / 3 = 0.55 packets per step: below saturation.
TEST(CliTraffic, PastSaturationIsSaidAndItsGainIsAtLeastTheHotspotsExcess) {
    const std::string args = "--k 4 --m 4 --traffic hotspot --warmup 500 --measure 1000 --rate ";
    const outcome past = run(args + "1.0 --json -");
    ASSERT_EQ(past.code, 0) << past.err;
    const auto p = nlohmann::json::parse(past.out)["traffic"];
    EXPECT_EQ(p["saturated"], true);
    EXPECT_GE(p["backlog_gain"].get<long>(), 1800);
    EXPECT_NEAR(p["backlog_gain"].get<double>(),
                (p["offered"].get<double>() - p["accepted"].get<double>()) * 64 * 1000, 0.5);
    EXPECT_NE(past.err.find("past saturation: the network gained " +
                            std::to_string(p["backlog_gain"].get<long>()) + " packets"),
              std::string::npos)
        << past.err;
    const outcome below = run(args + "0.3 --json -");
    ASSERT_EQ(below.code, 0) << below.err;
    EXPECT_EQ(nlohmann::json::parse(below.out)["traffic"]["saturated"], false);
    EXPECT_EQ(below.err.find("past saturation"), std::string::npos) << below.err;
}

// Past saturation the source queues grow without bound, which the estimate made before the run
// does not foresee (it assumes a load below saturation): the run stops when the process passes
// --max-memory. D3(8,8) hotspot at rate 1.0 gains over 1.6 million packets in 5,000 steps
// (estimated 84 MiB, 612 MiB at its end after 240 s without the limit); with --max-memory 170M it
// stops within the measurement, holding at most the limit plus one check's worth of launches
// (16,384 messages of well under 1 KiB each) past it. (170, not 150: under ASan the network alone
// holds about 150 MiB, and the first check then found 167; a window of 12,000 steps, as the
// plain build passes 170 MiB near step 7,500.) The 60 s timeout makes the test fail fast
// without the stop.
TEST(CliTraffic, ARunPastSaturationStopsAtTheMemoryLimit) {
    // Stopped like the watchdog stops a deadlock: one warning line, exit 1, and the result of the
    // steps it ran (a sweep's saturated point keeps its accepted load).
    const outcome o = d3::test::run_command(
        "timeout -k 5 60 " + std::string(D3SIM) +
        " --k 8 --m 8 --traffic hotspot --rate 1.0 --warmup 0 --measure 12000 --max-memory 170M"
        " -q --json -");
    ASSERT_EQ(o.code, 1) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    const std::string head = "warning: d3/memory: the run stopped at step ";
    ASSERT_EQ(o.err.rfind(head, 0), 0u) << o.err;
    const long step = std::stol(o.err.substr(head.size()));
    EXPECT_LT(step, 12000) << o.err;  // within the measurement window
    const std::string holds = "the process holds ";
    const auto at = o.err.find(holds);
    ASSERT_NE(at, std::string::npos) << o.err;
    const long mib = std::stol(o.err.substr(at + holds.size()));
    EXPECT_GT(mib, 170) << o.err;
    EXPECT_LE(mib, 170 + 16) << o.err;
    EXPECT_NE(o.err.find("above --max-memory 170 MiB"), std::string::npos) << o.err;
    const nlohmann::json j = nlohmann::json::parse(o.out);
    EXPECT_FALSE(j["correct"].get<bool>());
    ASSERT_FALSE(j["problems"].empty());
    EXPECT_EQ(j["problems"][0].get<std::string>().rfind("memory: the run stopped at step ", 0), 0u)
        << j["problems"];
    const nlohmann::json& t = j["traffic"];
    EXPECT_TRUE(t["saturated"].get<bool>());
    EXPECT_FALSE(t["drained"].get<bool>());
    // The rates are over the measured steps it ran (the rates were over all the steps of the
    // window). The window starts at step 0 and lasts 12,000 steps, so that the stop falls in it in
    // every build: under ASan, whose memory per packet is larger, within the first few hundred
    // steps; here some 7,500 steps in (the buffers' storage is written only where used).
    EXPECT_EQ(t["stopped_at_step"].get<long>(), step) << t;
    EXPECT_EQ(t["measured_steps"].get<long>(), std::min(12000L, step + 1)) << t;
    // Hotspot at 1.0 offers about one packet per terminal per step; the network accepts far less
    // once its queues have filled (a window of a few dozen steps, under ASan, sees them fill).
    EXPECT_GT(t["offered"].get<double>(), 0.9);
    EXPECT_GT(t["accepted"].get<double>(), 0.05);
    if (step > 1000) {
        EXPECT_LT(t["accepted"].get<double>(), 0.6);
    }
    EXPECT_LT(t["measured_delivered"].get<std::uint64_t>(),
              t["measured_created"].get<std::uint64_t>());
    // What was in the network when it stopped is counted, not lost silently.
    EXPECT_GT(j["left_in_buffers"].get<std::uint64_t>(), 0u);
    EXPECT_EQ(j["lost"], j["left_in_buffers"]);
}

nlohmann::json without_costs(nlohmann::json j) {
    for (const char* key :
         {"wall_seconds", "elaboration_seconds", "peak_rss_kib", "hops_per_second"})
        j.erase(key);
    return j;
}

TEST(CliTraffic, SameSeedSameResultOtherSeedOtherResult) {
    const std::string args =
        "--k 2 --m 4 --traffic permutation --rate 0.6 --routing ugal --warmup 100 --measure 500 "
        "-q --json - --seed ";
    const outcome a = run(args + "3"), b = run(args + "3"), c = run(args + "4");
    ASSERT_EQ(a.code, 0) << a.err;
    ASSERT_EQ(c.code, 0) << c.err;
    EXPECT_EQ(without_costs(nlohmann::json::parse(a.out)),
              without_costs(nlohmann::json::parse(b.out)));
    EXPECT_NE(without_costs(nlohmann::json::parse(a.out)),
              without_costs(nlohmann::json::parse(c.out)));
}

TEST(CliTraffic, BadTrafficInputIsOneLineAndExitCode2) {
    expect_bad_input("--traffic uniform --rate 0", "--rate");
    expect_bad_input("--traffic uniform --rate 1.5", "--rate");
    expect_bad_input("--traffic bogus", "--traffic");
    expect_bad_input("--routing ugal", "--routing needs --traffic");
    expect_bad_input("--primitive broadcast --routing valiant", "--routing needs --traffic");
    expect_bad_input("--rate 0.5", "--rate needs --traffic");
    expect_bad_input("--traffic uniform --primitive broadcast", "--primitive cannot be combined");
    expect_bad_input("--traffic uniform --routing fastest", "--routing");
    expect_bad_input("--traffic uniform --vcs 33", "--vcs: must be a whole number from 0 to 32");
    expect_bad_input("--traffic uniform --measure 0", "--measure");
    expect_bad_input("--traffic uniform --routing ugal --ugal-threshold -1", "--ugal-threshold");
    expect_bad_input("--ugal-threshold 2", "--ugal-threshold needs --traffic");
    expect_bad_input("--traffic uniform --concentration 0", "--concentration");
    expect_bad_input("--traffic uniform --m 4 --concentration 5", "injection width");
}

// MDF(K,M) through the command line: palmtree by default, consecutive or a wiring file on demand;
// bad arrangements and MDF without traffic are input errors.
TEST(CliMdf, RunsEachArrangementAndRejectsBadOnes) {
    const std::string base =
        "--topology mdf --k 2 --m 3 --traffic uniform --rate 0.3 --warmup 100 "
        "--measure 300 -q --json -";
    const outcome p = run(base);
    ASSERT_EQ(p.code, 0) << p.err;
    const auto j = nlohmann::json::parse(p.out);
    EXPECT_EQ(j["topology"], "mdf");
    EXPECT_EQ(j["arrangement"], "palmtree");
    EXPECT_EQ(j["correct"], true);
    // A wiring file: the consecutive arrangement written out link by link (independently of the
    // model: group j's g-th other group is g < j ? g : g+1, served by router g/K port g%K).
    const std::string file = testing::TempDir() + "d3_mdf_2_3.wiring";
    {
        std::ofstream f(file);
        f << "# MDF(2,3) consecutive\n";
        const int k = 2, m = 3, groups = k * m + 1;
        for (int j = 0; j < groups; ++j)
            for (int to = j + 1; to < groups; ++to) {
                const int g = to - 1, back = j;  // to's rank among j's others; j's among to's
                f << j << ' ' << g / k << ' ' << g % k << "  " << to << ' ' << back / k << ' '
                  << back % k << '\n';
            }
    }
    const outcome w = run(base + " --arrangement " + file);
    const outcome c = run(base + " --arrangement consecutive");
    ASSERT_EQ(w.code, 0) << w.err;
    ASSERT_EQ(c.code, 0) << c.err;
    auto jw = without_costs(nlohmann::json::parse(w.out));
    auto jc = without_costs(nlohmann::json::parse(c.out));
    jw.erase("arrangement");
    jc.erase("arrangement");
    jw.erase("config");  // records the arrangement as given: the file or "consecutive"
    jc.erase("config");
    EXPECT_EQ(jw, jc);  // the same wiring gives the same run
    expect_bad_input("--topology mdf --traffic uniform --arrangement /nonexistent-d3/wiring.txt",
                     "wiring file");
    // Issue 14: all-to-all and broadcast run on MDF with source vectors; the rest is refused.
    expect_bad_input("--topology mdf --primitive permutation",
                     "on MDF the primitives are all-to-all and broadcast");
    // MDF's primitives take --wave (tests/wave/wave_names_test.cpp); D3's options do not apply.
    expect_bad_input("--topology mdf --primitive all-to-all --subnetwork drawer-out=0",
                     "on MDF the primitives run without --subnetwork");
    // Issue 14b: the transpose needs K a square; --embedding is the hypercube primitives'.
    expect_bad_input("--k 2 --m 4 --primitive transpose", "K a square");
    expect_bad_input("--k 4 --m 4 --primitive all-to-all --embedding glgl",
                     "--embedding does not apply to all-to-all (it is for hypercube-exchange and "
                     "hypercube-allreduce)");
    expect_bad_input("--k 4 --m 4 --primitive hypercube-exchange --embedding torus", "--embedding");
    expect_bad_input("--arrangement palmtree --traffic uniform",
                     "--arrangement needs --topology mdf");
    expect_bad_input("--topology mdf --k 16 --m 16 --traffic uniform", "groups");
    expect_bad_input("--topology torus --traffic uniform", "--topology");
}

// Concentration: P terminals per router, each at --rate; throughput is reported per terminal.
TEST(CliTraffic, ConcentrationMultipliesTheSourcesNotTheRate) {
    const outcome o =
        run("--k 2 --m 4 --traffic uniform --rate 0.2 --concentration 3 --warmup 100 "
            "--measure 2000 -q --json -");
    ASSERT_EQ(o.code, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    const auto& t = j["traffic"];
    EXPECT_EQ(t["concentration"], 3);
    EXPECT_NEAR(t["offered"].get<double>(), 0.2, 0.01);
    EXPECT_NEAR(t["accepted"].get<double>(), 0.2, 0.01);
    // 32 routers x 3 terminals x 0.2 x 2000 steps = 38,400 measured packets, give or take.
    EXPECT_NEAR(t["measured_created"].get<double>(), 38400, 1200);
}

}  // namespace

namespace {

// --check: every check of a run, then exit without running: one line, the memory estimate, and
// no file written.
TEST(Cli, CheckMakesEveryCheckAndRunsNothing) {
    const std::string json = testing::TempDir() + "d3_check.json";
    std::remove(json.c_str());
    const outcome ok = run("--k 4 --m 4 --primitive all-to-all --json " + json + " --check");
    EXPECT_EQ(ok.code, 0) << ok.err;
    EXPECT_TRUE(ok.err.empty()) << ok.err;
    EXPECT_FALSE(std::filesystem::exists(json));
    // One line on stdout: the estimate the run itself reports (its JSON's estimated_memory_mib,
    // rounded up), what the Slurm backend sizes tasks by.
    const outcome result = run("--k 4 --m 4 --primitive all-to-all --json - -q");
    ASSERT_EQ(result.code, 0) << result.err;
    const double estimate = nlohmann::json::parse(result.out)["estimated_memory_mib"];
    const std::string line = "d3sim: check passed: estimated " +
                             std::to_string(static_cast<long>(std::ceil(estimate))) +
                             " MiB (--max-memory ";
    EXPECT_EQ(ok.out.rfind(line, 0), 0u) << ok.out;
    EXPECT_EQ(std::count(ok.out.begin(), ok.out.end(), '\n'), 1) << ok.out;
    const outcome unchecked = run("--k 4 --m 4 --primitive all-to-all --check --max-memory none");
    EXPECT_NE(unchecked.out.find(" MiB (no --max-memory)"), std::string::npos) << unchecked.out;
    const outcome quiet = run("--k 4 --m 4 --primitive all-to-all --check -q");
    EXPECT_EQ(quiet.code, 0) << quiet.err;
    EXPECT_TRUE(quiet.out.empty()) << quiet.out;
    const outcome traffic = run("--k 2 --m 2 --traffic uniform --check");
    EXPECT_EQ(traffic.code, 0) << traffic.err;
    EXPECT_EQ(traffic.out.rfind("d3sim: check passed: estimated ", 0), 0u) << traffic.out;
    // What only a run's later checks find: an output that cannot be written, the memory budget.
    expect_bad_input("--k 2 --m 2 --primitive broadcast --json /proc/nonexistent/r.json --check",
                     "--json");
    expect_bad_input("--k 2 --m 2 --traffic uniform --wave /proc/nonexistent/w.vcd --check",
                     "--wave");
    expect_bad_input("--k 32 --m 32 --primitive all-to-all --max-memory 1M --check",
                     "more than --max-memory");
    // The plans that trace every node's whole program come after the check: refused at once
    // (they took 130 s and 7.7 s before the refusal).
    const auto start = std::chrono::steady_clock::now();
    expect_bad_input("--k 24 --m 24 --protocol doubly-parallel --max-memory 1G --check",
                     "more than --max-memory");
    expect_bad_input(
        "--topology mdf --k 15 --m 17 --primitive all-to-all --max-memory 100M --check",
        "more than --max-memory");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

}  // namespace
