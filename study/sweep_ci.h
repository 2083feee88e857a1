// `d3sim sweep --junit FILE`: one JUnit test case per point (cli/junit.h), passed when its run
// was correct and passed its gates, failed with the reason otherwise. docs/ci.md.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "cli/junit.h"
#include "study/jobs.h"

namespace d3 {

/// The points of `list` with their merged results (null: the point has no result).
junit_suite sweep_junit(const job_list& list, const std::vector<nlohmann::json>& results);

}  // namespace d3
