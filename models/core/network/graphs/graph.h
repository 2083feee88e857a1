// A small undirected graph for the topological claims of the other networks of issue 48 (swapped
// networks, the hierarchical dual-net, Hamming graphs): adjacency lists with link multiplicity
// (trunking, a ring of two), breadth-first distances, degrees. Plain C++, no SystemC; not the
// simulator's topology (core/network/topology.h).
#pragma once

#include <cstdint>
#include <vector>

namespace d3 {

/// One neighbour of a node and how many parallel links join them.
struct graph_neighbor {
    std::uint32_t node = 0;
    std::uint32_t links = 1;
};

class graph {
  public:
    explicit graph(std::uint32_t nodes) : adj_(nodes) {}

    std::uint32_t nodes() const { return static_cast<std::uint32_t>(adj_.size()); }

    /// Joins a and b (a != b) by `links` more parallel links.
    void add_edge(std::uint32_t a, std::uint32_t b, std::uint32_t links = 1);

    const std::vector<graph_neighbor>& neighbors(std::uint32_t v) const { return adj_.at(v); }

    /// Links at v, counted with multiplicity.
    std::uint32_t degree(std::uint32_t v) const;
    /// Links between a and b (0: not adjacent).
    std::uint32_t links_between(std::uint32_t a, std::uint32_t b) const;
    /// Undirected links, counted with multiplicity.
    std::uint64_t links() const;

  private:
    std::vector<std::vector<graph_neighbor>> adj_;
};

/// Hops from `src` to every node (-1: unreachable); parallel links count once.
std::vector<int> bfs_distances(const graph& g, std::uint32_t src);

/// All-pairs figures by a breadth-first search from every node.
struct distance_figures {
    bool connected = true;
    int diameter = 0;      ///< largest distance (meaningful when connected)
    double average = 0.0;  ///< mean over ordered pairs of distinct nodes
};
distance_figures all_pairs_distances(const graph& g);

struct degree_figures {
    std::uint32_t min = 0, max = 0;                    ///< with multiplicity
    std::uint32_t min_distinct = 0, max_distinct = 0;  ///< distinct neighbours
};
degree_figures degrees(const graph& g);

/// Whether `map` (node of a -> node of b) is an isomorphism: a bijection under which every link of
/// a, with its multiplicity, is a link of b and both have as many links.
bool is_isomorphism(const graph& a, const graph& b, const std::vector<std::uint32_t>& map);

}  // namespace d3
