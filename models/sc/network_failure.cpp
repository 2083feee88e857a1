// network::fail_waiting and network::fail_node: a failure during the run (--fail-links SPEC@T,
// docs/resilience.md, "Failures at a step"). None of it runs without @T.
#include <sstream>

#include "sc/network.h"

namespace d3 {

void network::fail_waiting(
    std::uint64_t t, const std::function<router::waiting_verdict(packet&, router_id, int)>& judge,
    const std::function<void(const packet&, router_id, int)>& lost) {
    for (router_id r = 0; r < topo_.routers(); ++r)
        routers[r].fail_waiting(t, [&](packet& p, int where) {
            const router::waiting_verdict v = judge(p, r, where);
            if (v != router::waiting_verdict::removed) return v;
            if (!ledger_.drop(p.msg)) {
                std::ostringstream os;
                os << "a failure at step " << t << " took packet " << p.serial << " (message "
                   << p.msg << "), which the ledger cannot drop";
                SC_REPORT_ERROR("d3/network", os.str().c_str());
            }
            lost(p, r, where);
            pool_.release(&p);
            return v;
        });
}

void network::fail_node(router_id r, const std::function<void(const launch&)>& dropped) {
    nodes[r].fail(dropped);
}

}  // namespace d3
