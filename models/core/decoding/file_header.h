// The headers of a network given as a file or built in memory (issue 48; docs/networks.md,
// "Valiant and UGAL on file networks" and "Routers and diameter"). A header names router r as
// (c', 0, p') = (r / G, 0, r % G), G the network's header group (file_topology::header_group: 1
// up to 256 routers, so c' alone), so that every reader of a destination (the ledger, the packet
// log) takes it as MDF's (c' R + d') M + p' with R = 1 and M = G (topology::header_id).
// - Minimal: a destination header (h; r'), h the route's hops (b is 4 bits in a file network's
//   destination header: bit 43, B elsewhere, is b's bit 3; header.h, kFileMostSteps).
// - Valiant: a via header (h1 + h2; r'; via = I): C names the intermediate router I's group and
//   D its place in the group; b counts the hops still to go over both legs (up to twice the
//   diameter, 5 bits in the packed word: kFileViaMostSteps). The packet heads for I; at I the
//   decoder rewrites the header into the destination header (b; r') (file_second_leg), b being h2
//   there, so b steps down by one on every hop of both legs and the header needs no count of the
//   last leg. A packet that reaches r' on its way to I is delivered there.
// Plain C++.
#pragma once

#include <cstdint>

#include "core/decoding/header.h"

namespace d3 {

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
    header h = make_destination_header(to_via + after, file_header_coord(dst, group), i.c, i.p);
    h.kind = header_kind::via;
    return h;
}
/// The intermediate router of a file network's via header.
inline int file_via_router(const header& h, int group) {
    return file_router(h.defl_c, h.defl_d, group);
}
/// The destination router of a file network's header.
inline int file_destination(const header& h, int group) {
    return file_router(h.f0, h.f2, group);
}
/// A via header's second leg from its intermediate router: the destination header with the same b
/// (the hops still to go, now the last leg's).
inline header file_second_leg(const header& h) {
    header d = h;
    d.kind = header_kind::destination;
    d.defl_c = 0;
    d.defl_d = 0;
    return d;
}

}  // namespace d3
