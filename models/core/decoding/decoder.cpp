#include "core/decoding/decoder.h"

namespace d3 {

const char* to_string(action a) {
    switch (a) {
        case action::local:
            return "local";
        case action::global:
            return "global";
        case action::eject:
            return "eject";
        case action::broadcast_local:
            return "broadcast_local";
        case action::broadcast_global:
            return "broadcast_global";
        case action::invalid:
            return "invalid";
    }
    return "?";
}

std::string to_string(const decision& d) {
    return std::string(to_string(d.act)) + " port " + std::to_string(d.port) +
           (d.hold ? " hold" : "") + " next " + to_string(d.next);
}

namespace {

constexpr auto make = make_decision;

// The synchronizing header (issue 14): b even uses global port gamma and sets it to 0; b odd uses
// the first local port (f2) and replaces it by the second (f1). With B = 1 (a depth-four tree
// after one delegation hop): b = 5 the first local port, b = 4 all global ports, b = 3 and 1 all
// local ports, b = 2 global port gamma.
decision decode_sync(const header& h, const coord& at) {
    if (h.b == 0) return make(action::eject, 0, false, h);
    const bool even = h.b % 2 == 0;
    decision d;
    if (h.broadcast && h.b == 4)
        d = make(action::broadcast_global, 0, topology::is_fixed_point(at), h);
    else if (h.broadcast && (h.b == 3 || h.b == 1))
        d = make(action::broadcast_local, 0, true, h);
    else
        d = even ? global_hop(h.f0, at, h) : local_hop(h.f2, h);
    if (even)
        d.next.f0 = 0;
    else
        d.next.f2 = h.f1;
    return d;
}

// Section 10's tables: local x = row - column mod M, global y = row - column mod K, with the row
// taken from the destination and the column from the location (the router holding the packet).
decision decode_destination(const header& h, const coord& at, int k, int m) {
    switch (h.b) {
        case 0:
            return make(action::eject, 0, false, h);
        case 5:
            return local_hop(h.defl_d, h);
        case 4:
            return global_hop(h.defl_c, at, h);
        case 3:
            return local_hop(mod(h.f1 - at.p, m), h);  // (d', p) local
        case 2:
            return global_hop(mod(h.f0 - at.c, k), at, h);  // (c', c) global
        default:
            return local_hop(mod(h.f2 - at.p, m), h);  // (p', d) local
    }
}

}  // namespace

decision decode_valid_other(const header& h, const coord& at, int k, int m) {
    if (h.kind == header_kind::sync) return decode_sync(h, at);
    return decode_destination(h, at, k, m);
}

}  // namespace d3
