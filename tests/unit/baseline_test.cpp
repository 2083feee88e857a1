// cli/baseline: the tolerance as given and the figures worse than an earlier result.
#include "cli/baseline.h"

#include <gtest/gtest.h>

namespace d3 {
namespace {

TEST(Baseline, ToleranceIsADecimalPercentage) {
    EXPECT_DOUBLE_EQ(*parse_tolerance("5%"), 0.05);
    EXPECT_DOUBLE_EQ(*parse_tolerance("0%"), 0.0);
    EXPECT_DOUBLE_EQ(*parse_tolerance("0.5%"), 0.005);
    EXPECT_DOUBLE_EQ(*parse_tolerance("1000%"), 10.0);
    for (const char* bad : {"5", "0.05", "-5%", "+5%", "5 %", " 5%", "0x5%", "inf%", "nan%",
                            "1000.1%", "1e9%", "%", ""})
        EXPECT_FALSE(parse_tolerance(bad)) << bad;
}

run_baseline baseline_of(const nlohmann::json& result, double fraction) {
    run_baseline b;
    b.path = "base.json";
    b.tolerance = "T";
    b.fraction = fraction;
    b.result = result;
    return b;
}

TEST(Baseline, AFigureWorseBeyondTheToleranceIsOneLineEach) {
    const nlohmann::json was = {
        {"steps", 100},
        {"conflicts", 0},
        {"traffic", {{"accepted", 0.5}, {"latency", {{"mean", 20.0}, {"p99", 40}}}}}};
    // Within 5 %: steps 105 and throughput 0.475 (both exactly at the edge), latency 21.
    const nlohmann::json edge = {
        {"steps", 105},
        {"conflicts", 0},
        {"traffic", {{"accepted", 0.475}, {"latency", {{"mean", 21.0}, {"p99", 42}}}}}};
    EXPECT_TRUE(baseline_regressions(baseline_of(was, 0.05), edge).empty());
    // Beyond: one more step, any conflict where there was none, p99 43 > 42, throughput lower.
    const nlohmann::json worse = {
        {"steps", 106},
        {"conflicts", 1},
        {"traffic", {{"accepted", 0.47}, {"latency", {{"mean", 21.0}, {"p99", 43}}}}}};
    const auto lines = baseline_regressions(baseline_of(was, 0.05), worse);
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(lines[0].rfind("steps 106 > baseline 100", 0), 0u) << lines[0];
    EXPECT_EQ(lines[1].rfind("conflicts 1 > baseline 0", 0), 0u) << lines[1];
    EXPECT_EQ(lines[2].rfind("latency p99 43 > baseline 40", 0), 0u) << lines[2];
    EXPECT_EQ(lines[3].rfind("throughput 0.47 < baseline 0.5", 0), 0u) << lines[3];
    EXPECT_NE(lines[0].find("--baseline base.json"), std::string::npos);
}

TEST(Baseline, BetterFiguresAndFiguresOnlyOneSideHasPass) {
    const nlohmann::json was = {{"steps", 100}, {"conflicts", 5}};
    const nlohmann::json now = {
        {"steps", 90}, {"conflicts", 0}, {"traffic", {{"latency", {{"mean", 99.0}}}}}};
    EXPECT_TRUE(baseline_regressions(baseline_of(was, 0), now).empty());
}

}  // namespace
}  // namespace d3
