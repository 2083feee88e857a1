// The architect's workflow (issue 16): CI gates and their exit codes, configuration files
// (--config, --dump-config, results that rerun themselves), the packet event log. d3sim run as a
// user runs it.
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

std::string write_temp(const std::string& name, const std::string& text) {
    const std::string path = testing::TempDir() + name;
    std::ofstream(path) << text;
    return path;
}

// The figures of a result: everything but the run's cost and its recorded configuration.
nlohmann::json figures(nlohmann::json j) {
    for (const char* k : {"wall_seconds", "elaboration_seconds", "peak_rss_kib", "hops_per_second"})
        j.erase(k);
    return j;
}

// ---- CI gates (tb/gates.h): 3 conflicts, 4 latency p99, 5 not drained ----

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
    EXPECT_NE(read_all(dir + "/sweep.csv").find("\n0.001,0.0,0.0,,,,,,,0,0,true,true,0\n"),
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

// ---- Configuration files (tb/config_file.h) ----

TEST(Config, UnknownKeyIsRefusedWithFileAndLine) {
    const std::string f = write_temp(
        "d3_bad_key.yaml", "network:\n  k: 2\nrouter:\n  input_unit:\n    bufer_depth: 4\n");
    const outcome o = run("--config " + f);
    EXPECT_EQ(o.code, 2);
    EXPECT_NE(o.err.find(f + ":5: router.input_unit.bufer_depth: unknown key"), std::string::npos)
        << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

TEST(Config, WrongTypeIsRefusedWithFileAndLine) {
    const std::string f = write_temp("d3_bad_type.yaml", "network:\n  k: 2\n  m: four\n");
    const outcome o = run("--config " + f);
    EXPECT_EQ(o.code, 2);
    EXPECT_NE(o.err.find(f + ":3: network.m: must be a whole number (got 'four')"),
              std::string::npos)
        << o.err;
    const std::string g = write_temp("d3_bad_map.yaml", "router:\n  pipeline: 3\n");
    EXPECT_NE(run("--config " + g).err.find(g + ":2: router.pipeline: must be a map"),
              std::string::npos);
}

// A value of the right type that a later check refuses (a range, a name, a rule between options)
// is named by its place in the file too; the same value typed on the command line by its option.
TEST(Config, RefusedValuesAreNamedWithFileAndLine) {
    const std::string f =
        write_temp("d3_bad_range.yaml",
                   "network:\n  k: 2\n  m: 4\nrouter:\n  input_unit:\n    buffer_depth: 0\n");
    const outcome o = run("--config " + f);
    EXPECT_EQ(o.code, 2);
    EXPECT_NE(o.err.find("d3sim: error: " + f +
                         ":6: router.input_unit.buffer_depth: --buffer-depth: must be a whole "
                         "number from 1 to 1024 (got '0')"),
              std::string::npos)
        << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    // Given on the command line as well, the command line's value is the one refused.
    const outcome cli = run("--config " + f + " --buffer-depth=0");
    EXPECT_EQ(cli.code, 2);
    EXPECT_EQ(cli.err.find(f), std::string::npos) << cli.err;
    EXPECT_NE(cli.err.find("d3sim: error: --buffer-depth: must be"), std::string::npos) << cli.err;
    // Refused by the traffic options' own check (not CLI11's) and by a name list.
    const std::string g = write_temp(
        "d3_bad_rate.yaml",
        "network:\n  k: 2\n  m: 4\nworkload:\n  traffic:\n    pattern: uniform\n    rate: 2\n");
    EXPECT_NE(run("--config " + g).err.find(g + ":7: workload.traffic.rate: --rate must be in"),
              std::string::npos);
    const std::string h = write_temp("d3_bad_name.yaml",
                                     "network:\n  k: 2\n  m: 4\nworkload:\n  traffic:\n    "
                                     "pattern: bogus\n");
    EXPECT_NE(run("--config " + h).err.find(h + ":6: workload.traffic.pattern: --traffic: bogus"),
              std::string::npos);
}

TEST(Config, UnreadableFileIsBadInput) {
    for (const std::string& f : {std::string("/nonexistent-d3/c.yaml"), testing::TempDir()}) {
        const outcome o = run("--config " + f);
        EXPECT_EQ(o.code, 2) << f;
        EXPECT_NE(o.err.find("--config: cannot read"), std::string::npos) << o.err;
    }
}

TEST(Config, CommandLineOverridesTheFile) {
    const std::string f = write_temp("d3_override.yaml",
                                     "network:\n  k: 4\n  m: 4\nrouter:\n  input_unit:\n"
                                     "    buffer_depth: 3\nworkload:\n  primitive: broadcast\n");
    const outcome o = run("--config " + f + " --k 2 --json - -q");
    ASSERT_EQ(o.code, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    EXPECT_EQ(j["k"], 2);  // the command line
    EXPECT_EQ(j["m"], 4);  // the file
    EXPECT_EQ(j["primitive"], "broadcast");
    EXPECT_EQ(j["config"]["router"]["input_unit"]["buffer_depth"], 3);
}

// One line naming the file, the key and its line, exit 2.
void expect_file_refused(const std::string& file, const std::string& mentions) {
    const outcome o = run("--config " + file + " -q");
    EXPECT_EQ(o.code, 2) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    EXPECT_NE(o.err.find("d3sim: error: " + file + mentions), std::string::npos) << o.err;
}

// A file's workload is a primitive or traffic: with both, the traffic ran (exit 0) while the
// command line refuses --primitive with --traffic.
TEST(Config, PrimitiveAndTrafficInOneFileAreRefused) {
    const std::string f =
        write_temp("d3_both_workloads.yaml",
                   "network:\n  k: 2\n  m: 2\nworkload:\n  primitive: all-to-all\n"
                   "  traffic:\n    pattern: uniform\n    warmup: 10\n");
    expect_file_refused(f,
                        ":7: workload.traffic.pattern: a workload is a primitive or traffic, not "
                        "both (workload.primitive on line 5)");
    const std::string g = write_temp("d3_both_pipelines.yaml",
                                     "router:\n  pipeline:\n    stages: 2\n    units: traverse\n");
    expect_file_refused(g,
                        ":4: router.pipeline.units: give the pipeline's units or its stages, not "
                        "both (router.pipeline.stages on line 3)");
}

// A key given twice: the last one won silently (or CLI11 refused the option without naming the
// file, when both values differed from the default).
TEST(Config, DuplicateKeysAreRefused) {
    expect_file_refused(write_temp("d3_dup_seed.yaml", "seed: 1\nseed: 4\n"),
                        ":2: seed: given twice (first on line 1)");
    expect_file_refused(write_temp("d3_dup_k.yaml", "network:\n  k: 3\n  m: 4\n  k: 2\n"),
                        ":4: network.k: given twice (first on line 2)");
    expect_file_refused(write_temp("d3_dup_section.yaml", "network:\n  k: 2\nnetwork:\n  m: 4\n"),
                        ":3: network: given twice (first on line 1)");
}

// README: any option on the command line overrides the file, also where the file chose the other
// side of a pair (refused before: "--primitive cannot be combined with --traffic", "give either
// --pipeline or --pipeline-stages"). Given together on the command line they stay refused.
TEST(Config, CommandLineChoiceReplacesTheFilesConflictingOne) {
    const std::string deep = D3_CONFIGS "/deep-pipeline.yaml";
    const outcome p = run("--config " + deep + " --primitive all-to-all --k 2 -q --json -");
    ASSERT_EQ(p.code, 0) << p.err;
    const auto j = nlohmann::json::parse(p.out);
    EXPECT_EQ(j["primitive"], "all-to-all");
    EXPECT_EQ(j["correct"], true);
    EXPECT_FALSE(j["config"]["workload"].contains("traffic"));
    EXPECT_EQ(j["config"]["router"]["pipeline"]["units"], "route,allocate,traverse");  // the file's
    EXPECT_EQ(j["config"]["router"]["links"]["global_latency"], 4);
    const outcome s = run("--config " + deep + " --pipeline-stages 2 --dump-config");
    ASSERT_EQ(s.code, 0) << s.err;
    EXPECT_NE(s.out.find("units: \"traverse\""), std::string::npos) << s.out;
    EXPECT_NE(s.out.find("pattern: \"uniform\""), std::string::npos) << s.out;
    const std::string staged =
        write_temp("d3_staged.yaml", "router:\n  pipeline:\n    stages: 3\n");
    const outcome u = run("--config " + staged + " --pipeline route --dump-config");
    ASSERT_EQ(u.code, 0) << u.err;
    EXPECT_NE(u.out.find("units: \"route\""), std::string::npos) << u.out;
    const outcome t = run("--config " D3_CONFIGS
                          "/paper-router.yaml --traffic uniform --k 2 --m 4 --warmup 20 "
                          "--measure 50 -q --json -");
    ASSERT_EQ(t.code, 0) << t.err;
    EXPECT_EQ(nlohmann::json::parse(t.out)["traffic"]["pattern"], "uniform");
    EXPECT_EQ(run("--config " + deep + " --primitive all-to-all --traffic uniform -q").code, 2);
    EXPECT_EQ(run("--config " + deep + " --pipeline-stages 2 --pipeline route -q").code, 2);
}

// Options that a primitive does not read are refused on the command line only: a file (or a
// result) records the workload's keys for every run, and they are read as before.
TEST(Config, WorkloadKeysInAFileAreReadForAnyPrimitive) {
    const std::string f =
        write_temp("d3_all_keys.yaml",
                   "network:\n  k: 2\n  m: 4\nworkload:\n  primitive: all-to-all\n"
                   "  perm: transpose\n  count: 3\n  source: \"1,1,1\"\n"
                   "  turnaround: next-step\n  dimension: 2\n");
    const outcome o = run("--config " + f + " --check");
    EXPECT_EQ(o.code, 0) << o.err;
    EXPECT_EQ(run("--config " + f + " --check --count 3").code, 2);  // on the command line
}

TEST(Config, DumpRoundTrips) {
    const std::string opts =
        "--k 3 --m 5 --traffic transpose --rate 0.25 --routing valiant --buffer-depth 5 "
        "--pipeline-stages 2 --global-latency 3 --arbitration oldest-first --seed 99 "
        "--max-latency-p99 40";
    const outcome first = run(opts + " --dump-config");
    ASSERT_EQ(first.code, 0) << first.err;
    const std::string f = write_temp("d3_dump.yaml", first.out);
    const outcome second = run("--config " + f + " --dump-config");
    ASSERT_EQ(second.code, 0) << second.err;
    EXPECT_EQ(second.out, first.out);
    for (const char* text : {"k: 3", "buffer_depth: 5", "units: \"traverse\"", "global_latency: 3",
                             "\"oldest-first\"", "seed: 99", "rate: 0.25", "max_latency_p99: 40"})
        EXPECT_NE(first.out.find(text), std::string::npos) << text << "\n" << first.out;
}

// A result and its rerun: d3sim ARGS writes NAME_1.json, `--config NAME_1.json` writes
// NAME_2.json; both parsed.
std::pair<nlohmann::json, nlohmann::json> run_and_rerun(const std::string& args,
                                                        const std::string& name) {
    const std::string r1 = testing::TempDir() + name + "_1.json";
    const std::string r2 = testing::TempDir() + name + "_2.json";
    const outcome a = run(args + " -q --json " + r1);
    EXPECT_EQ(a.code, 0) << a.err;
    const outcome b = run("--config " + r1 + " -q --json " + r2);
    EXPECT_EQ(b.code, 0) << b.err;
    if (a.code != 0 || b.code != 0) return {};
    return {nlohmann::json::parse(read_all(r1)), nlohmann::json::parse(read_all(r2))};
}

TEST(Config, PrimitiveResultRerunsToTheSameFigures) {
    const auto [j1, j2] = run_and_rerun(
        "--k 2 --m 4 --schedule none --vcs 4 --buffer-depth 3 --pipeline-stages 2 "
        "--global-latency 2 --arbitration youngest-first",
        "d3_rerun_p");
    ASSERT_FALSE(j1.is_null());
    const auto& c = j1["config"];
    EXPECT_EQ(c["router"]["input_unit"]["buffer_depth"], 3);
    EXPECT_EQ(c["router"]["input_unit"]["vcs"], 4);
    // --pipeline-stages 2 is recorded as the pipeline it stands for (core/pipeline.h).
    EXPECT_EQ(c["router"]["pipeline"]["units"], "traverse");
    EXPECT_FALSE(c["router"]["pipeline"].contains("stages"));
    EXPECT_EQ(c["resolved"]["router"]["pipeline"]["stages"], 2);
    EXPECT_EQ(c["router"]["links"]["global_latency"], 2);
    // The resolved router: the injection width 0 became M = 4 (and its depth twice that).
    EXPECT_EQ(c["resolved"]["router"]["injection"]["width"], 4);
    EXPECT_EQ(c["resolved"]["router"]["injection"]["depth"], 8);
    EXPECT_EQ(c["router"]["switch_allocator"]["arbitration"], "youngest-first");
    EXPECT_EQ(c["router"]["route_stage"]["decoder"], "cpp");
    EXPECT_EQ(c["workload"]["schedule"], "none");
    EXPECT_TRUE(c.contains("seed"));
    EXPECT_TRUE(c["version"].is_string());
    EXPECT_GT(j1["conflicts"].get<int>(), 0);
    EXPECT_EQ(figures(j1), figures(j2));
}

// A repeatable option (--subnetwork) is a list in the file and in a result: the rerun of a
// partitioned run runs the same partitions, not the whole network.
TEST(Config, PartitionedResultRerunsItsPartitions) {
    const auto [j1, j2] = run_and_rerun(
        "--k 6 --m 4 --subnetwork cabinets=0,1,2 --subnetwork cabinets=3,4,5", "d3_rerun_s");
    ASSERT_FALSE(j1.is_null());
    EXPECT_EQ(j1["config"]["workload"]["subnetworks"],
              nlohmann::json({"cabinets=0,1,2", "cabinets=3,4,5"}));
    ASSERT_EQ(j2["partitions"].size(), 2u);
    EXPECT_EQ(j1["partitions"], j2["partitions"]);
    EXPECT_EQ(figures(j1), figures(j2));
}

// A matrix product of one row records --count 1, which reruns as one row (1 was --count's
// default, dropped when the file was read: the rerun ran M rows); without --count, M rows.
TEST(Config, MatrixProductRowsRerun) {
    for (const auto& [count, rows] : {std::pair<const char*, int>{" --count 1", 1}, {"", 4}}) {
        const auto [j1, j2] = run_and_rerun(
            std::string("--k 4 --m 4 --primitive matrix-product") + count, "d3_rerun_mm");
        ASSERT_FALSE(j1.is_null());
        EXPECT_EQ(j1["details"]["rows"], rows);
        EXPECT_EQ(j2["details"]["rows"], rows);
        EXPECT_EQ(figures(j1), figures(j2));
    }
}

// The hypercube exchange's dimension is recorded (it was not: the rerun exchanged along
// dimension 0).
TEST(Config, HypercubeResultRerunsItsDimension) {
    const auto [j1, j2] =
        run_and_rerun("--k 4 --m 4 --primitive hypercube-exchange --dimension 5", "d3_rerun_hc");
    ASSERT_FALSE(j1.is_null());
    EXPECT_EQ(j1["config"]["workload"]["dimension"], 5);
    EXPECT_EQ(j2["details"]["dimension"], 5);
    EXPECT_EQ(figures(j1), figures(j2));
}

TEST(Config, TrafficResultRerunsToTheSameFigures) {
    const std::string args =
        "--k 2 --m 4 --traffic uniform --rate 0.4 --routing ugal --warmup 50 --measure 200 "
        "--seed 5 --buffer-depth 4 --local-latency 2";
    const auto [j1, j2] = run_and_rerun(args, "d3_rerun_t");
    ASSERT_FALSE(j1.is_null());
    EXPECT_EQ(j1["config"]["workload"]["traffic"]["routing"], "ugal");
    EXPECT_EQ(j1["config"]["seed"], 5);
    EXPECT_EQ(j1["config"]["router"]["links"]["local_latency"], 2);
    EXPECT_EQ(figures(j1), figures(j2));
    // A different seed is a different run: the comparison above can fail.
    const outcome c =
        run("--config " + testing::TempDir() + "d3_rerun_t_1.json --seed 6 -q --json -");
    ASSERT_EQ(c.code, 0) << c.err;
    EXPECT_NE(figures(nlohmann::json::parse(c.out))["traffic"], figures(j1)["traffic"]);
}

// A multi-flit result (docs/multi-flit.md) records its packet length and reruns to its figures.
TEST(Config, MultiFlitResultRerunsToTheSameFigures) {
    const auto [j1, j2] = run_and_rerun(
        "--k 2 --m 4 --traffic uniform --rate 0.3 --packet-length 4 --warmup 50 --measure 200",
        "d3_rerun_f");
    ASSERT_FALSE(j1.is_null());
    EXPECT_EQ(j1["config"]["router"]["flow_control"]["packet_length"], 4);
    EXPECT_EQ(j2["traffic"]["packet_length"], 4);
    EXPECT_EQ(figures(j1), figures(j2));
}

TEST(Config, ShippedExamplesLoad) {
    for (const char* f : {"paper-router", "booksim-dragonfly", "deep-pipeline"}) {
        const outcome o = run(std::string("--config " D3_CONFIGS "/") + f + ".yaml --dump-config");
        EXPECT_EQ(o.code, 0) << f << ": " << o.err;
    }
    // The paper's router runs Theorem 7 on D3(4,8): K M^2 rounds, K M delays, K M^2 + K M + 2
    // steps, no conflict.
    const outcome o = run("--config " D3_CONFIGS "/paper-router.yaml --json - -q");
    ASSERT_EQ(o.code, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    EXPECT_EQ(j["rounds"], 4 * 8 * 8);
    EXPECT_EQ(j["delays"], 4 * 8);
    EXPECT_EQ(j["steps"], 4 * 8 * 8 + 4 * 8 + 2);
    EXPECT_EQ(j["conflicts"], 0);
}

// README's --check example prints the estimate this build computes (it said 1982 MiB after the
// estimate had changed to 1941; the estimate does not depend on the machine, the budget does).
TEST(Docs, ReadmeCheckExampleIsTheBuildsEstimate) {
    std::string readme = read_all(D3_CONFIGS "/../README.md");
    std::replace(readme.begin(), readme.end(), '\n', ' ');  // the text is wrapped
    const std::string key = "d3sim: check passed: estimated ";
    const auto at = readme.find(key);
    ASSERT_NE(at, std::string::npos);
    const std::string mib = readme.substr(at, readme.find(" MiB", at) + 4 - at);
    EXPECT_NE(readme.find("for `--k 32 --m 32 --traffic uniform --rate 0.1`", at),
              std::string::npos);
    const outcome o = run("--k 32 --m 32 --traffic uniform --rate 0.1 --check --max-memory none");
    EXPECT_EQ(o.code, 0) << o.err;
    EXPECT_EQ(o.out.rfind(mib + " (no --max-memory)", 0), 0u) << o.out << "README: " << mib;
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
    EXPECT_NE(csv.find(",false,true,5\n"), std::string::npos) << csv;  // drained, correct, exit
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
