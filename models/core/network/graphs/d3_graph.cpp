#include "core/network/graphs/d3_graph.h"

namespace d3 {

graph d3_graph(const topology& t) {
    graph g(t.routers());
    for (router_id id = 0; id < t.routers(); ++id) {
        const coord x = t.at(id);
        for (int a = 0; a < t.k(); ++a) {
            const router_id y = t.id(t.global_neighbor(x, a));
            if (y > id) g.add_edge(id, y);
        }
        for (int l = 1; l < t.m(); ++l) {
            const router_id y = t.id(t.local_neighbor(x, l));
            if (y > id) g.add_edge(id, y);
        }
    }
    return g;
}

std::vector<std::uint32_t> d3_to_rsn2(const topology& t) {
    std::vector<std::uint32_t> map(t.routers());
    const auto m = static_cast<std::uint32_t>(t.m());
    for (router_id id = 0; id < t.routers(); ++id) {
        const coord x = t.at(id);
        map[id] = static_cast<std::uint32_t>(x.d) * m + static_cast<std::uint32_t>(x.p);
    }
    return map;
}

}  // namespace d3
