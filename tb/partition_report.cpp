#include "tb/partition_report.h"

#include "tb/conservation.h"

#include <algorithm>
#include <limits>
#include <sstream>

namespace d3 {

void crossing_counter::on_link(const link_event& e) {
    if (e.sent) {
        const coord at = t_.at(e.router);
        const coord to = t_.far_end(at, port_of(e.port, t_.k())).at;
        const int a = owner_[e.router], b = owner_[t_.id(to)];
        if (a < 0 || a != b) ++crossings_;
    }
    observer_chain::on_link(e);
}

std::vector<subnetwork> parse_subnetworks(const std::vector<std::string>& specs, int k, int m) {
    std::vector<subnetwork> out;
    for (const std::string& s : specs) out.push_back(parse_subnetwork(s, k, m));
    return out;
}

nlohmann::json partition_report(const network& net, const partitioned_workload& work,
                                std::uint64_t crossings) {
    const std::vector<int>& owner = work.owner();
    const std::size_t n = work.parts().size();
    std::vector<router_stats> stats(n);
    std::vector<std::uint64_t> first(n, std::numeric_limits<std::uint64_t>::max()), last(n, 0),
        received(n, 0), routers(n, 0);
    std::uint64_t idle = 0, idle_hops = 0;
    for (router_id r = 0; r < net.topo().routers(); ++r) {
        if (owner[r] < 0) {
            ++idle;
            idle_hops += net.routers[r].stats().hops;
            continue;
        }
        const std::size_t i = static_cast<std::size_t>(owner[r]);
        stats[i] += net.routers[r].stats();
        const node_stats& s = net.nodes[r].stats();
        first[i] = std::min(first[i], s.first_hop);
        last[i] = std::max(last[i], s.last_delivery);
        received[i] += s.received;
        ++routers[i];
    }
    nlohmann::json parts = nlohmann::json::array();
    for (std::size_t i = 0; i < n; ++i) {
        const subnetwork& s = work.parts()[i];
        const workload& w = work.part_work(i);
        parts.push_back({{"spec", s.spec},
                         {"k", s.k()},
                         {"m", s.m()},
                         {"cabinets", s.cabinets},
                         {"positions", s.positions},
                         {"routers", routers[i]},
                         {"rounds", w.rounds()},
                         {"delays", w.delays()},
                         {"steps", run_steps(first[i], last[i], w.start_step())},
                         {"hops", stats[i].hops},
                         {"holds", stats[i].holds},
                         {"conflicts", stats[i].conflicts},
                         {"conflict_waits", stats[i].waits},
                         {"delivered", received[i]},
                         {"details", w.details()}});
    }
    return {{"partitions", parts},
            {"boundary_crossings", crossings},
            {"idle_routers", idle},
            {"idle_router_hops", idle_hops}};
}

std::string partition_table(const nlohmann::json& report) {
    std::ostringstream os;
    for (const auto& p : report["partitions"])
        os << "  subnetwork " << p["spec"].get<std::string>() << ": D3(" << p["k"] << "," << p["m"]
           << ")  rounds " << p["rounds"] << "  delays " << p["delays"] << "  steps " << p["steps"]
           << "  hops " << p["hops"] << "  conflicts " << p["conflicts"] << "\n";
    os << "  boundary crossings " << report["boundary_crossings"] << "  idle routers "
       << report["idle_routers"] << "\n";
    return os.str();
}

}  // namespace d3
