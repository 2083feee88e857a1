// The architect's workflow (issue 16): CI gates and their exit codes, the packet event log, the
// waveform view's groups (configuration files: config_file_test.cpp). d3sim run as a user runs it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/read_file.h"
#include "support/run_command.h"

namespace {

using d3::test::outcome;

outcome run(const std::string& args) {
    return d3::test::run_command(std::string(D3SIM) + " " + args);
}

using d3::test::read_all;

// ---- CI gates (cli/gates.h): 3 conflicts, 4 latency p99, 5 not drained ----

TEST(Gates, MaxConflictsFailsScheduleNoneAndPassesThePaper) {
    // D3(2,4) all-to-all without the paper's delays conflicts (docs/findings.md); with them not.
    const outcome none = run("--k 2 --m 4 --schedule none --max-conflicts 0 --json -");
    EXPECT_EQ(none.code, 3) << none.err;
    const auto j = nlohmann::json::parse(none.out);
    EXPECT_EQ(j["correct"], true);
    EXPECT_EQ(j["gates"]["passed"], false);
    EXPECT_NE(none.err.find("d3sim: gate: conflicts"), std::string::npos) << none.err;
    const outcome paper = run("--k 2 --m 4 --schedule paper --max-conflicts 0 -q");
    EXPECT_EQ(paper.code, 0) << paper.err;
    // The limit is "more than N": N = the run's own count passes.
    const outcome at = run("--k 2 --m 4 --schedule none -q --max-conflicts " +
                           std::to_string(j["conflicts"].get<long long>()));
    EXPECT_EQ(at.code, 0) << at.err;
}

TEST(Gates, LatencyP99AboveZeroLoadFails) {
    // Zero-load latency is 1 injection step + 3 hops = 4 (README): a p99 limit of 3 must fail,
    // a generous one pass.
    const std::string base =
        "--k 2 --m 4 --traffic uniform --rate 0.05 --warmup 20 --measure 200 -q";
    EXPECT_EQ(run(base + " --max-latency-p99 3").code, 4);
    EXPECT_EQ(run(base + " --max-latency-p99 1000").code, 0);
}

// A run that measures no packet has no latency: null in the JSON, "none measured" in the summary,
// empty in a sweep's CSV, and a latency gate cannot pass on it (a 0 would read as a perfect
// network and pass any limit).
TEST(Gates, NoMeasuredPacketHasNoLatency) {
    // D3(2,2): 8 routers x 10 steps at 0.001 expect 0.08 packets; this seed creates none.
    const std::string base = "--k 2 --m 2 --traffic uniform --rate 0.001 --warmup 10 --measure 10";
    const outcome o = run(base + " --json -");
    ASSERT_EQ(o.code, 0) << o.err;
    const auto t = nlohmann::json::parse(o.out)["traffic"];
    ASSERT_EQ(t["measured_created"], 0) << "the premise: nothing measured";
    EXPECT_EQ(t["latency"]["samples"], 0);
    for (const char* k : {"mean", "p50", "p99", "max"}) EXPECT_TRUE(t["latency"][k].is_null()) << k;
    EXPECT_TRUE(t["hops"]["mean"].is_null());
    EXPECT_TRUE(t["deflected_fraction"].is_null());
    const outcome text = run(base);
    EXPECT_NE(text.out.find("latency from creation (steps): none measured  (0 measured packets)"),
              std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find("hops mean none"), std::string::npos) << text.out;
    const outcome gate = run(base + " -q --max-latency-p99 1000");
    EXPECT_EQ(gate.code, 4);
    EXPECT_NE(gate.err.find("latency p99 unknown: no measured packet arrived"), std::string::npos)
        << gate.err;
    const std::string dir = testing::TempDir() + "d3_sweep_nothing_measured";
    const outcome sweep = run("sweep --rates 0.001 --out " + dir +
                              " --k 2 --m 2 --traffic uniform --warmup 10 --measure 10");
    ASSERT_EQ(sweep.code, 0) << sweep.err;
    EXPECT_NE(sweep.out.find("no plot: no point measured a packet"), std::string::npos)
        << sweep.out;
    // rate,offered,accepted, then mean,p50,p99,max,hops_mean,deflected_fraction empty
    EXPECT_NE(read_all(dir + "/sweep.csv").find("\n0.001,0.0,0.0,,,,,,,0,0,true,true,0,false\n"),
              std::string::npos)
        << read_all(dir + "/sweep.csv");
}

TEST(Gates, RequireDrainedFailsASaturatedRun) {
    // Every router (32) sends every packet to router 0, which ejects one per step: 32 created per
    // step cannot drain within 0 steps after the measurement.
    const std::string base =
        "--k 2 --m 4 --traffic hotspot --hotspot-fraction 1 --rate 1 --ejection-width 1 "
        "--warmup 0 --measure 20 --drain-limit 0 -q";
    EXPECT_EQ(run(base + " --require-drained").code, 5);
    EXPECT_EQ(run(base).code, 0);
}

TEST(Gates, TrafficGatesNeedTraffic) {
    EXPECT_EQ(run("--k 2 --m 4 --require-drained").code, 2);
    EXPECT_EQ(run("--k 2 --m 4 --max-latency-p99 5").code, 2);
}

}  // namespace

