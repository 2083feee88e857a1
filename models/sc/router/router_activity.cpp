// The router's activity counts (core/energy/activity.h): what its units counted in the whole run,
// gathered for the power model and the JSON `activity`.
#include "sc/router.h"

namespace d3 {

router_counts router::activity_counts() const {
    router_counts c;
    const router_stats s = stats();
    router_stats b = background_stats();
    b.decodes = 0;  // counted once, in stats()
    router_stats all = s;
    all += b;
    c.decodes = all.decodes;
    c.holds = all.holds;
    c.injected_flits = all.flits_injected;
    if (design_) {
        const int links = ports_;
        const int terminals = cfg_.router.design.terminals;
        c.link_out.resize(static_cast<std::size_t>(links));
        for (int o = 0; o < links; ++o)
            c.link_out[static_cast<std::size_t>(o)] = design_->crossed_out(o);
        for (int p = 0; p < links + 1 + terminals; ++p) {
            c.crossed_in.push_back(design_->crossed_in(p));
            c.crossed_out.push_back(design_->crossed_out(p));
        }
        c.hold_flits = design_->crossed_out(links);
        for (int p = links + 1; p < links + 1 + terminals; ++p)
            c.ejected_flits += design_->crossed_out(p);
        c.buffered_flits = design_->buffered_flits();
        c.sa_requests = all.sa_requests;
        for (std::uint64_t f : c.crossed_out) c.sa_grants += f;  // a grant moves one flit
        c.va_requests = all.va_requests;
        c.va_grants = all.va_grants;
        return c;
    }
    c.link_out.resize(static_cast<std::size_t>(ports_));
    for (int o = 0; o < ports_; ++o)
        c.link_out[static_cast<std::size_t>(o)] = out_unit_->link_flits(o);
    const bool flits = cfg_.router.packet_length > 1;
    c.ejected_flits = flits ? all.flits_ejected : all.ejected;
    c.hold_flits = all.holds + all.hold_extra_flits;
    c.buffered_flits = occupancy() * static_cast<std::uint64_t>(cfg_.router.packet_length);
    c.replications = replicate_->copies();
    c.sa_grants = all.hops;
    c.sa_requests = all.hops + all.waits + all.blocked;
    return c;
}

}  // namespace d3
