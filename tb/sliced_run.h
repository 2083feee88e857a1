// The simulation run in slices of 64 steps with a report after each (--progress): the result
// does not depend on the slicing. Shared by the primitive and the traffic test benches.
#pragma once

#include <cstdint>
#include <functional>

namespace d3 {

/// Runs the simulation to its end (sc_start) in slices, calling `report(step)` after each with
/// the step reached, then clears the progress line on stderr.
void run_sliced(const std::function<void(std::uint64_t step)>& report);

}  // namespace d3
