// Crossbar: switch traversal. A packet that won its link output in the switch allocation, or the
// room of the node or of the hold stage (which take packets without arbitration), crosses here:
// the replicator gives it its copy and next header, then the output unit sends it on its link in
// the channel the VC allocation unit chose, or ejects it to the node; or the hold stage takes it
// in. The probe is told (the packet log, the switch's pipeline stages).
//
// The crossbar keeps no state of its own: it is a view of the router's units that the router's step
// makes where a packet crosses (router::crossing). Made there, from the router's own members, its
// references are the router's addresses after inlining, so that the channel and credit count the
// switch allocator's credit test worked out are reused here rather than loaded and worked out
// again, as they are not when the crossbar is a member holding references (docs/performance.md,
// issue 43 item 1).
#pragma once

#include <cstdint>

#include "core/router/static_vc_allocation.h"
#include "core/router/step_traits.h"
#include "core/run/stats.h"
#include "sc/router/entry.h"
#include "sc/router/hold_stage.h"
#include "sc/router/output_unit.h"
#include "sc/router/replicator.h"
#include "sc/router/router_probe.h"

namespace d3 {

class crossbar {
  public:
    struct setup {
        replicator& copies;
        output_unit& outputs;
        hold_stage& hold;
        const static_vc_allocation& vcs;
        const router_probe& probe;
        router_stats& stats;
        router_stats& background;  ///< background packets' holds (--background)
    };
    explicit crossbar(const setup& s) : s_(s) {}

    /// Moves request `r`'s packet (or its copy) to `to` in step `t`; returns what crossed.
    /// Always inline: the router inlines it into the switch allocator's grant, and a call per
    /// granted packet saved and restored the router's registers. `Step`: what the caller's step
    /// handles (core/router/step_traits.h).
    template <typename Step = any_step>
    [[gnu::always_inline]] packet* traverse(const request& r, target to, std::uint64_t t) {
        entry& e = *r.e;
        if (e.broadcast()) e.stalled = false;  // a unicast served is done (entry::stalled)
        // A link's channel and credit count downstream, from the next header before take()
        // writes it into the packet (the allocator's credit test has just worked them out; GCC
        // keeps them).
        const int vc = is_link(to) ? s_.vcs.channel<Step>(e.pkt->service, e.dec.next.b) : 0;
        output_unit::credit_count_t* const credit =
            is_link(to) ? &s_.outputs.credit_count(to, vc) : nullptr;
        packet* p = s_.copies.take(e, to, t);
        if (Step::observed && s_.probe.on()) s_.probe.switched(*p, t, r.source, to);
        if (to == kEjectTarget) {
            s_.outputs.eject<Step>(p);
        } else if (to == kHoldTarget) {
            router_stats& held = Step::background && p->background ? s_.background : s_.stats;
            ++held.holds;
            if (Step::flits) held.hold_extra_flits += static_cast<std::uint64_t>(p->flits - 1);
            s_.hold.admit<Step>(p, t, e.dec.act);
        } else {
            s_.outputs.send<Step>(*credit, to, vc, p, t);
        }
        return p;
    }

  private:
    setup s_;
};

}  // namespace d3
