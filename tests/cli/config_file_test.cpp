// Configuration files (issue 16, config/config_file.h): --config and its refusals with file and
// line,
// --dump-config, results that rerun themselves, the shipped examples. d3sim run as a user runs it.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "support/read_file.h"
#include "support/run_command.h"

namespace {

using d3::test::outcome;
using d3::test::read_all;
using d3::test::write_temp;

outcome run(const std::string& args) {
    return d3::test::run_command(std::string(D3SIM) + " " + args);
}

// The figures of a result: everything but the run's cost and its recorded configuration.
nlohmann::json figures(nlohmann::json j) {
    for (const char* k : {"wall_seconds", "elaboration_seconds", "peak_rss_kib", "hops_per_second"})
        j.erase(k);
    return j;
}

TEST(Config, UnknownKeyIsRefusedWithFileAndLine) {
    const std::string f = write_temp(
        "d3_bad_key.yaml", "network:\n  k: 2\nrouter:\n  input_unit:\n    bufer_depth: 4\n");
    const outcome o = run("--config " + f);
    EXPECT_EQ(o.code, 2);
    EXPECT_NE(o.err.find(f + ":5: router.input_unit.bufer_depth: unknown key"), std::string::npos)
        << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

// A misspelled key is named with the closest valid one (cli/did_you_mean): beside it in its
// section, or anywhere by its last name.
TEST(Config, MisspelledKeyNamesTheClosest) {
    const std::string f = write_temp("d3_typo_key.yaml", "network:\n  k: 2\nbuffer_dept: 4\n");
    d3::test::expect_bad_input_command(
        std::string(D3SIM) + " --config " + f,
        f + ":3: buffer_dept: unknown key (did you mean router.input_unit.buffer_depth?)");
    const std::string g = write_temp("d3_typo_section.yaml", "netwrk:\n  k: 2\n");
    d3::test::expect_bad_input_command(std::string(D3SIM) + " --config " + g,
                                       g + ":1: netwrk: unknown key (did you mean network?)");
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
    // Refused by the rate's range (echoed as given) and by a name list.
    const std::string g = write_temp(
        "d3_bad_rate.yaml",
        "network:\n  k: 2\n  m: 4\nworkload:\n  traffic:\n    pattern: uniform\n    rate: 2\n");
    EXPECT_NE(run("--config " + g)
                  .err.find(g + ":7: workload.traffic.rate: --rate: must be in (0, "
                                "1] flits per terminal per step (got '2')"),
              std::string::npos);
    const std::string h = write_temp("d3_bad_name.yaml",
                                     "network:\n  k: 2\n  m: 4\nworkload:\n  traffic:\n    "
                                     "pattern: bogus\n");
    EXPECT_NE(run("--config " + h).err.find(h + ":6: workload.traffic.pattern: --traffic: bogus"),
              std::string::npos);
}

TEST(Config, ValuesRefusedTogetherWithAnotherKeyAreNamedWithFileAndLine) {
    // A source outside the network: the network's keys come first, the source is the one named.
    const std::string f =
        write_temp("d3_bad_source.yaml",
                   "network:\n  k: 2\n  m: 3\nworkload:\n  primitive: broadcast\n  source: "
                   "\"5,5,5\"\n");
    const outcome o = run("--config " + f);
    EXPECT_EQ(o.code, 2);
    EXPECT_NE(o.err.find("d3sim: error: " + f +
                         ":6: workload.source: --source (5,5,5) is outside D3(2,3)"),
              std::string::npos)
        << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    // A wiring file that cannot be read.
    const std::string w = write_temp(
        "d3_bad_wiring.yaml", "network:\n  topology: mdf\n  arrangement: /nonexistent.txt\n");
    EXPECT_NE(run("--config " + w)
                  .err.find(w + ":3: network.arrangement: --arrangement: wiring file: cannot read "
                                "/nonexistent.txt"),
              std::string::npos);
    // A whole number out of its range, however long or negative: the option's own message.
    const std::string k = write_temp("d3_huge_k.yaml", "network:\n  k: 99999999999999999999999\n");
    EXPECT_NE(run("--config " + k)
                  .err.find(k + ":2: network.k: --k: must be a whole number from "
                                "1 to 256 (got '99999999999999999999999')"),
              std::string::npos);
    const std::string seed = write_temp("d3_negative_seed.yaml", "seed: -5\n");
    EXPECT_NE(run("--config " + seed).err.find(seed + ":1: seed: --seed: must be a whole number"),
              std::string::npos);
    // A buffer that cannot hold one packet: named at the buffer depth's line.
    const std::string g =
        write_temp("d3_bad_depth.yaml",
                   "network:\n  k: 2\n  m: 3\nrouter:\n  input_unit:\n    buffer_depth: 2\n"
                   "  flow_control:\n    packet_length: 4\nworkload:\n  traffic:\n    "
                   "pattern: uniform\n");
    const outcome d = run("--config " + g);
    EXPECT_EQ(d.code, 2);
    EXPECT_NE(d.err.find(g + ":6: router.input_unit.buffer_depth: --buffer-depth 2 flits must "
                             "hold a whole packet (--packet-length 4)"),
              std::string::npos)
        << d.err;
}

TEST(Config, ASecondYamlDocumentIsRefused) {
    const std::string f =
        write_temp("d3_two_docs.yaml", "network:\n  k: 4\n---\nnetwork:\n  k: 5\n");
    const outcome o = run("--config " + f + " --check");
    EXPECT_EQ(o.code, 2);
    EXPECT_NE(o.err.find(f + ":4: a configuration is one YAML document (a second starts here)"),
              std::string::npos)
        << o.err;
    // A document marker before the one document, or an empty document after it, is fine.
    EXPECT_EQ(run("--config " + write_temp("d3_marked.yaml", "---\nnetwork:\n  k: 2\n---\n") +
                  " --check -q")
                  .code,
              0);
}

TEST(Config, AnEmptyFileIsRefused) {
    // Nothing, a comment, or a bare document marker: no key, so no configuration; the defaults
    // would run in its place.
    for (const std::string& text : {std::string(""), std::string("# a comment\n"),
                                    std::string("---\n"), std::string("---\n...\n")}) {
        const std::string f = write_temp("d3_empty.yaml", text);
        const outcome o = run("--config " + f + " --check");
        EXPECT_EQ(o.code, 2) << text;
        EXPECT_NE(o.err.find(f + ": no configuration in the file (empty, or only comments)"),
                  std::string::npos)
            << o.err;
        EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "one line: " << o.err;
    }
}

TEST(Config, AQuoteLeftOpenIsNamed) {
    // YAML reads an unclosed quote on to the next quote, across lines: `m: "4` then `k: 3` is
    // m = '4 k: 3 ' (and a text option would take such a value). The error names the quote and
    // its line, not the merged value. Closed quotes, escaped ones and '' inside single quotes
    // are values as before.
    struct bad {
        std::string text, where;
    };
    for (const bad& b : {bad{"network:\n  m: \"4\n  k: 3\n", ":2: network.m: the double"},
                         bad{"network:\n  k: 3\n  arrangement:   'palmtree\nworkload:\n  seed: 3\n",
                             ":3: network.arrangement: the single"},
                         bad{"network:\n  m: \"4\\\"\n", ":2: network.m: the double"}}) {
        const std::string f = write_temp("d3_quote.yaml", b.text);
        const outcome o = run("--config " + f + " --check");
        EXPECT_EQ(o.code, 2) << b.text;
        EXPECT_NE(o.err.find(f + b.where + " quote is not closed on its line"), std::string::npos)
            << o.err;
        EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "one line: " << o.err;
    }
    for (const std::string& text : {std::string("network:\n  k: \"3\"  # closed\n  m: '3'\n"),
                                    std::string("network:\n  arrangement: 'palm''tree'\n"),
                                    std::string("network:\n  arrangement: \"palm\\\"tree\"\n")}) {
        const std::string f = write_temp("d3_quote.yaml", text);
        const outcome o = run("--config " + f + " --check");
        EXPECT_EQ(o.err.find("quote is not closed"), std::string::npos) << text << o.err;
    }
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
    // --pipeline-stages 2 is recorded as the pipeline it stands for (core/router/pipeline.h).
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
