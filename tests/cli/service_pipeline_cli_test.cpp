// d3sim's service-level and pipeline options (d3sim/service_cli.cpp, d3sim/pipeline_cli.cpp) as a
// user gives them: a --background-rate out of range is named as given, and a --pipeline is recorded
// in a result's config in its one form, whatever the order, signs or spaces it was written with.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include <unistd.h>

#include "support/run_command.h"

namespace d3 {
namespace {

using test::run_command;

const std::string kD3sim = D3SIM;
const std::string kA2a = kD3sim + " --k 2 --m 4 --primitive all-to-all -q";

std::string json_path(const std::string& name) {
    return testing::TempDir() + "d3_spc_" + std::to_string(getpid()) + "_" + name + ".json";
}

nlohmann::json run_json(const std::string& args, const std::string& name) {
    const std::string path = json_path(name);
    const auto o = run_command(kA2a + " " + args + " --json " + path);
    EXPECT_EQ(o.code, 0) << args << ": " << o.err;
    std::ifstream f(path);
    nlohmann::json j = nlohmann::json::parse(f, nullptr, false);
    std::remove(path.c_str());
    return j;
}

TEST(ServiceCli, BackgroundRateOutOfRangeIsNamedAsGiven) {
    for (const std::string rate : {"1.0000001", "-0.0000001", "0", "1.5"}) {
        const auto o =
            run_command(kA2a + " --background uniform --background-rate " + rate + " --check");
        EXPECT_EQ(o.code, 2) << rate;
        EXPECT_EQ(o.err,
                  "d3sim: error: --background-rate: must be in (0, 1] packets per node per "
                  "step (got '" +
                      rate + "')\n")
            << rate;
    }
}

TEST(PipelineCli, ResultRecordsThePipelineInItsOneForm) {
    const nlohmann::json plain = run_json("--pipeline route:2,traverse", "plain");
    ASSERT_TRUE(plain.is_object());
    EXPECT_EQ(plain["config"]["router"]["pipeline"]["units"], "route:2,traverse");
    for (const std::string spelled :
         {"traverse,route:2", "route:+2,traverse", "traverse,route:02"}) {
        const nlohmann::json j = run_json("--pipeline " + spelled, "spelled");
        ASSERT_TRUE(j.is_object()) << spelled;
        EXPECT_EQ(j["config"]["router"]["pipeline"]["units"], "route:2,traverse") << spelled;
        EXPECT_EQ(j["steps"], plain["steps"]) << spelled;
        EXPECT_EQ(j["conflicts"], plain["conflicts"]) << spelled;
    }
}

}  // namespace
}  // namespace d3
