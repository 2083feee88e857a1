#include "core/run/confidence.h"

#include <array>
#include <cmath>
#include <stdexcept>

namespace d3 {

namespace {

// t(0.975, df) for df = 1..30 (the table of any statistics textbook).
constexpr std::array<double, 30> kT975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                                          2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                                          2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                                          2.060,  2.056, 2.052, 2.048, 2.045, 2.042};

// Beyond the table: df and t at 30, 40, 60, 120; the normal quantile at infinity.
struct point {
    double df, t;
};
constexpr std::array<point, 4> kTail = {{{30, 2.042}, {40, 2.021}, {60, 2.000}, {120, 1.980}}};
constexpr double kNormal975 = 1.960;

}  // namespace

double t_quantile_975(std::size_t df) {
    if (df == 0) throw std::invalid_argument("t_quantile_975: df must be at least 1");
    if (df <= kT975.size()) return kT975[df - 1];
    const double x = 1.0 / static_cast<double>(df);  // t is close to linear in 1/df out here
    for (std::size_t i = 0; i + 1 < kTail.size(); ++i) {
        const point a = kTail[i], b = kTail[i + 1];
        if (static_cast<double>(df) <= b.df)
            return a.t + (b.t - a.t) * (x - 1 / a.df) / (1 / b.df - 1 / a.df);
    }
    const point a = kTail.back();
    return a.t + (kNormal975 - a.t) * (x - 1 / a.df) / (0 - 1 / a.df);
}

confidence confidence_of(const std::vector<double>& values) {
    confidence c;
    c.n = values.size();
    if (c.n == 0) throw std::invalid_argument("confidence_of: no values");
    double sum = 0;
    for (double v : values) sum += v;
    c.mean = sum / static_cast<double>(c.n);
    if (c.n < 2) return c;
    double squares = 0;
    for (double v : values) squares += (v - c.mean) * (v - c.mean);
    c.stddev = std::sqrt(squares / static_cast<double>(c.n - 1));
    c.ci95 = t_quantile_975(c.n - 1) * c.stddev / std::sqrt(static_cast<double>(c.n));
    return c;
}

}  // namespace d3
