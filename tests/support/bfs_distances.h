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

/// A ring of `routers` routers written as a network file at `path`: router r's port 0 leads to
/// r + 1, port 1 to r - 1. Returns `path`.
inline std::string write_ring_file(const std::string& path, int routers) {
    std::ofstream f(path);
    f << "routers " << routers << "\n";
    for (int r = 0; r < routers; ++r) f << "link " << r << " 0 " << (r + 1) % routers << " 1\n";
    return path;
}

/// A ring's distances by definition: the shorter way round.
inline distances ring_distances(int n) {
    distances d(static_cast<std::size_t>(n), std::vector<int>(static_cast<std::size_t>(n)));
    for (int s = 0; s < n; ++s)
        for (int t = 0; t < n; ++t) {
            const int a = s > t ? s - t : t - s;
            d[static_cast<std::size_t>(s)][static_cast<std::size_t>(t)] = a < n - a ? a : n - a;
        }
    return d;
}

}  // namespace d3::test
