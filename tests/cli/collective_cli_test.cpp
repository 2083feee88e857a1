// d3sim --workload from the command line (docs/collectives.md): the JSON `workload`, every
// collective run through the model, the rerun through --config RESULT.json, --dump-config read
// back, and one-line refusals (exit 2).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli/d3sim_cli.h"
#include "support/read_file.h"
#include "support/trace_writer.h"

namespace d3 {
namespace {

std::string temp(const std::string& name) {
    return testing::TempDir() + "collective_cli_" + name;
}

nlohmann::json run_ok(const std::string& args) {
    const test::outcome o = test::run_d3sim(args + " -q --json -");
    EXPECT_EQ(o.code, 0) << args << "\n" << o.err;
    return o.code == 0 ? nlohmann::json::parse(o.out) : nlohmann::json::object();
}

TEST(CollectiveCli, JsonReportsTheWorkloadAndReruns) {
    const nlohmann::json j =
        run_ok("--k 2 --m 4 --workload allreduce --size 64 --iterations 2 --ranks 16");
    ASSERT_TRUE(j.contains("workload"));
    EXPECT_TRUE(j["correct"]);
    const nlohmann::json& w = j["workload"];
    EXPECT_EQ(w["collective"], "allreduce");
    EXPECT_EQ(w["algorithm"], "ring");
    EXPECT_EQ(w["ranks"], 16);
    EXPECT_EQ(w["steps"], 30);
    EXPECT_EQ(w["messages"], 2 * 30 * 16);
    ASSERT_EQ(w["per_iteration"].size(), 2u);
    EXPECT_EQ(w["completion"], w["per_iteration"][0].get<int>() + w["per_iteration"][1].get<int>());
    EXPECT_EQ(w["completion"], j["trace"]["completion_cycle"]);
    EXPECT_EQ(j["config"]["workload"]["collective"]["name"], "allreduce");
    EXPECT_EQ(j["config"]["workload"]["collective"]["iterations"], 2);
    const std::string result = temp("result.json");
    test::write_text(result, j.dump());
    const nlohmann::json again = run_ok("--config " + result);
    EXPECT_EQ(again["workload"], j["workload"]);
    EXPECT_EQ(again["config"]["workload"], j["config"]["workload"]);
}

TEST(CollectiveCli, EveryCollectiveAndAlgorithmRunsCorrectly) {
    for (const char* run : {"allreduce --algorithm recursive-doubling", "alltoall",
                            "alltoall --algorithm bruck", "bcast", "fft", "halo3d"}) {
        const nlohmann::json j =
            run_ok(std::string("--k 2 --m 4 --mapping random --size 4 --workload ") + run);
        EXPECT_TRUE(j.value("correct", false)) << run;
        EXPECT_EQ(j["workload"]["ranks"], 32) << run;
        EXPECT_GT(j["workload"]["completion"].get<int>(), 0) << run;
    }
}

TEST(CollectiveCli, MdfRunsTheSameCollective) {
    const nlohmann::json j =
        run_ok("--k 2 --m 4 --topology mdf --workload alltoall --ranks 32 --size 2");
    EXPECT_TRUE(j["correct"]);
    EXPECT_EQ(j["topology"], "mdf");
    EXPECT_EQ(j["workload"]["messages"], 32 * 31);
}

TEST(CollectiveCli, DumpConfigReadsBack) {
    const test::outcome o =
        test::run_d3sim("--k 2 --m 4 --workload bcast --size 8 --mapping drawer --dump-config");
    ASSERT_EQ(o.code, 0) << o.err;
    EXPECT_NE(o.out.find("    name: \"bcast\"  # --workload"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("    size: 8  # --size"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("    mapping: \"drawer\"  # --mapping"), std::string::npos) << o.out;
    EXPECT_EQ(o.out.find("file:"), std::string::npos) << o.out;
    const std::string yaml = temp("dump.yaml");
    test::write_text(yaml, o.out);
    const test::outcome back = test::run_d3sim("--config " + yaml + " --dump-config");
    EXPECT_EQ(back.out, o.out);
}

TEST(CollectiveCli, BadInputIsOneLineAndExitTwo) {
    test::expect_bad_input("--workload gather", "--workload gather: unknown collective");
    test::expect_bad_input("--workload allreduce --algorithm bruck",
                           "not an algorithm of allreduce (ring, recursive-doubling)");
    test::expect_bad_input("--size 4", "--size needs --workload");
    test::expect_bad_input("--workload bcast --size 0", "--size");
    test::expect_bad_input("--workload bcast --iterations 0", "--iterations");
    test::expect_bad_input("--workload bcast --primitive broadcast",
                           "--primitive cannot be combined with --workload");
    test::expect_bad_input("--workload bcast --traffic uniform",
                           "--traffic cannot be combined with --workload");
    test::expect_bad_input("--k 2 --m 4 --workload bcast --ranks 33", "33 nodes");
    test::expect_bad_input("--k 2 --m 3 --workload allreduce --algorithm recursive-doubling",
                           "power-of-two");
    const std::string yaml = temp("both.yaml");
    test::write_text(yaml, "workload:\n  primitive: broadcast\n  collective:\n    name: bcast\n");
    test::expect_bad_input("--config " + yaml, "a workload is a primitive or a collective");
}

}  // namespace
}  // namespace d3
