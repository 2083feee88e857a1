#include "core/traffic/failure_at_step.h"

#include "core/decoding/walk.h"
#include "core/run/packet_event.h"

namespace d3 {

const char* to_string(failure_fate f) {
    switch (f) {
        case failure_fate::stays:
            return "stays";
        case failure_fate::rerouted:
            return "rerouted";
        case failure_fate::on_failed_link:
            return "on a failed link";
        case failure_fate::in_failed_router:
            return "in a failed router";
        case failure_fate::no_route:
            return "no route";
        case failure_fate::no_descending_detour:
            return "no descending detour";
    }
    return "?";
}

std::optional<router_id> waiting_destination(const topology& t, router_id at, const header& h) {
    if (h.broadcast) return std::nullopt;
    if (h.kind == header_kind::destination || h.kind == header_kind::via)
        return header_destination(t, at, h);
    const walk_result w = walk(t, t.at(at), h);
    if (w.destinations.size() == 1) return w.destinations[0];
    return std::nullopt;
}

namespace {
// Calls f(from, header) for each copy a broadcast waiting at `w` with header `h` still sends:
// w.copies_left's (a link's copy starts at its far end, the hold stage's stays), else `h` itself.
template <typename F>
void for_each_copy_left(const topology& t, const waiting_place& w, const header& h, F f) {
    const coord at = t.at(w.at);
    if (!w.copies_left) return f(at, h, -1);
    for (const auto& [to, next] : *w.copies_left) {
        if (to >= 0)
            f(t.far_end(at, port_of(to, t.k())).at, next, to);
        else if (to == waiting_place::kHeld)
            f(at, next, to);
        else
            f(at, header{}, to);  // its delivery here
    }
}
}  // namespace

std::vector<router_id> waiting_broadcast_destinations(const topology& t, const waiting_place& w,
                                                      const header& h) {
    std::vector<router_id> out;
    walk_result r;
    for_each_copy_left(t, w, h, [&](const coord& from, const header& x, int to) {
        if (to == waiting_place::kDelivered) return out.push_back(w.at);
        walk(t, from, x, r);
        out.insert(out.end(), r.destinations.begin(), r.destinations.end());
    });
    return out;
}

bool detour_descends(const waiting_place& w, const header& h, const header& d) {
    return w.input == waiting_place::kInjected || (w.channels_by_b && d.b < h.b + 1);
}

failure_outcome fate_at_failure(const topology& t, const link_faults& f,
                                const detour_finder& detours, const waiting_place& w,
                                const header& h, std::uint64_t spread) {
    failure_outcome out;
    out.hdr = h;
    if (f.router_failed(w.at)) {
        out.fate = failure_fate::in_failed_router;
        return out;
    }
    if (w.input >= 0 && f.failed(w.at, w.input)) {  // input port i is the cable of output i
        out.fate = failure_fate::on_failed_link;
        return out;
    }
    const coord at = t.at(w.at);
    if (h.broadcast) {  // no detour carries a tree: lost when what is left of it crosses a failure
        bool crosses = false;
        for_each_copy_left(t, w, h, [&](const coord& from, const header& x, int to) {
            if (to == waiting_place::kDelivered) return;
            crosses =
                crosses || (to >= 0 && f.failed(w.at, to)) || route_crosses_failure(t, f, from, x);
        });
        if (crosses) out.fate = failure_fate::no_route;
        return out;
    }
    if (!route_crosses_failure(t, f, at, h)) return out;
    const std::optional<router_id> dst = waiting_destination(t, w.at, h);
    if (dst && !f.router_failed(*dst) && detours.size() != 0)
        if (const std::optional<header> d =
                detours.around(at, t.at(*dst), static_cast<std::size_t>(spread % detours.size()))) {
            out.fate = detour_descends(w, h, *d) ? failure_fate::rerouted
                                                 : failure_fate::no_descending_detour;
            if (out.fate == failure_fate::rerouted) out.hdr = *d;
            return out;
        }
    out.fate = failure_fate::no_route;
    return out;
}

}  // namespace d3
