// The headers of a network given as a file or built in memory (issue 48; docs/networks.md,
// "Valiant and UGAL on file networks"). The destination router is c' (f0); d' and p' are 0, so
// that every reader of a destination (the ledger, the packet log) takes it as on MDF.
// - Minimal: a destination header (h; r', 0, 0), h the route's hops.
// - Valiant: a via header (h1 + h2; r', 0, 0; via = (I, h2)): C names the intermediate router I
//   and D the hops h2 from I to r'; the packet heads for I while b > h2 and for r' after, so b
//   counts the hops still to go on both phases and steps down by one on every hop. A packet that
//   reaches r' on its way to I is delivered there.
// Plain C++.
#pragma once

#include <cstdint>

#include "core/decoding/header.h"

namespace d3 {

/// Valiant's header on a file network: to `dst` through router `via`, `to_via` hops to it and
/// `after` hops from it to dst.
inline header make_file_via_header(int dst, int via, int to_via, int after) {
    header h = make_destination_header(to_via + after, {dst, 0, 0}, via, after);
    h.kind = header_kind::via;
    return h;
}

/// The router a file network's header heads for at b = h.b: the intermediate router while the
/// hops still to go exceed its last leg's, else the destination.
inline int file_target(const header& h) {
    return h.kind == header_kind::via && h.b > h.defl_d ? h.defl_c : h.f0;
}

}  // namespace d3
