// MPI collectives as workloads (d3sim --workload, docs/collectives.md), as SST's Ember motifs:
// each collective and algorithm is a generator that writes the collective's messages between
// ranks as a message trace (core/replay/message_trace.h), with the dependencies of the algorithm
// (a rank's step-s send waits for what it received in step s-1), replayed like any trace. Ranks are
// trace nodes, placed by --mapping. Algorithms as in Thakur, Rabenseifner and Gropp, "Optimization
// of collective communication operations in MPICH", IJHPCA 2005. Plain C++.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/replay/message_trace.h"

namespace d3 {

/// The collectives (--workload).
inline constexpr const char* kCollectiveNames[] = {"allreduce", "alltoall", "bcast", "halo3d",
                                                   "fft"};

struct collective_options {
    std::string collective;        ///< --workload: one of kCollectiveNames
    std::string algorithm;         ///< --algorithm; empty: the collective's first (default)
    std::uint32_t size = 64;       ///< --size: flits (see docs/collectives.md for each collective)
    std::uint32_t iterations = 1;  ///< --iterations
    std::uint32_t ranks = 0;       ///< --ranks; 0: one rank per router (set by the caller)
};

/// A collective's messages as a trace, and where each iteration's messages end.
struct collective_trace {
    message_trace trace;
    std::string algorithm;                   ///< the algorithm used (the default resolved)
    std::uint32_t steps = 0;                 ///< communication steps of one iteration
    std::vector<std::size_t> iteration_end;  ///< one past each iteration's last message
};

/// The algorithms of `collective`, the first being its default (empty for an unknown one).
std::vector<std::string> collective_algorithms(const std::string& collective);

/// Why `o` names no collective that can be built (an unknown collective or algorithm, a count of
/// ranks the algorithm cannot use, a size or iteration count of 0), as one line, or nothing.
std::optional<std::string> check_collective(const collective_options& o);

/// The most nearly equal three factors of n, largest first: halo3d's periodic grid.
std::array<std::uint32_t, 3> three_factors(std::uint32_t n);

/// The collective's trace (o as check_collective accepts, with o.ranks > 0), or why not.
std::variant<collective_trace, std::string> make_collective(const collective_options& o);

}  // namespace d3
