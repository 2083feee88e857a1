#include "core/traffic/mser.h"

#include <limits>

namespace d3 {

mser_result mser(const std::vector<double>& z) {
    mser_result r;
    const std::size_t n = z.size();
    if (n < 2) return r;
    // Suffix sums of Z and Z^2: MSER(d) for every d in one pass from the back.
    double sum = 0, squares = 0;
    double best = std::numeric_limits<double>::infinity();
    std::size_t best_d = 0;
    for (std::size_t d = n; d-- > 0;) {
        sum += z[d];
        squares += z[d] * z[d];
        const double m = static_cast<double>(n - d);
        if (m < 2) continue;  // one batch left has no spread to measure
        const double value = (squares - sum * sum / m) / (m * m);
        if (value <= best) {  // ties: the smallest truncation
            best = value;
            best_d = d;
        }
    }
    r.truncated = best_d;
    r.settled = best_d <= n / 2;
    return r;
}

std::vector<double> batch_means_of_five(const std::vector<double>& observations) {
    std::vector<double> z;
    for (std::size_t i = 0; i + 5 <= observations.size(); i += 5) {
        double s = 0;
        for (std::size_t j = i; j < i + 5; ++j) s += observations[j];
        z.push_back(s / 5);
    }
    return z;
}

}  // namespace d3
