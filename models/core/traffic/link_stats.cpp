#include "core/traffic/link_stats.h"

#include <sstream>

namespace d3 {

link_stats::link_stats(const topology& t, std::uint64_t from, std::uint64_t to, link_observer* next)
    : observer_chain(next),
      t_(t),
      from_(from),
      to_(to),
      ports_(t.link_ports()),
      c_(static_cast<std::size_t>(t.routers()) * static_cast<std::size_t>(t.link_ports())) {}

void link_stats::on_link(const link_event& e) {
    observer_chain::on_link(e);
    if (e.step < from_ || e.step >= to_) return;
    counts& c = c_[static_cast<std::size_t>(e.router) * static_cast<std::size_t>(ports_) + e.port];
    c.packets += e.packets;
    c.flits += e.flits;
    if (!e.sent && e.requesters > 0) ++c.stalls;
    if (e.requesters > 1) ++c.conflicts;
}

std::string link_stats::csv() const {
    std::ostringstream f;
    f << "router,c,d,p,kind,port,to_router,to_c,to_d,to_p,packets,flits,utilization,stall_steps,"
         "conflict_steps\n";
    const double steps = static_cast<double>(to_ - from_);
    for (router_id r = 0; r < t_.routers(); ++r) {
        const coord here = t_.at(r);
        for (int o = 0; o < ports_; ++o) {
            const port_ref p = port_of(o, t_.k());
            const coord far = t_.far_end(here, p).at;
            const counts& c = at(r, o);
            f << r << ',' << here.c << ',' << here.d << ',' << here.p << ','
              << (p.global && t_.global_loops(here, p.port) ? "hold"
                  : p.global                                ? "global"
                                                            : "local")
              << ',' << p.port << ',' << t_.id(far) << ',' << far.c << ',' << far.d << ',' << far.p
              << ',' << c.packets << ',' << c.flits << ','
              << (steps > 0 ? static_cast<double>(c.flits) / steps : 0.0) << ',' << c.stalls << ','
              << c.conflicts << '\n';
        }
    }
    return f.str();
}

}  // namespace d3
