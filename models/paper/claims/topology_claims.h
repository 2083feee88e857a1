// The paper's topological claims, measured by brute force on a D3(K,M): diameter three (section 2),
// the uniqueness of the shortest path (2.2), Theorem 1's subnetwork isomorphism and the port table
// printed after it, Corollary 1's cutset, and Theorem 2's drawer-to-drawer conflicts. Each function
// counts; `d3sim validate` (study/validate) turns the counts into verdicts. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/network/topology.h"

namespace d3 {

/// Largest distance between two routers, by breadth-first search from every router (-1 when the
/// network is disconnected).
int diameter_by_bfs(const topology& t);

/// Section 2: "If (c',d',p') != (c,d,p) and d' != p and p' != d, (2.2) is the shortest path and it
/// is unique." Counted over every ordered pair that meets the premise.
struct shortest_path_count {
    std::uint64_t pairs = 0;         ///< pairs meeting the premise
    std::uint64_t unique = 0;        ///< (2.2) is a shortest path and the only one
    std::uint64_t not_shortest = 0;  ///< a shorter path than (2.2) exists
    std::uint64_t not_unique = 0;    ///< (2.2) is shortest but another path is as short
    std::uint64_t same_drawer = 0;   ///< of the failures: destination in the source's drawer
    coord first_src, first_dst;      ///< first failure (valid when a failure exists)
    int first_lgl = 0, first_shortest = 0, first_paths = 0;
};
shortest_path_count check_unique_shortest_path(const topology& t);

/// Theorem 1: D3(kappa, M, N) inside D3(N, M) is isomorphic to D3(K, M), K = |kappa|, under
/// (i, d, p, (j - i mod K)) -> (k_i, d, p, (a_{j,i})), a_{j,i} = k_j - k_i mod N.
struct isomorphism_count {
    std::uint64_t links = 0;      ///< directed links of D3(K, M) checked (global and local)
    std::uint64_t preserved = 0;  ///< mapped to a link of D3(N, M) with the mapped far end and port
};
isomorphism_count check_theorem1(int n, int m, const std::vector<int>& kappa);

/// The port vector of cabinet i of D3(kappa, M, N): a_{j,i} = k_j - k_i mod N for j = 0..K-1.
std::vector<int> theorem1_ports(int n, const std::vector<int>& kappa, int i);

/// The table printed after Theorem 1 (D3(4,M) and D3(5,M) inside D3(9,M)), as printed.
struct printed_port_table {
    std::vector<int> kappa;
    std::vector<std::vector<int>> ports;  ///< by i, in printed order
};
const std::vector<printed_port_table>& theorem1_printed_tables();
inline constexpr int kTheorem1PrintedN = 9;

/// Corollary 1: directed links crossing three natural bisections (cabinet halves, drawer halves
/// within each cabinet, router halves within each drawer), and how many routers the paper's
/// "partition into D3(K, M/2)" ({(c,d,p) : d, p in one half}, for both halves) covers.
struct cutset_count {
    std::uint64_t cabinet_halves = 0;  ///< K even only (0 otherwise)
    std::uint64_t drawer_halves = 0;   ///< M even only
    std::uint64_t router_halves = 0;   ///< M even only
    std::uint64_t km2_covered = 0;     ///< routers in D3(K, M/2) x 2 of the paper's proof
};
cutset_count count_cutsets(const topology& t);

/// Theorem 2 by brute force: every pair of simultaneous minimal (2.2) transmissions with distinct
/// sources and distinct destinations. The theorem: they conflict iff they share the source drawer
/// and the destination drawer.
struct theorem2_count {
    std::uint64_t conflicting_pairs = 0;  ///< unordered pairs sharing a (link, step)
    std::uint64_t same_drawers_pairs =
        0;  ///< unordered pairs with the same source and destination drawers
    std::uint64_t only_if_violations = 0;  ///< conflict without the same drawers (distinct sources)
    /// Pairs from one source router (the theorem does not exclude them) that conflict on their
    /// first hop without going to the same destination drawer.
    std::uint64_t same_source_violations = 0;
    std::uint64_t if_violations = 0;         ///< same drawers, no conflict
    std::uint64_t if_violations_within = 0;  ///< of those: source drawer = destination drawer
};
theorem2_count check_theorem2(const topology& t);

}  // namespace d3
