#include "core/run/packet_event.h"

#include "core/decoding/walk.h"

namespace d3 {

const char* to_string(packet_event_kind k) {
    switch (k) {
        case packet_event_kind::inject:
            return "inject";
        case packet_event_kind::hold:
            return "hold";
        case packet_event_kind::hop:
            return "hop";
        case packet_event_kind::conflict_wait:
            return "conflict-wait";
        case packet_event_kind::deliver:
            return "deliver";
        case packet_event_kind::lost:
            return "lost";
        case packet_event_kind::tail:
            return "tail";
    }
    return "?";
}

std::optional<router_id> header_destination(const topology& t, router_id src, const header& h) {
    if (h.broadcast) return std::nullopt;
    if (h.kind == header_kind::destination || h.kind == header_kind::via) {
        if (!t.is_d3()) return t.header_id(h.f0, h.f1, h.f2);
        return t.id({mod(h.f0, t.k()), mod(h.f1, t.m()), mod(h.f2, t.m())});
    }
    if (h.kind == header_kind::sync) {  // no closed form: follow the decoder
        const walk_result w = walk(t, t.at(src), h);
        if (w.destinations.size() == 1) return w.destinations[0];
        return std::nullopt;
    }
    return t.id(t.destination(t.at(src), {h.f0, h.f1, h.f2}));
}

std::optional<router_id> event_destination(const topology& t, const packet_event& e) {
    if (e.hdr.kind != header_kind::sync || e.hdr.broadcast)
        return header_destination(t, e.src, e.hdr);
    if (e.kind == packet_event_kind::deliver) return e.router;
    coord from = t.at(e.router);
    if (e.kind == packet_event_kind::hop && e.output >= 0)
        from = t.far_end(from, port_of(e.output, t.k())).at;
    const walk_result w = walk(t, from, e.hdr);
    if (w.destinations.size() == 1) return w.destinations[0];
    return std::nullopt;
}

}  // namespace d3
