// MSER-5 against its definition computed directly, and the automatic measurement window on a
// synthetic output whose warm-up is known.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/traffic/auto_window.h"
#include "core/traffic/mser.h"

namespace d3 {
namespace {

// MSER(d) = sum_{j>d} (Z_j - mean)^2 / (n-d)^2 by its definition (two passes), the smallest d
// of the minimum over all d with at least two batches left.
std::size_t mser_by_definition(const std::vector<double>& z) {
    double best = std::numeric_limits<double>::infinity();
    std::size_t best_d = 0;
    for (std::size_t d = 0; d + 2 <= z.size(); ++d) {
        double mean = 0;
        for (std::size_t j = d; j < z.size(); ++j) mean += z[j];
        mean /= static_cast<double>(z.size() - d);
        double ss = 0;
        for (std::size_t j = d; j < z.size(); ++j) ss += (z[j] - mean) * (z[j] - mean);
        const double m = static_cast<double>(z.size() - d);
        if (ss / (m * m) < best - 1e-12) {
            best = ss / (m * m);
            best_d = d;
        }
    }
    return best_d;
}

TEST(Mser, DropsTheTransientOfAStepOutput) {
    const mser_result r = mser({10, 6, 2, 2, 2, 2, 2, 2});
    EXPECT_EQ(r.truncated, 2u);  // what is left is constant: MSER 0, first reached at d = 2
    EXPECT_TRUE(r.settled);
}

TEST(Mser, AgreesWithItsDefinition) {
    const std::vector<std::vector<double>> series = {
        {5, 1, 2, 1, 2, 1, 2, 1},
        {9, 7, 5, 4, 4.5, 3.9, 4.2, 4.1, 3.8, 4.0, 4.3, 3.7},
        {1, 1, 1, 8, 1, 1, 1, 1, 1, 1},
        {3, 2.5, 2.8, 2.6, 2.9, 2.7}};
    for (const auto& z : series) {
        const mser_result r = mser(z);
        EXPECT_EQ(r.truncated, mser_by_definition(z));
        EXPECT_EQ(r.settled, r.truncated <= z.size() / 2);
    }
}

TEST(Mser, AGrowingOutputHasNotSettled) {
    std::vector<double> z;
    for (int i = 1; i <= 20; ++i) z.push_back(i * i);
    EXPECT_FALSE(mser(z).settled);
}

TEST(Mser, BatchesOfFive) {
    EXPECT_EQ(batch_means_of_five({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}),
              (std::vector<double>{3, 8}));
}

// Ten packets a step from step 0, latency 20 for the first 100 steps, then 5 +- 1: the window
// begins at the end of the transient and its mean is 5.
TEST(AutoWindow, FindsTheWarmUpAndConverges) {
    auto_window w(0);
    std::uint64_t end = 0;
    for (std::uint64_t step = 0; step < 5000 && end == 0; ++step) {
        if (step % 50 == 0 && step > 0 && w.converged_at(step)) end = step;
        for (int i = 0; end == 0 && i < 10; ++i) {
            const std::uint64_t latency = step < 100 ? 20 : (i + step) % 2 ? 6 : 4;
            w.created(step);
            w.arrived(step, step + latency);
            w.delivered(step + latency);
        }
    }
    ASSERT_GT(end, 0u);
    const auto_window::window r = w.result(end);
    EXPECT_TRUE(r.converged);
    EXPECT_EQ(r.begin, 100u);
    EXPECT_EQ(r.end, end);
    EXPECT_NEAR(r.latency.mean(), 5.0, 1e-9);
    EXPECT_EQ(r.created, 10 * (end - 100));
}

// A batch with a packet still on its way is not looked at: no convergence while it is out.
TEST(AutoWindow, WaitsForEveryPacketOfABatch) {
    auto_window w(0);
    for (std::uint64_t step = 0; step < 1000; ++step) {
        w.created(step);
        if (step != 3) w.arrived(step, step + 4);
    }
    EXPECT_FALSE(w.converged_at(1000));
    w.arrived(3, 7);
    EXPECT_TRUE(w.converged_at(1000));
    EXPECT_FALSE(w.converged_at(1001));  // whole batches only
}

}  // namespace
}  // namespace d3

namespace d3 {
namespace {

// The histogram of the JSON (traffic.latency.histogram) and the merge of a window's batches: the
// counts of every latency, the long ones (from 1,024 steps on) included.
TEST(LatencyStats, HistogramAndMerge) {
    latency_stats a, b;
    for (std::uint64_t v : {4, 4, 5, 2000}) a.add(v);
    for (std::uint64_t v : {3, 4, 2000, 5000}) b.add(v);
    a.merge(b);
    using h = std::vector<std::pair<std::uint64_t, std::uint64_t>>;
    EXPECT_EQ(a.histogram(), (h{{3, 1}, {4, 3}, {5, 1}, {2000, 2}, {5000, 1}}));
    EXPECT_EQ(a.count(), 8u);
    EXPECT_DOUBLE_EQ(a.mean(), (4 + 4 + 5 + 2000 + 3 + 4 + 2000 + 5000) / 8.0);
    EXPECT_EQ(a.max(), 5000u);
    EXPECT_EQ(a.percentile(0.5), 4u);
}

}  // namespace
}  // namespace d3
