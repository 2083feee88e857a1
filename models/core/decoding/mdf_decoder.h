// The rules of MDF(K,M)'s reference decoder (core/decoding/mdf_decoder.cpp has the whole comment),
// inline for a route stage that knows it serves MDF (route_stage::route with mdf_network, the
// paper's router on MDF: it saves the call and the reloads of the header, the router and the
// topology on every decode). decode_mdf_valid
// (core/decoding/decoder.h) is the same, out of line, for every other caller. Plain C++.
#pragma once

#include "core/decoding/decoder.h"
#include "core/network/dragonfly.h"

namespace d3 {

/// decode_mdf_valid() of a source vector (core/decoding/mdf_decoder.cpp), out of line: only
/// primitives on MDF launch them.
void decode_mdf_vector(const header& h, const coord& at, decision& d);

/// decode_mdf_valid() of a via header (core/decoding/mdf_decoder.cpp), out of line: only UGAL
/// with --ugal-valiant router launches them.
void decode_mdf_via(const header& h, const coord& at, const topology& t, decision& d);

/// decode_mdf_valid() of a header that is not a destination header: a source vector or a via
/// header (one out-of-line call for both, so that the inline decode of destination headers keeps
/// the one test it had before there were via headers).
void decode_mdf_other(const header& h, const coord& at, const topology& t, decision& d);

/// decode_mdf_valid(h, at, t, d), inline: a header known to be valid on MDF `t` at router `at`.
[[gnu::always_inline]] inline void decode_mdf_valid_inline(const header& h, const coord& at,
                                                           const topology& t, decision& d) {
    // Destination headers (synthetic traffic) pass one compare, as before there were via headers.
    if (h.kind != header_kind::destination) return decode_mdf_other(h, at, t, d);
    const dragonfly* net = t.mdf();
    // A local hop to router `router` of the group: the port is router - p, both in 0..M-1 (an
    // addition where a remainder would divide).
    const auto local_to = [&](int router) {
        const int x = router - at.p;
        set_local_hop(d, x < 0 ? x + t.m() : x, h);
    };
    const int g = at.c;
    const int to = h.f0;
    // Tested in the order of a path's steps, b = 3, 2, 1, 0 (every packet takes them, the
    // deflections at 5 and 4 few): a compare each, where a switch's jump table takes seven
    // instructions in each of the route stages' decodes.
    const std::uint8_t b = h.b;
    if (b == 3) {
        if (g == to) return set_local_hop(d, 0, h);
        return local_to(net->exit_to(g, to).router);
    }
    if (b == 2) {
        if (g == to) return set_decision(d, action::global, 0, true, h);
        const port_end e = net->exit_to(g, to);
        // Only the exit router holds the link: anywhere else the table has no entry.
        if (e.router != at.p) return set_decision(d, action::invalid, 0, false, h);
        return set_decision(d, action::global, e.port, false, h);
    }
    if (b == 1) return local_to(h.f2);
    if (b == 0) return set_decision(d, action::eject, 0, false, h);
    if (b == 5) return set_local_hop(d, h.defl_d, h);
    return set_decision(d, action::global, h.defl_c, false, h);  // b = 4 (a valid header's last)
}

}  // namespace d3
