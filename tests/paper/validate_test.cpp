// `d3sim validate` on one small network: the rows that hold hold, the ones the paper gets wrong
// come with a conflict and a conflict-free fixed schedule. Label `paper`.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
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

TEST(Validate, BadInput) {
    const d3::test::outcome o = d3::test::run_command(std::string(D3SIM) + " validate --m 3");
    EXPECT_EQ(o.code, 2);
    EXPECT_NE(o.err.find("M >= 4"), std::string::npos) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

}  // namespace
