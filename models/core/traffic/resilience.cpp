#include "core/traffic/resilience.h"

#include <algorithm>
#include <vector>

#include "core/traffic/route_around.h"

namespace d3 {

namespace {

// The routers each router's surviving cables lead to.
std::vector<std::vector<router_id>> surviving_neighbours(const topology& t, const link_faults& f) {
    std::vector<std::vector<router_id>> next(t.routers());
    for (const cable& c : all_cables(t)) {
        if (f.failed(c.from, c.out)) continue;
        next[c.from].push_back(c.to);
        next[c.to].push_back(c.from);
    }
    return next;
}

// Occupancy for the routing: nothing queued (UGAL's choice is not asked here).
struct empty_network final : occupancy_view {
    int occupancy(router_id, int) const override { return 0; }
};

}  // namespace

connectivity measure_connectivity(const topology& t, const link_faults& f) {
    const auto next = surviving_neighbours(t, f);
    const empty_network view;
    detour_counts counts;
    const auto routing = route_around(make_launch_routing(routing_kind::minimal, t, view, 0,
                                                          ugal_rule::global, ugal_valiant::group),
                                      t, f, counts);
    traffic_rng rng(1);
    std::uint64_t pairs = 0, connected = 0, routable = 0;
    connectivity c;
    std::vector<int> hops(t.routers());
    std::vector<router_id> queue;
    for (router_id s = 0; s < t.routers(); ++s) {
        if (f.router_failed(s)) continue;
        std::fill(hops.begin(), hops.end(), -1);
        hops[s] = 0;
        queue.assign(1, s);
        for (std::size_t i = 0; i < queue.size(); ++i)
            for (router_id n : next[queue[i]])
                if (hops[n] < 0) {
                    hops[n] = hops[queue[i]] + 1;
                    queue.push_back(n);
                }
        for (router_id d = 0; d < t.routers(); ++d) {
            if (d == s || f.router_failed(d)) continue;
            ++pairs;
            if (hops[d] >= 0) {
                ++connected;
                c.diameter = std::max(c.diameter, hops[d]);
            }
            if (routing->route(t.at(s), t.at(d), rng).b != kUnreachable) ++routable;
        }
    }
    if (pairs != 0) {
        c.connected_pairs = static_cast<double>(connected) / static_cast<double>(pairs);
        c.routable_pairs = static_cast<double>(routable) / static_cast<double>(pairs);
    }
    return c;
}

}  // namespace d3
