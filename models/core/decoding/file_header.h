// The headers of a network given as a file or built in memory (issue 48; docs/networks.md,
// "Valiant and UGAL on file networks" and "Routers and diameter"). A header names router r as
// (c', 0, p') = (r / G, 0, r % G), G the network's header group (file_topology::header_group: 1
// up to 256 routers, so c' alone), so that every reader of a destination (the ledger, the packet
// log) takes it as MDF's (c' R + d') M + p' with R = 1 and M = G (topology::header_id).
// - Minimal: a destination header (h; r'), h the route's hops (b is 4 bits in a file network's
//   destination and via headers: bit 43, B elsewhere, is b's bit 3; header.h, kFileMostSteps).
// - Valiant: a via header (h1 + h2; r'; via = (I, h2)): C names the intermediate router I's group
//   and D holds h2, the hops from I to r', in its low 3 bits and I's place in its group above
//   them (h2 is at most the diameter, and two legs fit b's 4 bits only up to a diameter of 7); the
//   packet heads for I while b > h2 and for r' after, so b counts the hops still to go on both
//   phases and steps down by one on every hop. A packet that reaches r' on its way to I is
//   delivered there.
// Plain C++.
#pragma once

#include <cstdint>

#include "core/decoding/header.h"

namespace d3 {

/// D's low bits in a file network's via header: the hops after the intermediate router.
inline constexpr unsigned kFileAfterBits = 3;
// A Valiant route's last leg is at most the diameter, and both legs are at most b's most.
static_assert(kFileMostSteps / 2 < (1 << kFileAfterBits), "D's low bits hold the last leg");

/// Router r of a file network whose header group is `group` as a header names it.
inline coord file_header_coord(int r, int group) {
    return {r / group, 0, r % group};
}
/// The router a file network's header names in (c', p').
inline int file_router(int c, int p, int group) {
    return c * group + p;
}

/// A file network's minimal header: to `dst`, `hops` hops.
inline header make_file_destination_header(int hops, int dst, int group) {
    return make_destination_header(hops, file_header_coord(dst, group));
}

/// Valiant's header on a file network: to `dst` through router `via`, `to_via` hops to it and
/// `after` hops from it to dst.
inline header make_file_via_header(int dst, int via, int to_via, int after, int group) {
    const coord i = file_header_coord(via, group);
    header h = make_destination_header(to_via + after, file_header_coord(dst, group), i.c,
                                       after | (i.p << kFileAfterBits));
    h.kind = header_kind::via;
    return h;
}
/// The hops a file network's via header takes after its intermediate router.
inline int file_hops_after(const header& h) {
    return h.defl_d & ((1 << kFileAfterBits) - 1);
}
/// The intermediate router of a file network's via header.
inline int file_via_router(const header& h, int group) {
    return file_router(h.defl_c, h.defl_d >> kFileAfterBits, group);
}
/// The destination router of a file network's header.
inline int file_destination(const header& h, int group) {
    return file_router(h.f0, h.f2, group);
}

/// The router a file network's header heads for at b = h.b: the intermediate router while the
/// hops still to go exceed its last leg's, else the destination.
inline int file_target(const header& h, int group) {
    return h.kind == header_kind::via && h.b > file_hops_after(h) ? file_via_router(h, group)
                                                                  : file_destination(h, group);
}

}  // namespace d3
