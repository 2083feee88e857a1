#include "core/run/wait_cycle.h"

#include <algorithm>

namespace d3 {

std::vector<std::int64_t> find_wait_cycle(const std::vector<std::int64_t>& next) {
    const auto n = static_cast<std::int64_t>(next.size());
    // 0 = unvisited, 1 = on the current walk, 2 = done (no cycle through it).
    std::vector<std::uint8_t> state(next.size(), 0);
    std::vector<std::int64_t> path;
    for (std::int64_t s = 0; s < n; ++s) {
        if (state[static_cast<std::size_t>(s)] != 0) continue;
        path.clear();
        std::int64_t x = s;
        while (x >= 0 && x < n && state[static_cast<std::size_t>(x)] == 0) {
            state[static_cast<std::size_t>(x)] = 1;
            path.push_back(x);
            x = next[static_cast<std::size_t>(x)];
        }
        if (x >= 0 && x < n && state[static_cast<std::size_t>(x)] == 1) {
            const auto at = std::find(path.begin(), path.end(), x);
            return std::vector<std::int64_t>(at, path.end());
        }
        for (std::int64_t y : path) state[static_cast<std::size_t>(y)] = 2;
    }
    return {};
}

}  // namespace d3
