// Deadlock diagnosis: in a wait-for graph where every blocked buffer waits for at most one other
// buffer (the one its head packet must enter), find a cycle. Plain C++.
#pragma once

#include <cstdint>
#include <vector>

namespace d3 {

/// Buffer `from` waits for buffer `to` (ids are any non-negative numbers: only the buffers that
/// wait are listed, so the graph costs what is blocked, not what the network has).
struct wait_edge {
    std::int64_t from = 0;
    std::int64_t to = 0;
};

/// The buffers of one cycle in wait order (each waits for the next, the last for the first), the
/// one reached first from the lowest-numbered waiting buffer; empty when there is no cycle. A
/// buffer appears at most once as `from`.
std::vector<std::int64_t> find_wait_cycle(std::vector<wait_edge> edges);

}  // namespace d3
