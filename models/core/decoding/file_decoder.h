// The reference decoder of a network given as a file (core/network/file_topology.h, issue 48):
// a destination header names the destination router r' (in c' and p', core/decoding/file_header.h);
// at r' the packet is
// delivered, anywhere else it leaves on the port the minimal routing table gives for the router
// it heads for (file_target: r', or a Valiant route's intermediate router first,
// core/decoding/file_header.h; core/network/graphs/minimal_routes.h, the lowest-numbered port of a
// shortest path). The node launches it with b = the route's hops, so b on arrival is the hops
// still to go: every hop steps it down by one, and the virtual channel it selects
// (core/decoding/vc.h) is the distance class of the hop (docs/networks.md, "Deadlock freedom").
// Inline for the route stage of the paper's router on a file network (route_stage::route with
// file_network). Plain C++.
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
    if (at.c == file_destination(h, g)) return set_decision(d, action::eject, 0, false, h);
    const auto here = static_cast<std::uint32_t>(at.c);
    const auto to = static_cast<std::uint32_t>(file_target(h, g));
    set_decision(d, action::global, static_cast<int>(t.file()->routes().port(here, to)), false, h);
}

}  // namespace d3
