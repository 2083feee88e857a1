// Which virtual channels a packet may take at the next input (core/vc_router): one, fixed by the
// sync counter (the paper's static VCs, core/decoding/vc.h), or any of its class's when VCs are
// allocated dynamically. Plain C++.
//
// Deadlock freedom with dynamic VCs: by phase, class c holds the packets that crossed c global
// links (capped at the last class). On l-g-l paths (minimal: 2 classes) and l-g-l-g-l paths
// (Valiant, UGAL: 3 classes) a packet moves within a class only over local links and holds, at
// most one local hop between two global ones, and the classes only rise, so no cycle of
// channel dependencies closes (Dally and Towles 14.1; BookSim2's dragonflynew assigns its VCs the
// same way). By sync counter, class vc_of(b) steps down every hop, as the static VCs do. By the
// global links still to take (b / 2: a destination header's l-g-l and l-g-l-g-l steps, holds
// included), the class rises at each global hop and nowhere else: BookSim2's assignment, whose
// UGAL puts packets routed minimally in the middle class. A via header (--ugal-valiant router)
// takes BookSim2's classes too: the first up to its intermediate router (l-g-l), the middle from
// there to the global hop, the last after it. Like BookSim2's, that assignment lets a local
// channel of the first class hold hops of both groups' legs, so its deadlock freedom rests on the
// buffers (docs/booksim-equivalence.md); sync classes keep the counter's.
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

/// Whether every class of `s` is one VC (the static VCs fixed by b, or as many classes as VCs):
/// a head asks for one output VC at most.
inline bool one_vc_per_class(const vc_router_setup& s) {
    return s.static_vcs() || s.class_count == s.vcs;
}

/// The VCs a packet may take at the next input, worked out from the setup once (a router asks
/// per head).
class vc_class_map {
  public:
    explicit vc_class_map(const vc_router_setup& s)
        : static_(s.static_vcs()),
          kind_(s.classes),
          vcs_(s.vcs),
          classes_(s.class_count),
          last_(classes_ - 1),
          by_phase_(!static_ && kind_ == vc_class_kind::phase && classes_ >= 1 &&
                    classes_ <= kMaxClasses) {
        for (int c = 0; c < classes_ && c < kMaxClasses; ++c) ranges_[c] = range_of(c);
    }

    /// For a packet with `globals` global links crossed and header `after` (both after the hop).
    vc_range next(int globals, const header& after) const {
        // Classes by phase, each worked out once (the default): the one kind tested per head.
        if (by_phase_)
            return ranges_[after.kind == header_kind::via ? 0 : globals < last_ ? globals : last_];
        return next_by_kind(globals, after);
    }
    bool fixed() const { return static_; }

  private:
    static constexpr int kMaxClasses = 4;  ///< classes whose VCs are worked out once

    /// next() of any kind.
    vc_range next_by_kind(int globals, const header& after) const {
        const int b = after.b;
        if (static_) return {vc_of(b, vcs_), 1};
        const int last = classes_ - 1;
        // A via header's leg to its intermediate router (l-g-l) is the first class, by phase or
        // by the globals still to take: BookSim2's phase 0 (see the top).
        const bool via_leg = after.kind == header_kind::via && kind_ != vc_class_kind::sync;
        const int c = via_leg                         ? 0
                      : kind_ == vc_class_kind::phase ? (globals < last ? globals : last)
                      : kind_ == vc_class_kind::sync  ? vc_of(b, classes_)
                                                      : last - (b / 2 < last ? b / 2 : last);
        return c < kMaxClasses ? ranges_[c] : range_of(c);
    }

    /// The VCs of class `c`: the VCs split evenly among the classes.
    vc_range range_of(int c) const {
        const int first = c * vcs_ / classes_;
        return {first, (c + 1) * vcs_ / classes_ - first};
    }

    bool static_;
    vc_class_kind kind_;
    int vcs_, classes_;
    int last_;                      ///< the last class
    bool by_phase_;                 ///< dynamic VCs, classes by phase, at most kMaxClasses of them
    vc_range ranges_[kMaxClasses];  ///< per class c < kMaxClasses: its VCs
};

}  // namespace d3
