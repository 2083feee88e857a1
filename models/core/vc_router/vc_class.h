// Which virtual channels a packet may take at the next input (core/vc_router): one, fixed by the
// sync counter (the paper's static VCs, core/decoding/vc.h), or any of its class's when VCs are
// allocated dynamically. Plain C++.
//
// Deadlock freedom with dynamic VCs: by phase, class c holds the packets that crossed c global
// links (capped at the last class). On l-g-l paths (minimal: 2 classes) and l-g-l-g-l paths
// (Valiant, UGAL: 3 classes) a packet moves within a class only over local links and holds, at
// most one local hop between two global ones, and the classes only rise, so no cycle of
// channel dependencies closes (Dally and Towles 14.1; BookSim2's dragonflynew assigns its VCs the
// same way). By sync counter, class vc_of(b) steps down every hop, as the static VCs do.
#pragma once

#include "core/decoding/vc.h"
#include "core/run/packet.h"
#include "core/vc_router/vc_router_setup.h"

namespace d3 {

/// VCs [first, first + count) of an input port.
struct vc_range {
    int first = 0;
    int count = 1;
};

/// The VCs a packet with `globals` global links crossed so far and sync counter `b` (both after
/// the hop) may take at the next input.
inline vc_range next_vcs(const vc_router_setup& s, int globals, int b) {
    if (s.static_vcs()) return {vc_of(b, s.vcs), 1};
    const int c = s.classes == vc_class_kind::phase
                      ? (globals < s.class_count ? globals : s.class_count - 1)
                      : vc_of(b, s.class_count);
    const int first = c * s.vcs / s.class_count;
    return {first, (c + 1) * s.vcs / s.class_count - first};
}

}  // namespace d3
