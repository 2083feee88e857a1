// The header decoder of the comparison network MDF(K,M) (section 11), with the same destination
// header and sync counter as D3's section 10, so that the routers, virtual channels and launch
// routing are shared. A router (g, r) reads two tables built from the wiring (dragonfly::exit_to):
// for each destination group g', the local port to the router of g that holds the global link to
// g', and that link's global port.
//   b = 5  local port D            (deflection: to router r+D of the group)
//   b = 4  global port C           (deflection: to the group behind C; every MDF port is a link)
//   b = 3  local to the exit router of g towards g'   (hold when g = g' or r is the exit router)
//   b = 2  global on the exit port towards g'         (hold when g = g')
//   b = 1  local to router p' of the group            (hold when r = p')
//   b = 0  eject
// Global port 0 is a link like any other: unlike D3's fixed points it never means "hold", so an
// MDF hold is signalled by decision::hold alone.
// Source vectors (B, b; gamma, pi, delta) (issue 14) read as on D3 with no fixed points: b = 3
// local delta, b = 2 global gamma (always a link), b = 1 local pi. With B = 1 every router copies
// out of all local (b = 3, 1) or all global (b = 2) ports; at b = 2 router 0 of the group also
// keeps a copy (D3's fixed-point rule d = p read with MDF's d = 0), so that the source group is
// covered exactly once, as D3's drawer is by its fixed point. The destination headers' rules are
// decode_mdf_valid_inline in core/decoding/mdf_decoder.h, which the route stage inlines.
// Via headers (b; c', 0, p') through router D of group C (BookSim2's Valiant leg, issue 43):
//   b = 6  local to the exit router of g towards C   (hold when g = C or r is the exit router)
//   b = 5  global on the exit port towards C          (hold when g = C)
//   b = 4  local to router D of the group             (hold when r = D)
//   b = 3..0 as the destination header (3; c', 0, p'), which the b = 3 step's next header is.
// Plain C++.
#include "core/decoding/mdf_decoder.h"

namespace d3 {

void decode_mdf_vector(const header& h, const coord& at, decision& d) {
    if (h.b == 0) return set_decision(d, action::eject, 0, false, h);
    if (h.broadcast) {
        if (h.b == 2) return set_decision(d, action::broadcast_global, 0, at.p == 0, h);
        return set_decision(d, action::broadcast_local, 0, true, h);
    }
    switch (h.b) {
        case 3:
            return set_local_hop(d, h.delta(), h);
        case 2:
            return set_decision(d, action::global, h.gamma(), false, h);
        default:
            return set_local_hop(d, h.pi(), h);
    }
}

void decode_mdf_via(const header& h, const coord& at, const topology& t, decision& d) {
    if (h.b <= 3) {  // the leg to the destination: a destination header from here
        header rest = make_destination_header(h.b, {h.f0, h.f1, h.f2});
        return decode_mdf_valid_inline(rest, at, t, d);
    }
    // b = 6, 5, 4 read C and D as b = 3, 2, 1 read the destination: the same table walk.
    header leg = make_destination_header(h.b - 3, {h.defl_c, 0, h.defl_d});
    decode_mdf_valid_inline(leg, at, t, d);
    if (d.act == action::invalid) return set_decision(d, action::invalid, 0, false, h);
    d.next = h;
    d.next.b = static_cast<std::uint8_t>(h.b - 1);
}

void decode_mdf_other(const header& h, const coord& at, const topology& t, decision& d) {
    if (h.kind == header_kind::source_vector) return decode_mdf_vector(h, at, d);
    return decode_mdf_via(h, at, t, d);  // a valid header on MDF: no sync
}

void decode_mdf_valid(const header& h, const coord& at, const topology& t, decision& d) {
    decode_mdf_valid_inline(h, at, t, d);
}

decision decode_mdf_valid(const header& h, const coord& at, const topology& t) {
    decision d;
    decode_mdf_valid(h, at, t, d);
    return d;
}

}  // namespace d3
