// Issue 46, items 3 and 4: `--injection on-off`; `--measure auto` finds the warm-up from the data
// (MSER-5) and stops measuring when its latency converges; its latency is within 10 % of a long
// fixed run's at the same load.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <string>

#include "support/run_json.h"

namespace {

const std::string kMdf = "--k 4 --m 8 --topology mdf --concentration 4 --traffic uniform ";

TEST(MeasureAuto, StopsWithinTenPercentOfALongFixedRun) {
    for (const char* rate : {"0.3", "0.6"}) {
        const nlohmann::json a =
            d3::test::run_json(D3SIM, kMdf + "--rate " + rate + " --warmup 0 --measure auto");
        const nlohmann::json f =
            d3::test::run_json(D3SIM, kMdf + "--rate " + rate + " --warmup 1000 --measure 3000");
        ASSERT_TRUE(a.contains("traffic") && f.contains("traffic"));
        const nlohmann::json& w = a["traffic"]["measure_auto"];
        EXPECT_TRUE(w["converged"].get<bool>()) << w;
        EXPECT_TRUE(a["correct"].get<bool>());
        // It stopped well before the fixed run's 4,000 steps of creation.
        EXPECT_LT(w["window_end"].get<int>(), 3000) << w;
        EXPECT_EQ(a["traffic"]["measure"], w["window_end"]);
        const double auto_latency = a["traffic"]["latency"]["mean"].get<double>();
        const double fixed_latency = f["traffic"]["latency"]["mean"].get<double>();
        EXPECT_LT(std::abs(auto_latency - fixed_latency), 0.1 * fixed_latency)
            << rate << ": " << auto_latency << " against " << fixed_latency;
        EXPECT_NEAR(a["traffic"]["accepted"].get<double>(), std::stod(rate), 0.02) << rate;
    }
}

// Past saturation the latency only grows: no convergence, the cap ends the measurement, MSER's
// first half is dropped, and the run is reported saturated.
TEST(MeasureAuto, PastSaturationItDoesNotConverge) {
    const nlohmann::json a =
        d3::test::run_json(D3SIM,
                           "--k 2 --m 4 --traffic uniform --rate 1.0 --buffer-depth 1 --warmup 0 "
                           "--measure auto --drain-limit 100");
    ASSERT_TRUE(a.contains("traffic"));
    const nlohmann::json& w = a["traffic"]["measure_auto"];
    EXPECT_FALSE(w["converged"].get<bool>()) << w;
    EXPECT_EQ(w["window_end"], 5000);
    EXPECT_TRUE(a["traffic"]["saturated"].get<bool>());
}

}  // namespace

// Issue 46, item 3: --injection on-off offers the rate asked for, records its parameters in the
// result and its configuration, and reruns from the result to the same figures.
TEST(OnOffInjectionRun, OffersItsRateAndRerunsFromItsResult) {
    const std::string args =
        "--k 2 --m 4 --traffic uniform --rate 0.3 --injection on-off "
        "--burst-alpha 0.1 --burst-beta 0.2 --warmup 200 --measure 3000";
    const nlohmann::json a = d3::test::run_json(D3SIM, args);
    ASSERT_TRUE(a.contains("traffic"));
    EXPECT_TRUE(a["correct"].get<bool>());
    EXPECT_EQ(a["traffic"]["injection"], "on-off");
    EXPECT_NEAR(a["traffic"]["burst_on_rate"].get<double>(), 0.9, 1e-12);
    EXPECT_NEAR(a["traffic"]["offered"].get<double>(), 0.3, 0.015);
    EXPECT_EQ(a["config"]["workload"]["traffic"]["injection"], "on-off");
    const std::string file = testing::TempDir() + "d3_on_off_result.json";
    std::ofstream(file) << a.dump();
    const nlohmann::json b = d3::test::run_json(D3SIM, "--config " + file);
    ASSERT_TRUE(b.contains("traffic"));
    EXPECT_EQ(b["traffic"]["latency"], a["traffic"]["latency"]);
    EXPECT_EQ(b["traffic"]["offered"], a["traffic"]["offered"]);
}
