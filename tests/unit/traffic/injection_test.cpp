// BookSim2's on-off injection process (core/traffic/injection.h) against its definition: a
// two-state Markov chain whose stationary share of on steps is alpha / (alpha + beta), whose on
// periods last 1 / beta steps on average, and whose long-run creation rate is the rate asked for.
#include "core/traffic/injection.h"

#include <gtest/gtest.h>

namespace d3 {
namespace {

TEST(OnOffInjection, RateAndBurstLengthOfItsDefinition) {
    traffic_rng r(11);
    const double rate = 0.2, alpha = 0.05, beta = 0.2;  // r1 = 0.2 x 0.25 / 0.05 = 1
    on_off_injection p(rate, alpha, beta, 1, r);
    EXPECT_DOUBLE_EQ(p.on_rate(), 1.0);
    const int steps = 2000000;
    long created = 0, runs = 0;
    bool last = false;
    for (int i = 0; i < steps; ++i) {
        const bool c = p.creates(0, r);
        created += c;
        runs += c && !last;  // with r1 = 1 a run of creations is an on period
        last = c;
    }
    EXPECT_NEAR(static_cast<double>(created) / steps, rate, 0.005);
    EXPECT_NEAR(static_cast<double>(created) / static_cast<double>(runs), 1 / beta, 0.1);
}

TEST(OnOffInjection, ItsLongRunRateIsTheRateAskedFor) {
    traffic_rng r(3);
    on_off_injection p(0.3, 0.1, 0.1, 4, r);  // r1 = 0.6
    long created = 0;
    for (int i = 0; i < 500000; ++i)
        for (int t = 0; t < 4; ++t) created += p.creates(t, r);
    EXPECT_NEAR(created / 2e6, 0.3, 0.005);
}

TEST(OnOffInjection, RefusesWhatItCannotReach) {
    EXPECT_FALSE(on_off_injection::problem(0.3, 0.1, 0.1));
    EXPECT_EQ(*on_off_injection::problem(0.6, 0.1, 0.1),
              "on-off injection with --burst-alpha 0.1 and --burst-beta 0.1 reaches at most "
              "--rate 0.5 (always creating while on)");
    EXPECT_EQ(*on_off_injection::problem(0.1, 0, 0.1), "--burst-alpha must be in (0, 1]");
    EXPECT_EQ(*on_off_injection::problem(0.1, 0.5, 1.5), "--burst-beta must be in (0, 1]");
}

}  // namespace
}  // namespace d3
