#include "core/traffic/rates.h"

#include <cmath>
#include <iomanip>
#include <sstream>
#include <utility>

namespace d3 {

namespace {
// A decimal number as a user writes one (no hexadecimal, inf, nan or blank), a double holds.
bool number(const std::string& s, double& out) {
    if (s.empty() || s.find_first_not_of("0123456789.eE+-") != std::string::npos) return false;
    std::size_t used = 0;
    try {
        out = std::stod(s, &used);
    } catch (const std::exception&) {
        return false;
    }
    return used == s.size() && std::isfinite(out);
}
bool in_range(double r) {
    return r > 0 && r <= 1;
}
}  // namespace

std::optional<std::vector<double>> parse_rates(const std::string& s, std::string* why) {
    const auto refuse = [why](const std::string& reason) -> std::optional<std::vector<double>> {
        if (why) *why = reason;
        return std::nullopt;
    };
    std::vector<double> out;
    if (s.find(':') != std::string::npos) {
        std::vector<std::string> parts;
        std::istringstream is(s);
        for (std::string p; std::getline(is, p, ':');) parts.push_back(p);
        double a = 0, b = 0, step = 0;
        if (parts.size() != 3 || !number(parts[0], a) || !number(parts[1], b) ||
            !number(parts[2], step))
            return refuse("must be FROM:TO:STEP, three numbers");
        for (const auto& [text, r] : {std::pair{parts[0], a}, std::pair{parts[1], b}})
            if (!in_range(r)) return refuse("rate " + text + " is not in (0, 1]");
        if (step <= 0) return refuse("the step must be above 0");
        if (b < a) return refuse("TO is below FROM");
        // Count points on integers so that 0.05:1.0:0.05 gives 20 points ending at 1.0.
        const double n = std::floor((b - a) / step + 1e-9) + 1;
        if (n > 1000)
            return refuse("the step is too small: " +
                          (n < 1e15 ? std::to_string(static_cast<long long>(n))
                                    : std::string("more than 10^15")) +
                          " points, at most 1000");
        for (long i = 0; i < static_cast<long>(n); ++i) {
            const double r = std::round((a + static_cast<double>(i) * step) * 1e9) / 1e9;
            out.push_back(r);
        }
    } else {
        std::istringstream is(s);
        for (std::string p; std::getline(is, p, ',');) {
            double r = 0;
            if (!number(p, r)) return refuse("'" + p + "' is not a number");
            if (!in_range(r)) return refuse("rate " + p + " is not in (0, 1]");  // as given
            out.push_back(r);
        }
    }
    if (out.empty()) return refuse("no rate given");
    for (double r : out)
        if (!in_range(r)) {
            std::ostringstream os;
            os << std::setprecision(6) << r;
            return refuse("rate " + os.str() + " is not in (0, 1]");
        }
    return out;
}

}  // namespace d3
