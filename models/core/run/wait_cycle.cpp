#include "core/run/wait_cycle.h"

#include <algorithm>
#include <cstddef>

namespace d3 {

std::vector<std::int64_t> find_wait_cycle(std::vector<wait_edge> edges) {
    std::sort(edges.begin(), edges.end(),
              [](const wait_edge& a, const wait_edge& b) { return a.from < b.from; });
    // The edge leaving buffer x, or edges.size() when x waits for nothing.
    const auto leaving = [&edges](std::int64_t x) {
        const auto it =
            std::lower_bound(edges.begin(), edges.end(), x,
                             [](const wait_edge& e, std::int64_t v) { return e.from < v; });
        return it != edges.end() && it->from == x ? static_cast<std::size_t>(it - edges.begin())
                                                  : edges.size();
    };
    // Per edge (per waiting buffer): 0 = unvisited, 1 = on the current walk, 2 = done.
    std::vector<std::uint8_t> state(edges.size(), 0);
    std::vector<std::size_t> path;
    for (std::size_t s = 0; s < edges.size(); ++s) {
        if (state[s] != 0) continue;
        path.clear();
        std::size_t x = s;
        while (x < edges.size() && state[x] == 0) {
            state[x] = 1;
            path.push_back(x);
            x = leaving(edges[x].to);
        }
        if (x < edges.size() && state[x] == 1) {
            std::vector<std::int64_t> cycle;
            for (auto at = std::find(path.begin(), path.end(), x); at != path.end(); ++at)
                cycle.push_back(edges[*at].from);
            return cycle;
        }
        for (std::size_t y : path) state[y] = 2;
    }
    return {};
}

}  // namespace d3
