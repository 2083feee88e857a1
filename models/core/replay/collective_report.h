// What a collective's replay reports (d3sim --workload, docs/collectives.md): its completion and
// each iteration's time, from the arrivals the replay recorded (core/replay/replay_state.h).
// Plain C++.
#pragma once

#include <nlohmann/json.hpp>

#include "core/replay/collectives.h"
#include "core/replay/replay_state.h"

namespace d3 {

/// The collective apart from its messages (those go to the replay).
struct collective_layout {
    collective_options options;              ///< ranks resolved
    std::string algorithm;                   ///< the default resolved
    std::uint32_t steps = 0;                 ///< steps of one iteration
    std::vector<std::size_t> iteration_end;  ///< one past each iteration's last message
};

/// The JSON `workload`: collective, algorithm, size, iterations, ranks, steps, messages,
/// completion (the step the last message arrived), per_iteration (iteration i's last arrival less
/// iteration i - 1's, the first from step 0) and iteration {mean, min, max, stddev} of those.
nlohmann::json collective_summary(const collective_layout& l, const replay_state& s);

}  // namespace d3
