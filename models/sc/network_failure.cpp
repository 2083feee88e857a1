// network::fail_waiting and network::fail_node: a failure during the run (--fail-links SPEC@T,
// docs/resilience.md, "Failures at a step"). None of it runs without @T.
#include <sstream>
#include <unordered_set>

#include "sc/network.h"

namespace d3 {

void network::fail_waiting(std::uint64_t t, const waiting_judge& judge, const waiting_lost& lost) {
    for (router_id r = 0; r < topo_.routers(); ++r)
        routers[r].fail_waiting(t, [&](packet& p, int where, int vc) {
            const waiting_place w{r, where, vc};
            const router::waiting_verdict v = judge(p, w);
            if (v != router::waiting_verdict::removed) return v;
            if (!ledger_.drop(p.msg)) {
                std::ostringstream os;
                os << "a failure at step " << t << " took packet " << p.serial << " (message "
                   << p.msg << "), which the ledger cannot drop";
                SC_REPORT_ERROR("d3/network", os.str().c_str());
            }
            lost(p, w);
            pool_.release(&p);
            return v;
        });
}

std::unordered_set<std::uint64_t> network::tails_on_failed_cables(const link_faults& f,
                                                                  std::uint64_t t) const {
    std::unordered_set<std::uint64_t> out;
    if (config().router.packet_length == 1) return out;
    for (router_id r = 0; r < topo_.routers(); ++r)
        for (int o = 0; o < topo_.link_ports(); ++o)
            if (f.failed(r, o))
                for (const std::uint64_t s : routers[r].tails_on(o, t)) out.insert(s);
    return out;
}

void network::fail_node(router_id r, const std::function<void(const launch&)>& dropped) {
    nodes[r].fail(dropped);
}

void network::judge_queued(const link_faults& f,
                           const std::function<bool(router_id, launch&)>& keep) {
    for (router_id r = 0; r < topo_.routers(); ++r)
        if (!f.router_failed(r)) nodes[r].judge_waiting([&](launch& l) { return keep(r, l); });
}

}  // namespace d3
