// The 95 % interval of core/run/confidence.h against a textbook example and against its
// definition: over many samples of a known normal distribution, about 95 % of the intervals cover
// the distribution's mean.
#include "core/run/confidence.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

namespace d3 {
namespace {

TEST(Confidence, TheTableAndItsTail) {
    EXPECT_DOUBLE_EQ(t_quantile_975(1), 12.706);
    EXPECT_DOUBLE_EQ(t_quantile_975(9), 2.262);
    EXPECT_DOUBLE_EQ(t_quantile_975(30), 2.042);
    EXPECT_NEAR(t_quantile_975(39), 2.023, 0.001);  // the table's t(0.975, 39)
    EXPECT_NEAR(t_quantile_975(60), 2.000, 1e-9);
    EXPECT_NEAR(t_quantile_975(1000000), 1.960, 0.001);
    for (std::size_t df = 1; df < 500; ++df)  // falls towards the normal's 1.96
        EXPECT_GT(t_quantile_975(df), t_quantile_975(df + 1)) << df;
    EXPECT_THROW(t_quantile_975(0), std::invalid_argument);
}

TEST(Confidence, AWorkedExample) {
    // mean 5, sum of squares 32: s = sqrt(32 / 7); half-width t(0.975, 7) s / sqrt(8).
    const confidence c = confidence_of({2, 4, 4, 4, 5, 5, 7, 9});
    EXPECT_EQ(c.n, 8u);
    EXPECT_DOUBLE_EQ(c.mean, 5.0);
    EXPECT_NEAR(c.stddev, std::sqrt(32.0 / 7), 1e-12);
    ASSERT_TRUE(c.ci95);
    EXPECT_NEAR(*c.ci95, 2.365 * std::sqrt(32.0 / 7) / std::sqrt(8.0), 1e-12);
}

TEST(Confidence, OneValueHasNoInterval) {
    const confidence c = confidence_of({3.5});
    EXPECT_DOUBLE_EQ(c.mean, 3.5);
    EXPECT_FALSE(c.ci95);
    EXPECT_THROW(confidence_of({}), std::invalid_argument);
}

TEST(Confidence, NinetyFivePercentOfIntervalsCoverTheMean) {
    std::mt19937_64 gen(7);
    std::normal_distribution<double> dist(10.0, 3.0);
    for (std::size_t n : {3u, 10u, 40u}) {
        int covered = 0;
        const int trials = 4000;
        for (int i = 0; i < trials; ++i) {
            std::vector<double> v(n);
            for (double& x : v) x = dist(gen);
            const confidence c = confidence_of(v);
            covered += std::abs(c.mean - 10.0) <= *c.ci95;
        }
        // 95 % of 4,000: a binomial standard deviation of about 14 intervals.
        EXPECT_NEAR(covered / double(trials), 0.95, 0.012) << n;
    }
}

}  // namespace
}  // namespace d3
