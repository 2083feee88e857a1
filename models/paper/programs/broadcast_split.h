// A broadcast whose tree crosses a failure, split at its source (issue 47 item 5;
// docs/resilience.md, "The primitives around failures"). The broadcast bit is one bit for every
// level of the tree, so a router cannot be told to leave out one subtree; what a source can still
// launch of the tree is, for section 8's source-vector broadcast (1, b; 0, 0, 0) on D3, its global
// slices (every copy that leaves the first level over global port gamma: the synchronizing
// broadcast (1, b; gamma, 0, 0), local all, global gamma, local all, over the tree's own links)
// and each copy's branch as a unicast (the source vector (0, b; gamma, pi, delta), the tree's
// links to that destination). The slices that survive go whole, the surviving branches of the
// others one by one, and the destinations whose branch crosses a failure are left to the caller
// to reroute. Any other broadcast (a depth-four tree, MDF) leaves every destination to the
// caller. Plain C++.
#pragma once

#include <optional>
#include <vector>

#include "core/decoding/header.h"
#include "core/network/link_faults.h"

namespace d3 {

struct broadcast_split {
    std::vector<header> launched;  ///< the surviving slices and branches, launched as they are
    std::vector<int> slices;       ///< the gamma of each slice launched whole
    /// Destinations reached over the tree's own links (in a slice or over their branch).
    std::vector<router_id> on_tree;
    struct cut {
        router_id destination = 0;
        /// The unicast to reroute: its branch of the tree (it crosses a failure); nothing when the
        /// broadcast has no branches the header can name (the caller finds a route of its own).
        std::optional<header> branch;
    };
    std::vector<cut> cuts;  ///< destinations whose copy would cross a failure
};

/// Splits broadcast `h` launched at `src` around `f`.
broadcast_split split_broadcast(const topology& t, const link_faults& f, const coord& src,
                                const header& h);

}  // namespace d3
