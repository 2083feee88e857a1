#include "paper/programs/broadcast_split.h"

#include "core/decoding/walk.h"

namespace d3 {

namespace {

// The one destination of unicast `h` from `src`.
router_id destination_of(const topology& t, const coord& src, const header& h, walk_result& w) {
    walk(t, src, h, w);
    return w.destinations.at(0);
}

// The copies of slice `gamma` (every one when b < 2: no global level to slice by) one branch at a
// time: section 8's source vector (0, b; gamma, pi, delta) takes the tree's links to its copy.
void split_slice(const topology& t, const link_faults& f, const coord& src, int b, int gamma,
                 broadcast_split& out, walk_result& w) {
    const int locals_first = b >= 3 ? t.m() : 1;
    for (int delta = 0; delta < locals_first; ++delta)
        for (int pi = 0; pi < t.m(); ++pi) {
            const header branch = make_source_vector_header(false, b, {gamma, pi, delta});
            const router_id dst = destination_of(t, src, branch, w);
            if (route_crosses_failure(t, f, src, branch)) {
                out.cuts.push_back({dst, branch});
                continue;
            }
            out.launched.push_back(branch);
            out.on_tree.push_back(dst);
        }
}

}  // namespace

broadcast_split split_broadcast(const topology& t, const link_faults& f, const coord& src,
                                const header& h) {
    broadcast_split out;
    walk_result w;
    const bool sliceable = t.is_d3() && h.kind == header_kind::source_vector && h.broadcast &&
                           h.b >= 1 && h.f0 == 0 && h.f1 == 0 && h.f2 == 0;
    if (!sliceable) {
        walk(t, src, h, w);
        for (router_id dst : w.destinations) out.cuts.push_back({dst, std::nullopt});
        return out;
    }
    if (h.b < 2) {
        split_slice(t, f, src, h.b, 0, out, w);
        return out;
    }
    for (int gamma = 0; gamma < t.k(); ++gamma) {
        const header slice = make_sync_header(true, h.b, gamma, 0, 0);
        if (route_crosses_failure(t, f, src, slice)) {
            split_slice(t, f, src, h.b, gamma, out, w);
            continue;
        }
        walk(t, src, slice, w);
        out.launched.push_back(slice);
        out.slices.push_back(gamma);
        out.on_tree.insert(out.on_tree.end(), w.destinations.begin(), w.destinations.end());
    }
    return out;
}

}  // namespace d3
