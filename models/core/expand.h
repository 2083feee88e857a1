// What a decoder decision means at a router: the one place that turns a decision into the hops
// it makes (eject, hold, a link output and the router it leads to, broadcast copies). The router's
// route stage, the contention-free walk (core/walk.h) and the schedule planner
// (core/primitives/lockstep.h) all expand decisions here. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <vector>

#include "core/decoder.h"
#include "core/topology.h"

namespace d3 {

/// Where one copy of a packet goes in one step: a link output (see port_of), the hold stage or the
/// node.
using target = std::uint16_t;
inline constexpr target kHoldTarget = 0xFFFE;   ///< stays in the router one step (port 0)
inline constexpr target kEjectTarget = 0xFFFF;  ///< delivered to the attached node (b = 0)

inline bool is_link(target x) {
    return x < kHoldTarget;
}

/// One copy's move: its target and the router it is at after the step (the router itself for a
/// hold or an ejection).
struct hop {
    target to = kEjectTarget;
    coord at;
};

/// The move of a unicast decision (eject, local, global) at `at`. False when the decision is not
/// a legal move there: invalid, a port out of range, a hold where the port is a real link, a
/// global port 0 that loops back without the hold flag, or a broadcast action.
bool expand_unicast(const decision& d, const coord& at, const topology& t, hop& out);

/// Every copy's move, in the router's service order: for a local broadcast the held copy then
/// local ports 1..M-1; for a global broadcast global ports 0..K-1 (port 0 held at a fixed point;
/// on MDF a held copy at router 0, then every global port).
/// Replaces the contents of `out`. False when the decision is not legal at `at` (out is then
/// unspecified).
bool expand(const decision& d, const coord& at, const topology& t, std::vector<hop>& out);

}  // namespace d3
