// The reference decoder of a network given as a file (core/network/file_topology.h, issue 48):
// a destination header names the destination router r' (in c' and p', core/decoding/file_header.h);
// at r' the packet is
// delivered, anywhere else it leaves on the port the minimal routing table gives for the router
// it heads for (r', or a Valiant route's intermediate router first, whose header becomes a
// destination header there: file_second_leg, core/decoding/file_header.h;
// core/network/graphs/minimal_routes.h, the lowest-numbered port of a shortest path). The node
// launches it with b = the route's hops, so b on arrival is the hops still to go: every hop steps
// it down by one, and the virtual channel it selects (core/decoding/vc.h) is the distance class of
// the hop (docs/networks.md, "Deadlock freedom"). Inline for the route stage of the paper's router
// on a file network (route_stage::route with file_network). Plain C++.
#pragma once

#include "core/decoding/decoder.h"
#include "core/decoding/file_header.h"
#include "core/network/file_topology.h"

namespace d3 {

/// decode_file_valid(h, at, t, d), inline: a destination header known to be valid on the file
/// network `t` at its router `at`.
[[gnu::always_inline]] inline void decode_file_valid_inline(const header& h, const coord& at,
                                                            const topology& t, decision& d) {
    const int g = t.header_group();
    const int dst = file_destination(h, g);
    if (at.c == dst) return set_decision(d, action::eject, 0, false, h);
    const auto here = static_cast<std::uint32_t>(at.c);
    const auto port = [&](int to) {
        return static_cast<int>(t.file()->routes().port(here, static_cast<std::uint32_t>(to)));
    };
    if (h.kind != header_kind::via) return set_decision(d, action::global, port(dst), false, h);
    const int via = file_via_router(h, g);
    if (at.c != via) return set_decision(d, action::global, port(via), false, h);
    set_decision(d, action::global, port(dst), false, file_second_leg(h));  // at I: the last leg
}

}  // namespace d3
