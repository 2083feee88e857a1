#include "core/decoding/walk.h"

#include <utility>

#include "core/decoding/decoder.h"
#include "core/decoding/expand.h"

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
            // The first step checks the header; its next headers are valid again (decode_valid).
            const decision d = step == 0 ? decode(hdr, at, t) : decode_valid(hdr, at, t);
            hop next;
            if (!expand_unicast(d, at, t, next)) break;
            if (next.to == kEjectTarget) {
                r.destinations.push_back(t.id(at));
                return;
            }
            (next.to == kHoldTarget ? r.holds : r.hops) += 1;
            r.steps = step + 1;
            at = next.at;
            hdr = d.next;
        }
        r.error = "invalid header " + to_string(h);
        return;
    }
    std::vector<std::pair<coord, header>> now{{src, h}};
    std::vector<std::pair<coord, header>> next;
    std::vector<hop> hops;
    for (int step = 0; !now.empty(); ++step) {
        if (step > 8) {
            r.error = "path longer than 8 steps";
            return;
        }
        next.clear();
        bool moved = false;
        for (const auto& [at, hdr] : now) {
            const decision d = step == 0 ? decode(hdr, at, t) : decode_valid(hdr, at, t);
            if (!expand(d, at, t, hops)) {
                r.error = "invalid header " + to_string(hdr);
                return;
            }
            for (const hop& x : hops) {
                if (x.to == kEjectTarget) {
                    r.destinations.push_back(t.id(at));
                    continue;
                }
                (x.to == kHoldTarget ? r.holds : r.hops) += 1;
                next.emplace_back(x.at, d.next);
                moved = true;
            }
        }
        if (moved) r.steps = step + 1;
        std::swap(now, next);
    }
}

}  // namespace d3
