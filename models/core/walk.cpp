#include "core/walk.h"

#include <utility>

#include "core/decoder.h"

namespace d3 {

walk_result walk(const topology& t, const coord& src, const header& h) {
    walk_result r;
    walk(t, src, h, r);
    return r;
}

void walk(const topology& t, const coord& src, const header& h, walk_result& r) {
    r.destinations.clear();
    r.hops = r.holds = 0;
    r.steps = 0;
    r.error.clear();
    // Unicast headers, the common case, walk without allocating.
    if (!h.broadcast) {
        coord at = src;
        header hdr = h;
        for (int step = 0; step <= 8; ++step) {
            const decision d = decode(hdr, at, t);
            if (d.act == action::eject) {
                r.destinations.push_back(t.id(at));
                return;
            }
            if (d.act != action::local && d.act != action::global) break;
            if (!d.hold)
                at = d.act == action::local ? t.local_neighbor(at, d.port)
                                            : t.global_neighbor(at, d.port);
            (d.hold ? r.holds : r.hops) += 1;
            r.steps = step + 1;
            hdr = d.next;
        }
        r.error = "invalid header " + to_string(h);
        return;
    }
    std::vector<std::pair<coord, header>> now{{src, h}};
    std::vector<std::pair<coord, header>> next;
    for (int step = 0; !now.empty(); ++step) {
        if (step > 8) {
            r.error = "path longer than 8 steps";
            return;
        }
        next.clear();
        bool moved = false;
        for (const auto& [at, hdr] : now) {
            const decision d = decode(hdr, at, t);
            switch (d.act) {
                case action::invalid:
                    r.error = "invalid header " + to_string(hdr);
                    return;
                case action::eject:
                    r.destinations.push_back(t.id(at));
                    break;
                case action::local:
                    next.emplace_back(t.local_neighbor(at, d.port), d.next);
                    (d.hold ? r.holds : r.hops) += 1;
                    moved = true;
                    break;
                case action::global:
                    next.emplace_back(d.hold ? at : t.global_neighbor(at, d.port), d.next);
                    (d.hold ? r.holds : r.hops) += 1;
                    moved = true;
                    break;
                case action::broadcast_local:
                    for (int x = 0; x < t.m(); ++x)
                        next.emplace_back(t.local_neighbor(at, x), d.next);
                    r.hops += static_cast<std::uint64_t>(t.m() - 1);
                    r.holds += 1;
                    moved = true;
                    break;
                case action::broadcast_global:
                    for (int a = 0; a < t.k(); ++a) {
                        const bool hold = a == 0 && d.hold;
                        next.emplace_back(hold ? at : t.global_neighbor(at, a), d.next);
                        (hold ? r.holds : r.hops) += 1;
                    }
                    moved = true;
                    break;
            }
        }
        if (moved) r.steps = step + 1;
        std::swap(now, next);
    }
}

}  // namespace d3
