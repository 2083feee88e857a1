// Product graphs B_1 x ... x B_r of rings and complete graphs: the base networks of the
// hierarchical dual-net (a torus, a hypercube) and the Hamming graph K_a x K_b (x K_c). A node is
// its coordinates read in mixed radix, the first factor most significant. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/network/graphs/graph.h"

namespace d3 {

/// A ring of `size` nodes joins i and i+1 mod size, so a ring of two has two parallel links (the
/// count a torus of 2 x 3 x 5 needs for the hierarchical dual-net paper's degree six); a complete
/// factor is K_size.
struct graph_factor {
    enum class kind { ring, complete };
    kind k = kind::ring;
    std::uint32_t size = 2;
};

/// The factor alone, every link `links` times.
graph factor_graph(const graph_factor& f, std::uint32_t links = 1);
/// Hops between the two farthest nodes of the factor.
int factor_diameter(const graph_factor& f);

/// The Cartesian product; every link `links` times (trunking).
graph product_graph(const std::vector<graph_factor>& factors, std::uint32_t links = 1);

std::uint64_t product_nodes(const std::vector<graph_factor>& factors);

/// Coordinates of node v, first factor first.
std::vector<std::uint32_t> product_coords(const std::vector<graph_factor>& factors,
                                          std::uint64_t v);

/// "torus:AxBxC" (rings) or "hypercube:n" (n complete factors of two): the factors, or nothing.
std::optional<std::vector<graph_factor>> parse_product(const std::string& spec);

/// "2x3x5" (torus) or "Q_3".
std::string product_name(const std::vector<graph_factor>& factors);

}  // namespace d3
