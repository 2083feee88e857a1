// `d3sim validate` on one small network: the rows that hold hold, the ones the paper gets wrong
// come with a conflict and a conflict-free fixed schedule. Label `paper`.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "support/run_command.h"

namespace {

using nlohmann::json;

json validate(const std::string& args) {
    // A fresh --work: every run made here, none reused from an earlier test run.
    const std::string work = testing::TempDir() + "d3_validate_" + std::to_string(getpid());
    const d3::test::outcome o = d3::test::run_command(std::string(D3SIM) + " validate " + args +
                                                      " --work " + work + " --out - --json -");
    EXPECT_EQ(o.code, 0) << o.err;
    json j = json::parse(o.out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << o.out;
    return j;
}

TEST(Validate, VerdictsOnD3_2_4AndD3_3_6) {
    const json j = validate("--k 2,3 --m 4,6");
    ASSERT_TRUE(j.contains("rows"));
    std::map<std::string, std::map<std::string, int>> verdicts;  // id -> verdict -> rows
    for (const json& r : j["rows"]) ++verdicts[r["id"]][r["verdict"]];
    // Claims that hold on every network (Theorems 4 and 7 as published, the protocols' costs,
    // diameter 3, Theorem 1, Theorem 8's M + 4).
    for (const char* id : {"diameter", "thm1", "thm4-one", "thm4-one-fp", "thm4-n", "thm4-n-fp",
                           "thm4-p1-fp", "thm5", "thm7-p1", "thm7-none", "p2", "p3", "thm8-random",
                           "thm8-transpose", "thm8-drawer-swap", "glgl", "min-one-to-all"}) {
        EXPECT_EQ(verdicts[id]["holds"], 4) << id;
        EXPECT_EQ(verdicts[id].size(), 1u) << id;
    }
    // Claims that do not hold anywhere here: each with a measured conflict where it is a
    // schedule, and a fixed schedule in the note.
    for (const char* id : {"thm5-fp", "thm6", "unique-2.2", "thm2", "thm5-loop"})
        EXPECT_EQ(verdicts[id]["does not hold"], 4) << id;
    for (const json& r : j["rows"]) {
        if (r["id"] != "thm5-fp" && r["id"] != "thm6") continue;
        EXPECT_GT(r["conflicts"].get<int>(), 0);
        EXPECT_FALSE(r["first_conflict"].is_null());
        EXPECT_NE(r["note"].get<std::string>().find("0 conflicts."), std::string::npos)
            << r["note"];
    }
    EXPECT_EQ(verdicts["thm1-table"]["does not hold"], 2);
    // Issue 14's rows: on every network, and the hypercube only where K, M are powers of two.
    for (const char* id : {"mdf-a2a", "mdf-a2a-consecutive", "bcast-trees"})
        EXPECT_EQ(verdicts[id]["holds"], 4) << id;
    for (const char* id : {"vm", "mm", "transpose"})
        EXPECT_EQ(verdicts[id].size(), 0u) << id;  // K = 2, 3
    EXPECT_EQ(verdicts["dp-a2a"]["holds"], 3);     // gcd(K,M) > 1: D3(2,4), D3(2,6), D3(3,6)
    for (const char* id :
         {"hc-p", "hc-d", "hc-c", "hc-allreduce", "hc-glgl-p", "hc-glgl-d", "hc-glgl-c"}) {
        EXPECT_EQ(verdicts[id]["holds"], 1) << id;  // D3(2,4) only
        EXPECT_EQ(verdicts[id].size(), 1u) << id;
    }
}

// The other networks by the run (study/validate_networks.cpp): every diameter row's run gives the
// brute force's diameter (the counted row's figure, a breadth-first search of the built graph) and
// the counted row's verdict, on at least six shapes of each network; the programs' runs end at
// the steps the run's timing gives their rounds (3 steps a round) and the total exchange at its
// stage sum (figures of NetworkCli.*, worked out by hand there).
void expect_other_networks_by_the_run(const json& j) {
    ASSERT_TRUE(j.contains("network_runs"));
    std::map<std::pair<std::string, std::string>, json> counted;  // (id, network) -> row
    for (const char* part : {"networks", "network_runs"})  // a shape new to validate: its own
        for (const json& r : j[part]) counted[{r["id"], r["network"]}] = r;
    std::map<std::string, std::set<std::string>> shapes;  // RSN, HDN, H -> networks run
    std::map<std::string, std::string> verdict_of;        // "id network" -> run verdict
    for (const json& r : j["network_runs"]) {
        const std::string id = r["id"], net = r["network"], measured = r["measured"];
        verdict_of[id + " " + net] = r["verdict"];
        if (id.size() < 4 || id.substr(id.size() - 4) != "-run") continue;
        const std::string of = id.substr(0, id.size() - 4);  // without "-run"
        if (of.find("degree") != std::string::npos) {
            // "A..B neighbours sent to by the run (brute force: A..B distinct neighbours)"
            const std::string run = measured.substr(0, measured.find(" neighbours sent"));
            EXPECT_NE(measured.find("(brute force: " + run + " distinct neighbours)"),
                      std::string::npos)
                << net << ": " << measured;
            EXPECT_EQ(r["verdict"], counted.at({of, net})["verdict"]) << net << " " << id;
            continue;
        }
        if (of.find("diameter") == std::string::npos) continue;
        const json& c = counted.at({of, net});
        EXPECT_EQ(measured.rfind("max hops " + c["measured"].get<std::string>() + ", mean ", 0), 0u)
            << net << ": " << measured << " against " << c["measured"];
        EXPECT_EQ(r["verdict"], c["verdict"]) << net << " " << id;
        shapes[net.substr(0, net.find('('))].insert(net);
    }
    for (const char* kind : {"RSN", "HDN", "H"}) EXPECT_GE(shapes[kind].size(), 6u) << kind;
    for (const char* net : {"RSN(1,Q_3)", "RSN(2,Q_1)", "RSN(2,Q_2)"})
        EXPECT_EQ(verdict_of[std::string("rsn-emul-run ") + net], "holds") << net;
    EXPECT_EQ(verdict_of["rsn-ascend-run RSN(2,Q_2)"], "does not hold");
    for (const json& r : j["network_runs"]) {
        if (r["id"] == "rsn-ascend-run" && r["network"] == "RSN(2,Q_2)") {
            EXPECT_EQ(r["measured"].get<std::string>().rfind("6 ascend, 6 descend by the run", 0),
                      0u)
                << r["measured"];
        }
        // The total exchange's runs on HDN(Q_1,1) and Fig. 2's HDN(Q_2,1,{s1=2}) end at steps
        // 27 and 67; Theorem 3 with t_s = 2, t_w = m = 1 gives 2 (2 + 4) + 2 (2 + 4) = 24 and
        // 2 (2 + 8) + 2 * 2 (2 + 16) = 92.
        if (r["id"] == "hdn-te-run" && r["network"] == "HDN(Q_1,1,{s1=1})") {
            EXPECT_EQ(r["measured"].get<std::string>().rfind("28 ", 0), 0u) << r["measured"];
            EXPECT_EQ(r["paper"], "24");
        }
        if (r["id"] == "hdn-te-run" && r["network"] == "HDN(Q_2,1,{s1=2})") {
            EXPECT_EQ(r["measured"].get<std::string>().rfind("68 ", 0), 0u) << r["measured"];
            EXPECT_EQ(r["paper"], "92");
        }
    }
}

std::string slurp(const std::string& path) {
    std::ifstream f(path);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

std::string last_line(const std::string& text) {
    const std::size_t end = text.find_last_not_of('\n');
    if (end == std::string::npos) return "";
    const std::size_t start = text.rfind('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1, end - start);
}

// A job without a result (never run, on an unreachable host, killed) is no verdict on its claim:
// the merge prints no table, writes neither --out nor --json (an older document stays as it was)
// and ends with one line counting the missing jobs. A job that ran and failed (a result with a
// non-zero exit code and no figures) is still a row that does not hold.
TEST(Validate, JobsWithoutAResultAreNotClaimsThatDoNotHold) {
    namespace fs = std::filesystem;
    const std::string dir = testing::TempDir() + "d3_validate_missing_" + std::to_string(getpid()),
                      work = dir + "/work", doc = dir + "/paper-validation.md",
                      rows = dir + "/rows.json";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string committed = "the committed table\n";
    std::ofstream(doc) << committed;
    const std::string merge = std::string(D3SIM) + " validate --k 1 --m 4 --work " + work +
                              " --out " + doc + " --json " + rows + " --merge-only";
    const auto expect_no_table = [&](const d3::test::outcome& o, const std::string& counts,
                                     const std::string& document) {
        EXPECT_EQ(o.code, 1) << o.err;
        EXPECT_TRUE(o.out.empty()) << "a table on stdout: " << o.out.substr(0, 200);
        EXPECT_EQ(o.err.find("does not hold"), std::string::npos) << o.err;
        EXPECT_EQ(o.err.find("the run failed"), std::string::npos) << o.err;
        EXPECT_TRUE(slurp(doc) == document) << doc << " was overwritten";
        EXPECT_FALSE(fs::exists(rows)) << rows << " was written";
        const std::string line = last_line(o.err);
        EXPECT_EQ(line.rfind("d3sim validate: error: " + counts, 0), 0u) << o.err;
        EXPECT_NE(line.find("listed above"), std::string::npos) << line;
        EXPECT_NE(line.find("nothing was written to " + doc + " or " + rows), std::string::npos)
            << line;
    };

    // Nothing ran: 28 simulated runs of D3(1,4) (claims with the same run share it) and the 61
    // runs of the other networks (a pair trace per shape; RSN(2,Q_3), RSN(2,Q_2), RSN(1,Q_3) and
    // RSN(2,Q_1) also the emulation of each of their hypercube's dimensions, ascend and descend;
    // the HDN total exchanges), none with a result.
    d3::test::outcome o = d3::test::run_command(merge);
    expect_no_table(o, "89 of 89 jobs have no result (89 never ran, 0 ran and ended without one",
                    committed);
    EXPECT_NE(o.err.find("job 5 (D3(1,4) thm5): did not run"), std::string::npos) << o.err;

    // Everything ran: the document and the rows.
    o = d3::test::run_command(std::string(D3SIM) + " validate --k 1 --m 4 --work " + work +
                              " --out " + doc + " --json " + rows + " --jobs 2");
    ASSERT_EQ(o.code, 0) << o.err;
    const std::string complete = slurp(doc);
    ASSERT_EQ(complete.rfind("# The paper's claims, measured", 0), 0u) << complete;
    expect_other_networks_by_the_run(json::parse(slurp(rows)));
    ASSERT_TRUE(fs::remove(rows));

    // One result lost: the complete document is not replaced by one with a false verdict.
    const std::string thm5 = work + "/d3-1-4/thm5";
    ASSERT_TRUE(fs::remove(thm5 + ".json"));
    ASSERT_TRUE(fs::remove(thm5 + ".log"));
    o = d3::test::run_command(merge);
    expect_no_table(o, "1 of 90 jobs have no result (1 never ran, 0 ran and ended without one",
                    complete);
    // The run was killed: it ran and ended without a result.
    std::ofstream(thm5 + ".log") << "Segmentation fault\n";
    o = d3::test::run_command(merge);
    expect_no_table(o, "1 of 90 jobs have no result (0 never ran, 1 ran and ended without one",
                    complete);
    EXPECT_NE(o.err.find("job 5 (D3(1,4) thm5): Segmentation fault"), std::string::npos) << o.err;

    // The run ended with exit code 2 and no figures: a result, and a claim that does not hold.
    {
        json meta = json::parse(slurp(work + "/d3-1-4/glgl.json"))["job"];
        const json manifest = json::parse(slurp(work + "/jobs.json"));
        for (const json& j : manifest["jobs"])
            if (j["name"] == "D3(1,4) thm5") meta["args"] = j["args"];
        meta["exit_code"] = 2;
        std::ofstream(thm5 + ".json") << json{{"job", meta}}.dump();
    }
    o = d3::test::run_command(merge);
    EXPECT_EQ(o.code, 1) << o.err;
    EXPECT_NE(o.out.find("the run failed (exit code 2) | 0 | does not hold"), std::string::npos)
        << o.out;
    EXPECT_NE(slurp(doc).find("the run failed (exit code 2)"), std::string::npos);
    const json written = json::parse(slurp(rows), nullptr, false);
    ASSERT_FALSE(written.is_discarded());
    std::size_t failed = 0;
    for (const json& r : written["rows"])
        if (r["measured"] == "the run failed (exit code 2)") {
            ++failed;
            EXPECT_EQ(r["id"], "thm5");
            EXPECT_EQ(r["verdict"], "does not hold");
        }
    EXPECT_EQ(failed, 1u);
    fs::remove_all(dir);
}

TEST(Validate, BadInput) {
    const d3::test::outcome o = d3::test::run_command(std::string(D3SIM) + " validate --m 3");
    EXPECT_EQ(o.code, 2);
    EXPECT_NE(o.err.find("M >= 4"), std::string::npos) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

}  // namespace
