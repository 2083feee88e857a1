// Contention-free path walk: where a header launched at a router ends up, following the reference
// decoder over the topology with no timing, buffers or arbitration. The ledger uses it to know what
// each launched packet must deliver. Plain C++.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/decoding/header.h"
#include "core/network/topology.h"

namespace d3 {

struct walk_result {
    std::vector<router_id> destinations;  ///< one entry per copy that reaches b = 0, in no order
    std::uint64_t hops = 0;               ///< link traversals of all copies
    std::uint64_t holds = 0;              ///< steps a copy stayed in its router (port 0)
    int steps = 0;                        ///< time steps until the last copy ejects
    std::string error;                    ///< non-empty when the header is invalid on the way
};

walk_result walk(const topology& t, const coord& src, const header& h);
/// The same, reusing the capacity of `r` (the ledger walks every launched packet).
void walk(const topology& t, const coord& src, const header& h, walk_result& r);

}  // namespace d3
