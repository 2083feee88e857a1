#include "core/network/graphs/graph.h"

#include <algorithm>
#include <queue>
#include <stdexcept>

namespace d3 {

namespace {

void add_half(std::vector<graph_neighbor>& list, std::uint32_t to, std::uint32_t links) {
    for (graph_neighbor& n : list)
        if (n.node == to) {
            n.links += links;
            return;
        }
    list.push_back({to, links});
}

}  // namespace

void graph::add_edge(std::uint32_t a, std::uint32_t b, std::uint32_t links) {
    if (a == b || a >= nodes() || b >= nodes() || links == 0)
        throw std::invalid_argument("graph: no loop, both ends in the graph, at least one link");
    add_half(adj_[a], b, links);
    add_half(adj_[b], a, links);
}

std::uint32_t graph::degree(std::uint32_t v) const {
    std::uint32_t d = 0;
    for (const graph_neighbor& n : adj_.at(v)) d += n.links;
    return d;
}

std::uint32_t graph::links_between(std::uint32_t a, std::uint32_t b) const {
    for (const graph_neighbor& n : adj_.at(a))
        if (n.node == b) return n.links;
    return 0;
}

std::uint64_t graph::links() const {
    std::uint64_t sum = 0;
    for (std::uint32_t v = 0; v < nodes(); ++v) sum += degree(v);
    return sum / 2;
}

std::vector<int> bfs_distances(const graph& g, std::uint32_t src) {
    std::vector<int> dist(g.nodes(), -1);
    std::queue<std::uint32_t> q;
    dist.at(src) = 0;
    q.push(src);
    while (!q.empty()) {
        const std::uint32_t v = q.front();
        q.pop();
        for (const graph_neighbor& n : g.neighbors(v))
            if (dist[n.node] < 0) {
                dist[n.node] = dist[v] + 1;
                q.push(n.node);
            }
    }
    return dist;
}

distance_figures all_pairs_distances(const graph& g) {
    distance_figures f;
    double sum = 0.0;
    for (std::uint32_t s = 0; s < g.nodes(); ++s)
        for (int d : bfs_distances(g, s)) {
            if (d < 0) {
                f.connected = false;
                continue;
            }
            f.diameter = std::max(f.diameter, d);
            sum += d;
        }
    const double pairs = static_cast<double>(g.nodes()) * (g.nodes() - 1.0);
    f.average = pairs > 0 ? sum / pairs : 0.0;
    return f;
}

degree_figures degrees(const graph& g) {
    degree_figures f;
    for (std::uint32_t v = 0; v < g.nodes(); ++v) {
        const std::uint32_t d = g.degree(v);
        const auto n = static_cast<std::uint32_t>(g.neighbors(v).size());
        f.min = v == 0 ? d : std::min(f.min, d);
        f.max = std::max(f.max, d);
        f.min_distinct = v == 0 ? n : std::min(f.min_distinct, n);
        f.max_distinct = std::max(f.max_distinct, n);
    }
    return f;
}

bool is_isomorphism(const graph& a, const graph& b, const std::vector<std::uint32_t>& map) {
    if (a.nodes() != b.nodes() || map.size() != a.nodes() || a.links() != b.links()) return false;
    std::vector<bool> hit(b.nodes(), false);
    for (std::uint32_t v : map) {
        if (v >= b.nodes() || hit[v]) return false;
        hit[v] = true;
    }
    for (std::uint32_t v = 0; v < a.nodes(); ++v)
        for (const graph_neighbor& n : a.neighbors(v))
            if (b.links_between(map[v], map[n.node]) != n.links) return false;
    return true;
}

}  // namespace d3
