#include "tb/activity_report.h"

namespace d3 {

crossbar_layout layout_of(const network& net) {
    const network_config& c = net.config();
    crossbar_layout l;
    l.terminals = c.router.design.terminals;
    l.local = net.topo().m() - 1;
    l.global = net.topo().k();
    return l;
}

network_activity gather_activity(const network& net) {
    std::vector<router_counts> counts;
    counts.reserve(net.routers.size());
    for (const router& r : net.routers) counts.push_back(r.activity_counts());
    // The cycles the counts cover: up to the last delivery (the watchdog's timers run on after it).
    return work_out_activity(net.topo(), counts, layout_of(net), net.last_delivery() + 1);
}

}  // namespace d3
