#include "paper/primitives/broadcast.h"

#include <stdexcept>

namespace d3 {

int broadcast_paper_protocol(const coord& source, int count) {
    // One broadcast is "the single instruction (c,d,p)(1,3;0,0,0)"; chains at d = p need
    // Protocol 3.
    return topology::is_fixed_point(source) && count > 1 ? 3 : 1;
}

std::unique_ptr<workload> make_broadcast_workload(const topology& t, const primitive_options& o) {
    if (o.count < 1) throw std::invalid_argument("--count must be at least 1");
    const router_id src = t.id(o.source);
    std::vector<slot> rounds;
    for (int i = 0; i < o.count; ++i)
        rounds.push_back(
            {{{make_source_vector_header(true, 3, {0, 0, 0}), static_cast<std::uint64_t>(i)}}});
    const int protocol = o.protocol != 0 ? o.protocol : broadcast_paper_protocol(o.source, o.count);
    const schedule paper = protocol_pattern(rounds, protocol);
    const std::vector<router_id> nodes{src};
    const schedule chosen = choose_schedule(
        t, o.schedule, paper, rounds, rounds, nodes, false,
        "broadcast from " + to_string(o.source) + " with Protocol " + std::to_string(protocol));
    nlohmann::json details = {{"source", to_string(o.source)},
                              {"count", o.count},
                              {"protocol", o.schedule == schedule_kind::paper ? protocol : 0}};
    // The prediction traces every copy (one per router): made when the result reads it, after
    // the memory estimate has accepted the run.
    auto lockstep = [t, chosen, nodes]() -> nlohmann::json {
        return {{"lockstep", to_json(predict(t, chosen, nodes), t)}};
    };
    const std::uint32_t n = static_cast<std::uint32_t>(o.count);
    return std::make_unique<schedule_workload>(
        "broadcast", to_string(o.schedule), chosen, nodes, t.routers(),
        [src, n](router_id a, router_id) { return a == src ? n : 0u; },
        late_details(std::move(details), lockstep));
}

}  // namespace d3
