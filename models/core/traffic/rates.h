// The offered loads of a sweep: "from:to:step" (inclusive, e.g. 0.05:1.0:0.05) or a list
// "0.1,0.5,0.9". Plain C++.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace d3 {

/// The rates, each in (0, 1]; nothing when the text is malformed or a rate is out of range.
std::optional<std::vector<double>> parse_rates(const std::string& s);

}  // namespace d3
