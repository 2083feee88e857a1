// MSER-5, the marginal standard error rule of White (1997) with batches of five (White, Cobb and
// Spratt, "A comparison of five steady-state truncation heuristics", Winter Simulation Conference
// 2000): the warm-up of a simulation output is the truncation that minimises the standard error
// of the mean of what is left. Plain C++.
//
// The observations are grouped into batches of five consecutive ones, with means Z_1..Z_n. For a
// truncation of d batches, MSER(d) = sum_{j>d} (Z_j - mean_{j>d} Z)^2 / (n - d)^2; the rule takes
// the d that minimises it. A minimum in the second half (d > n / 2) means the output has not
// left its transient yet: the run should go on (mser_result::settled false).
#pragma once

#include <cstddef>
#include <vector>

namespace d3 {

struct mser_result {
    std::size_t truncated = 0;  ///< batches to drop from the front: the minimum's d
    bool settled = false;       ///< that d lies in the first half (d <= n / 2)
};

/// MSER over batch means `z` (already batched). n >= 2 for an answer; fewer: nothing truncated,
/// not settled.
mser_result mser(const std::vector<double>& z);

/// Batch means of five: observation i in batch i / 5, a last incomplete batch left out.
std::vector<double> batch_means_of_five(const std::vector<double>& observations);

}  // namespace d3
