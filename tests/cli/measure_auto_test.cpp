// Issue 46, item 4: `--measure auto` finds the warm-up from the data (MSER-5) and stops measuring
// when its latency converges; its latency is within 10 % of a long fixed run's at the same load.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
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
