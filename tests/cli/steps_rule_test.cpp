// Issue 45, item 6: one step numbering. `steps` counts from the first step of the schedule's first
// slot (a delay or not), so that the paper's all-to-all, rounds on three-step paths with delays
// between them, has rounds + delays + 2 = steps on every shape, M = 2 included (whose schedule
// begins with a delay: pi - 2 = delta mod M at pi = delta = 0); and the packet log's step of the
// last delivery is steps + 1 (the log numbers cycles from the first slot's launch, 0).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>

#include "support/run_json.h"

namespace {

nlohmann::json run_json(const std::string& args) {
    return d3::test::run_json(D3SIM, args);
}

long last_delivery_in_log(const std::string& path) {
    std::ifstream in(path);
    long last = -1;
    for (std::string line; std::getline(in, line);) {
        const auto comma = line.find(',');
        if (line.compare(comma + 1, 8, "deliver,") == 0) last = std::stol(line.substr(0, comma));
    }
    return last;
}

TEST(StepsRule, AllToAllHasRoundsPlusDelaysPlusTwoStepsOnEveryShape) {
    for (int k = 1; k <= 4; ++k)
        for (int m = 2; m <= 6; ++m) {
            const std::string shape = "--k " + std::to_string(k) + " --m " + std::to_string(m);
            const nlohmann::json j = run_json(shape + " --primitive all-to-all");
            ASSERT_TRUE(j.contains("steps")) << shape;
            EXPECT_EQ(j["rounds"].get<long>(), k * m * m) << shape;  // Theorem 7: K M^2 rounds
            EXPECT_EQ(j["delays"].get<long>(), k * m) << shape;      // and K M delays
            EXPECT_EQ(j["steps"].get<long>(), j["rounds"].get<long>() + j["delays"].get<long>() + 2)
                << shape;
        }
}

TEST(StepsRule, ThePacketLogsLastDeliveryIsStepsPlusOne) {
    const std::string log = testing::TempDir() + "d3_steps_rule.csv";
    for (const char* shape : {"--k 3 --m 2", "--k 2 --m 3"}) {
        const nlohmann::json j =
            run_json(std::string(shape) + " --primitive all-to-all --trace-packets " + log);
        EXPECT_EQ(last_delivery_in_log(log), j["steps"].get<long>() + 1) << shape;
    }
    std::remove(log.c_str());
}

// Under a background the primitive's step 0 is the background's warm-up: the same steps.
TEST(StepsRule, ABackgroundsWarmUpIsNotCounted) {
    const nlohmann::json alone = run_json("--k 3 --m 2 --primitive all-to-all");
    const nlohmann::json under =
        run_json("--k 3 --m 2 --primitive all-to-all --background uniform --background-rate 0.001");
    EXPECT_EQ(under["steps"], alone["steps"]);
}

}  // namespace
