#include "paper/beyond/broadcast_trees.h"

#include <algorithm>
#include <stdexcept>

namespace d3 {

std::vector<coord> broadcast_tree_roots(const topology& t, const coord& source) {
    std::vector<coord> roots;
    for (int q = 0; q < t.m(); ++q)
        if (q != source.d) roots.push_back({source.c, source.d, q});
    return roots;
}

header broadcast_tree_header(const topology& t, const coord& source, const coord& root) {
    return make_sync_header(true, 5, 0, mod(root.p - source.p, t.m()), 0);
}

namespace {

// The links each tree uses after the delegation hop, and how many links two trees share.
std::uint64_t shared_links(const topology& t, const coord& source) {
    std::vector<std::vector<std::uint64_t>> links;
    for (const coord& root : broadcast_tree_roots(t, source)) {
        std::vector<link_use> uses;
        trace_links(t, t.id(source), 0, broadcast_tree_header(t, source, root), uses);
        std::vector<std::uint64_t> keys;
        for (const link_use& u : uses)
            if (u.cycle != kFirstHopAfterLaunch)  // the tree, not the delegation hop
                keys.push_back((static_cast<std::uint64_t>(u.router) << 16) | u.port);
        std::sort(keys.begin(), keys.end());
        links.push_back(std::move(keys));
    }
    std::uint64_t shared = 0;
    for (std::size_t i = 0; i < links.size(); ++i)
        for (std::size_t j = i + 1; j < links.size(); ++j) {
            std::vector<std::uint64_t> both;
            std::set_intersection(links[i].begin(), links[i].end(), links[j].begin(),
                                  links[j].end(), std::back_inserter(both));
            shared += both.size();
        }
    return shared;
}

}  // namespace

std::unique_ptr<workload> make_broadcast_trees_workload(const topology& t,
                                                        const primitive_options& o) {
    if (!t.is_d3()) throw std::invalid_argument("broadcast-trees runs on D3 only");
    if (o.count < 1) throw std::invalid_argument("--count must be at least 1");
    const std::vector<coord> roots = broadcast_tree_roots(t, o.source);
    std::vector<slot> rounds;
    std::uint64_t msg = 0;
    for (int done = 0; done < o.count;) {
        slot s;
        for (const coord& root : roots) {
            if (done == o.count) break;
            s.launches.push_back({broadcast_tree_header(t, o.source, root), msg++});
            ++done;
        }
        rounds.push_back(std::move(s));
    }
    const router_id src = t.id(o.source);
    const std::vector<router_id> nodes{src};
    const schedule paper = protocol_pattern(rounds, 1);
    const schedule chosen = choose_schedule(t, o.schedule, paper, rounds, rounds, nodes, false,
                                            "broadcast-trees from " + to_string(o.source));
    nlohmann::json roots_json = nlohmann::json::array();
    for (const coord& r : roots) roots_json.push_back(to_string(r));
    nlohmann::json details = {{"source", to_string(o.source)},
                              {"count", o.count},
                              {"trees", roots.size()},
                              {"roots", roots_json},
                              {"batches", rounds.size()},
                              {"header", to_string(broadcast_tree_header(t, o.source, roots[0]))}};
    // Both trace every tree's copies (one per router each): made when the result reads them.
    const coord source = o.source;
    auto traced = [t, source, chosen, nodes] {
        return nlohmann::json{{"links_shared_by_trees", shared_links(t, source)},
                              {"lockstep", to_json(predict(t, chosen, nodes), t)}};
    };
    const std::uint32_t n = static_cast<std::uint32_t>(o.count);
    return std::make_unique<schedule_workload>(
        "broadcast-trees", to_string(o.schedule), chosen, nodes, t.routers(),
        [src, n](router_id a, router_id) { return a == src ? n : 0u; },
        late_details(std::move(details), traced));
}

}  // namespace d3
