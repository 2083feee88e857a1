// The bisection width of a graph (the fewest links, counted with multiplicity, whose removal
// splits the nodes into halves of floor(n/2) and ceil(n/2)) bracketed by two bounds, since the
// exact figure is NP-hard: above by a bisection found with METIS (libmetis, recursive bisection,
// several seeds, the smaller half topped up to floor(n/2) by the moves that cut least), below by
// the spectral bound lambda_2 floor(n/2) ceil(n/2) / n (lambda_2 the Laplacian's second smallest
// eigenvalue, Eigen's dense solver; Fiedler; Donath and Hoffman). Exact where the two meet
// (hypercubes, complete graphs). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/network/graphs/graph.h"

namespace d3 {

struct bisection_bounds {
    std::uint64_t upper = 0;      ///< the links a found bisection cuts
    std::optional<double> lower;  ///< the spectral bound (graphs of at most kSpectralNodes nodes)
    std::vector<std::uint8_t> side;  ///< the found bisection: side[v] is 0 or 1
};

/// The spectral bound's dense eigenvalue solver is O(n^3): above this the bound is left out.
constexpr std::uint32_t kSpectralNodes = 1024;

bisection_bounds bisection(const graph& g);

/// Links (with multiplicity) between the two sides of `side`.
std::uint64_t cut_links(const graph& g, const std::vector<std::uint8_t>& side);

}  // namespace d3
