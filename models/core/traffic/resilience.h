// How a network holds together around failed links and routers (issue 47 item 6, the static
// part; docs/resilience.md): the share of router pairs the surviving cables still connect, the
// share the routing still reaches (its own route or one of section 10's detours,
// core/traffic/route_around.h), and the diameter of what survives. Plain C++.
#pragma once

#include "core/network/link_faults.h"

namespace d3 {

struct connectivity {
    /// Ordered pairs of distinct surviving routers joined by a path of surviving cables, over
    /// all such pairs (1 with nothing failed).
    double connected_pairs = 1;
    /// Ordered pairs of distinct surviving routers the minimal routing or a detour reaches.
    double routable_pairs = 1;
    /// The most hops between two connected surviving routers, by breadth-first search.
    int diameter = 0;
};

/// `t` with `f` failed (every pair walked: a breadth-first search from each router, and the
/// routing's header for each pair).
connectivity measure_connectivity(const topology& t, const link_faults& f);

}  // namespace d3