// ---- Packet event log (trace/packet_log.h) ----

namespace trace {

std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::istringstream is(text);
    std::string line;
    std::getline(is, line);  // header
    while (std::getline(is, line)) {
        std::vector<std::string> cells;
        std::istringstream ls(line);
        std::string cell;
        while (std::getline(ls, cell, ',')) cells.push_back(cell);
        if (!line.empty() && line.back() == ',') cells.push_back("");
        rows.push_back(cells);
    }
    return rows;
}

}  // namespace trace

TEST(PacketLog, EveryHopOfTheAllToAll) {
    const std::string log = testing::TempDir() + "d3_a2a_trace.csv";
    const outcome o = run("--k 2 --m 4 --primitive all-to-all -q --json - --trace-packets " + log);
    ASSERT_EQ(o.code, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    const std::string text = read_all(log);
    EXPECT_EQ(
        text.rfind("step,event,packet,message,source,destination,router,input,vc,output,b\n", 0),
        0u);
    std::map<std::string, std::uint64_t> kinds;
    std::map<std::string, int> hops_of;  // packet -> hops
    for (const auto& r : trace::csv_rows(text)) {
        ASSERT_EQ(r.size(), 11u);
        ++kinds[r[1]];
        if (r[1] == "hop") ++hops_of[r[2]];
        // A packet is delivered at its destination, by its router to the node.
        if (r[1] == "deliver") {
            EXPECT_EQ(r[6], r[5]);
            EXPECT_EQ(r[9], "node");
        }
    }
    EXPECT_EQ(kinds["hop"], j["hops"].get<std::uint64_t>());
    EXPECT_EQ(kinds["hold"], j["holds"].get<std::uint64_t>());
    EXPECT_EQ(kinds["inject"], j["injected"].get<std::uint64_t>());
    EXPECT_EQ(kinds["deliver"], j["delivered"].get<std::uint64_t>());
    // 32 routers, one message to every router: 32 x 32 packets of at most three hops.
    EXPECT_EQ(kinds["deliver"], 32u * 32u);
    for (const auto& [packet, n] : hops_of) EXPECT_LE(n, 3) << packet;
}

TEST(PacketLog, FiltersAndJsonLines) {
    const std::string log = testing::TempDir() + "d3_filtered.jsonl";
    const outcome o = run("--k 2 --m 4 --schedule none -q --trace-packets " + log +
                          " --trace-routers 1,*,* --trace-steps 3:5");
    ASSERT_EQ(o.code, 0) << o.err;
    std::istringstream is(read_all(log));
    std::string line;
    int lines = 0;
    while (std::getline(is, line)) {
        const auto e = nlohmann::json::parse(line);
        ++lines;
        EXPECT_EQ(e["router"].get<std::string>().rfind("1.", 0), 0u) << line;
        EXPECT_GE(e["step"].get<int>(), 3);
        EXPECT_LE(e["step"].get<int>(), 5);
    }
    EXPECT_GT(lines, 0);
    EXPECT_NE(o.err.find("packet log"), std::string::npos);  // the size estimate
}

TEST(PacketLog, ConflictWaitsMatchTheJson) {
    // Without credit stalls every packet that wanted a conflicting link had a credit, so each
    // conflict of n requesters leaves n - 1 conflict-wait events.
    const std::string log = testing::TempDir() + "d3_waits.csv";
    const outcome o = run("--k 2 --m 4 --schedule none -q --json - --trace-packets " + log);
    ASSERT_EQ(o.code, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    ASSERT_EQ(j["credit_stalls"], 0);
    ASSERT_GT(j["conflicts"].get<int>(), 0);
    std::uint64_t waits = 0;
    for (const auto& r : trace::csv_rows(read_all(log))) waits += r[1] == "conflict-wait";
    EXPECT_EQ(waits, j["conflict_waits"].get<std::uint64_t>());
}

// ---- Waveform views (trace/conflict_view.h) ----

TEST(WaveView, FirstConflictGroupShowsTheBuffersAndTheTraceEndsWithTheRun) {
    const std::string base = testing::TempDir() + "d3_view";
    const outcome o = run("--k 2 --m 4 --primitive all-to-all --schedule none -q --json - --wave " +
                          base + ".vcd");
    ASSERT_EQ(o.code, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    const std::string gtkw = read_all(base + ".gtkw");
    // The first group: from its begin line to its end line.
    const auto begin = gtkw.find("\n@800200\n");
    ASSERT_NE(begin, std::string::npos) << gtkw;
    const std::string group = gtkw.substr(begin, gtkw.find("\n@1000200\n", begin) - begin);
    for (const char* s :
         {"conflict", "in_occupancy", "hold_occupancy", "inject_occupancy", "^1 ", ".routers.txt"})
        EXPECT_NE(group.find(s), std::string::npos) << s << "\n" << group;
    // Router ids named c.d.p: router 31 of D3(2,4) is (1,3,3); broadcast copies are named.
    const std::string names = read_all(base + ".routers.txt");
    EXPECT_NE(names.find("\n31 1.3.3\n"), std::string::npos);
    EXPECT_NE(names.find("\n4294967295 broadcast\n"), std::string::npos);
    // The last time stamp of the trace: within a few steps of the run's length, not the
    // watchdog's 1000 steps later.
    const std::string vcd = read_all(base + ".vcd");
    const auto last = vcd.rfind("\n#");
    ASSERT_NE(last, std::string::npos);
    const long end = std::stol(vcd.substr(last + 2));
    EXPECT_LE(end, j["steps"].get<long>() + 3) << "steps " << j["steps"];
    EXPECT_GE(end, j["steps"].get<long>());
}

TEST(Gates, SweepFlagsUndrainedPointsAndPassesTheGateCode) {
    // Every router sends to router 0, which ejects one packet per step: at rate 0.02 the 32
    // routers offer 0.64 packets per step (drains), at 0.5 they offer 16 (800 queued after 50
    // steps cannot drain in 20).
    const std::string dir = testing::TempDir() + "d3_sweep_gates";
    const outcome o = run("sweep --rates 0.02,0.5 --out " + dir +
                          " --k 2 --m 4 --traffic hotspot --hotspot-fraction 1 --ejection-width 1 "
                          "--warmup 0 --measure 50 --drain-limit 20 --require-drained --jobs 2");
    EXPECT_EQ(o.code, 5) << o.err;
    EXPECT_NE(o.err.find("not drained"), std::string::npos) << o.err;
    EXPECT_NE(o.err.find(" 0.5"), std::string::npos) << o.err;
    const std::string csv = read_all(dir + "/sweep.csv");
    EXPECT_NE(csv.find("\n0.5,"), std::string::npos) << csv;
    EXPECT_NE(csv.find(",false,true,5,"), std::string::npos) << csv;  // drained, correct, exit
    EXPECT_NE(read_all(dir + "/sweep.gp").find("drained("), std::string::npos);
}

// d3sim sweep --background: the background's rate is swept under the primitive. Privileged, the
// all-to-all keeps the idle network's figures at every rate (an idle run, separately); the CSV
// records the background's accepted load, which grows with the rate.
TEST(Sweep, BackgroundRatesUnderAPrivilegedPrimitive) {
    const outcome idle = run("--k 2 --m 4 --primitive all-to-all --json - -q");
    ASSERT_EQ(idle.code, 0) << idle.err;
    const auto j = nlohmann::json::parse(idle.out);
    const std::string dir = testing::TempDir() + "d3_sweep_background";
    const outcome o = run("sweep --rates 0.1,0.4 --out " + dir +
                          " --k 2 --m 4 --primitive all-to-all --service privileged "
                          "--background uniform --jobs 2");
    ASSERT_EQ(o.code, 0) << o.err;
    std::istringstream csv(read_all(dir + "/sweep.csv"));
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line.rfind("rate,service,steps,conflicts,correct,offered,accepted,", 0), 0u) << line;
    std::vector<double> accepted;
    while (std::getline(csv, line)) {
        std::vector<std::string> f;
        std::istringstream cells(line);
        for (std::string c; std::getline(cells, c, ',');) f.push_back(c);
        ASSERT_EQ(f.size(), 11u) << line;
        EXPECT_EQ(f[1], "privileged");
        EXPECT_EQ(std::stol(f[2]), j["steps"].get<long>()) << line;
        EXPECT_EQ(std::stol(f[3]), j["conflicts"].get<long>()) << line;
        EXPECT_EQ(f[4], "true");
        accepted.push_back(std::stod(f[6]));
        EXPECT_EQ(f[10], "0");
    }
    ASSERT_EQ(accepted.size(), 2u);
    EXPECT_GT(accepted[0], 0.05);
    EXPECT_GT(accepted[1], accepted[0] * 2);
    EXPECT_NE(read_all(dir + "/sweep.gp").find("background latency"), std::string::npos);
    EXPECT_EQ(run("sweep --rates 0.1 --out " + dir +
                  " --k 2 --m 4 --primitive all-to-all --background uniform --background-rate 0.2")
                  .code,
              2);
}
