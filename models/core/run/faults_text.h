// The summary line of a run with failed cables or routers (--fail-links, --fail-routers), read
// from the run's JSON `faults` object: what failed and when, what went around it, what could not
// and what the failure took. Primitive and traffic runs print it alike. Plain C++.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace d3 {

/// "  faults: 1 router and 0 cables failed at step 100; 330 packets rerouted, 157 unreachable,
/// 2 lost to the failure (...)\n", or "" when `faults` is not an object. `unit` names what the
/// counts count, in the singular ("packet" for traffic, "message" for a primitive).
std::string faults_text(const nlohmann::json& faults, const char* unit);

}  // namespace d3
