// What a decoder decision means at a router: the one place that turns a decision into the hops
// it makes (eject, hold, a link output and the router it leads to, broadcast copies). The router's
// route stage, the contention-free walk (core/decoding/walk.h) and the schedule planner
// (paper/programs/lockstep.h) all expand decisions here. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <vector>

#include "core/decoding/decoder.h"
#include "core/network/topology.h"

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

/// The target of a unicast decision (eject, local, global), without the router the move leads
/// to: for a route stage that needs only where the copy leaves (the reference decoder's decisions
/// on valid headers, whose ports and hold flag are legal). False for a decision that is no
/// unicast move.
inline bool unicast_target(const decision& d, const topology& t, target& to) {
    switch (d.act) {
        case action::eject:
            to = kEjectTarget;
            return true;
        case action::local:
            to = d.hold ? kHoldTarget : static_cast<target>(index_of({false, d.port}, t.k()));
            return true;
        case action::global:
            to = d.hold ? kHoldTarget : static_cast<target>(d.port);
            return true;
        default:
            return false;
    }
}

/// Whether a unicast decision's port and hold flag are legal at `at`: a port in range, a hold only
/// where the port is no real link (local port 0; D3's global port 0 where it loops back, MDF's
/// anywhere), no global port 0 that loops back without the hold flag.
inline bool legal_unicast(const decision& d, const coord& at, const topology& t) {
    switch (d.act) {
        case action::local:
            return d.port < t.m() && d.hold == (d.port == 0);
        case action::global:
            if (d.port >= t.k()) return false;
            return d.hold ? d.port == 0 && t.may_hold_globally(at) : !t.global_loops(at, d.port);
        default:
            return true;
    }
}

/// The move of a unicast decision (eject, local, global) at `at`: its target (unicast_target) and
/// the router it is at after the step (`at` itself for a hold or an ejection). False when the
/// decision is not a legal move there (legal_unicast) or not a unicast action. `Checked` false:
/// for a decision of the reference decoder on a valid header, whose ports and hold flag are legal
/// by construction (test Expand.ReferenceDecisionsOnValidHeadersAreLegal), so that only its action
/// is tested.
template <bool Checked = true>
inline bool expand_unicast(const decision& d, const coord& at, const topology& t, hop& out) {
    if (Checked && !legal_unicast(d, at, t)) return false;
    if (!unicast_target(d, t, out.to)) return false;
    out.at = d.act == action::eject || d.hold ? at
             : d.act == action::local         ? t.local_neighbor(at, d.port)
                                              : t.global_neighbor(at, d.port);
    return true;
}

/// Every copy's move, in the router's service order: for a local broadcast the held copy then
/// local ports 1..M-1; for a global broadcast global ports 0..K-1 (port 0 held at a fixed point;
/// on MDF a held copy at router 0, then every global port).
/// Replaces the contents of `out`. False when the decision is not legal at `at` (out is then
/// unspecified).
bool expand(const decision& d, const coord& at, const topology& t, std::vector<hop>& out);

}  // namespace d3
