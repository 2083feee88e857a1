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

/// The move of a unicast decision (eject, local, global) at `at`. False when the decision is not
/// a legal move there: invalid, a port out of range, a hold where the port is a real link, a
/// global port 0 that loops back without the hold flag, or a broadcast action. Inline: the route
/// stage expands one per router visit (and needs only `out.to`). `Checked` false: for a decision
/// of the reference decoder on a valid header (the plain router's route stage), whose ports and
/// hold flag are legal by construction (test Expand.ReferenceDecisionsOnValidHeadersAreLegal), so
/// that only its action is tested (an invalid action still returns false): the tests of the port
/// and the hold would be made once per router visit for nothing.
template <bool Checked = true>
inline bool expand_unicast(const decision& d, const coord& at, const topology& t, hop& out) {
    switch (d.act) {
        case action::eject:
            out = {kEjectTarget, at};
            return true;
        case action::local:
            if (Checked && (d.port >= t.m() || d.hold != (d.port == 0))) return false;
            out = d.hold ? hop{kHoldTarget, at}
                         : hop{static_cast<target>(index_of({false, d.port}, t.k())),
                               t.local_neighbor(at, d.port)};
            return true;
        case action::global:
            if (Checked && d.port >= t.k()) return false;
            // D3 holds exactly where global port 0 loops back; MDF may hold anywhere (port 0).
            if (d.hold) {
                if (Checked && (d.port != 0 || !t.may_hold_globally(at))) return false;
                out = {kHoldTarget, at};
                return true;
            }
            if (Checked && t.global_loops(at, d.port)) return false;
            out = {static_cast<target>(d.port), t.global_neighbor(at, d.port)};
            return true;
        default:
            return false;
    }
}

/// expand_unicast<false>'s target alone, without the router the move leads to: for a route
/// stage that needs only where the copy leaves (the reference decoder's decisions on valid
/// headers, whose ports and hold flag are legal). False for a decision that is no unicast move.
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

/// Every copy's move, in the router's service order: for a local broadcast the held copy then
/// local ports 1..M-1; for a global broadcast global ports 0..K-1 (port 0 held at a fixed point;
/// on MDF a held copy at router 0, then every global port).
/// Replaces the contents of `out`. False when the decision is not legal at `at` (out is then
/// unspecified).
bool expand(const decision& d, const coord& at, const topology& t, std::vector<hop>& out);

}  // namespace d3
