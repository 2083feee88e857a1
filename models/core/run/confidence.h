// Mean and 95 % confidence interval of a figure over independent runs (seeds): the Student t
// interval of a textbook (e.g. Montgomery & Runger, "Applied Statistics and Probability for
// Engineers", ch. 8): mean +- t(0.975, n - 1) * s / sqrt(n), s the sample standard deviation.
// Plain C++.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace d3 {

/// A figure over n runs.
struct confidence {
    std::size_t n = 0;
    double mean = 0;
    double stddev = 0;  ///< sample standard deviation (n - 1 in the denominator); 0 when n < 2
    /// Half-width of the 95 % interval; nothing when n < 2 (no spread to estimate).
    std::optional<double> ci95;
};

/// The two-sided 95 % quantile of Student's t with `df` degrees of freedom (df >= 1): the table's
/// value up to 30, then interpolated in 1/df between 30, 40, 60, 120 and the normal's 1.96.
double t_quantile_975(std::size_t df);

/// Mean, standard deviation and 95 % half-width of `values` (n >= 1).
confidence confidence_of(const std::vector<double>& values);

}  // namespace d3
