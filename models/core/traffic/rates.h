// The offered loads of a sweep: "from:to:step" (inclusive, e.g. 0.05:1.0:0.05) or a list
// "0.1,0.5,0.9". Plain C++.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace d3 {

/// The rates, each in (0, 1]; nothing when the text is malformed or a rate is out of range, and
/// then, when `why` is given, the reason in one line (e.g. "rate 1.5 is not in (0, 1]").
std::optional<std::vector<double>> parse_rates(const std::string& s, std::string* why = nullptr);

}  // namespace d3
