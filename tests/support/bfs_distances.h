// The tests' own shortest paths over a network's links (and a network file's links as a test reads
// them): a breadth-first search from every router, written here rather than taken from the model
// (minimal_routes), so that a test of the model's routes compares against something it did not
// compute. Header-only test helper.
#pragma once

#include <cstddef>
#include <fstream>
#include <queue>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace d3::test {

/// next[r]: the routers r has a link to.
using adjacency = std::vector<std::set<int>>;
/// d[s][t]: the fewest links from s to t (-1: unreachable).
using distances = std::vector<std::vector<int>>;

/// The links of a network file (core/network/graphs/network_file.h's format) as the test reads
/// them: its `routers N` and `link R P R' P'` lines, nothing else.
inline adjacency file_links(const std::string& path) {
    std::ifstream in(path);
    adjacency next;
    for (std::string line; std::getline(in, line);) {
        std::istringstream w(line.substr(0, line.find('#')));
        std::string key;
        w >> key;
        int a = 0, pa = 0, b = 0, pb = 0;
        if (key == "routers") {
            w >> a;
            next.assign(static_cast<std::size_t>(a), {});
        } else if (key == "link" && (w >> a >> pa >> b >> pb)) {
            next[static_cast<std::size_t>(a)].insert(b);
            next[static_cast<std::size_t>(b)].insert(a);
        }
    }
    return next;
}

inline distances all_pairs(const adjacency& next) {
    const std::size_t n = next.size();
    distances d(n, std::vector<int>(n, -1));
    for (std::size_t s = 0; s < n; ++s) {
        std::queue<int> q;
        d[s][s] = 0;
        q.push(static_cast<int>(s));
        while (!q.empty()) {
            const int x = q.front();
            q.pop();
            for (int y : next[static_cast<std::size_t>(x)])
                if (d[s][static_cast<std::size_t>(y)] < 0) {
                    d[s][static_cast<std::size_t>(y)] = d[s][static_cast<std::size_t>(x)] + 1;
                    q.push(y);
                }
        }
    }
    return d;
}

}  // namespace d3::test
