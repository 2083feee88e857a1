// Deadlock diagnosis: in a wait-for graph where every blocked buffer waits for at most one other
// buffer (the one its head packet must enter), find a cycle. Plain C++.
#pragma once

#include <cstdint>
#include <vector>

namespace d3 {

/// next[i] is the buffer that buffer i waits for, or -1 when i waits for nothing. Returns the
/// buffers of one cycle in wait order (each waits for the next, the last for the first), the one
/// reached first from the lowest-numbered buffer; empty when there is no cycle.
std::vector<std::int64_t> find_wait_cycle(const std::vector<std::int64_t>& next);

}  // namespace d3
