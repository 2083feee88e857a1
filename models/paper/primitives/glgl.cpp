#include "paper/primitives/glgl.h"

#include <stdexcept>

namespace d3 {

std::vector<slot> glgl_rounds(const topology& t, const coord& source) {
    std::vector<slot> rounds;
    for (int i = 0; i < t.m() * t.m(); ++i) {
        const int d = i / t.m(), p = i % t.m();  // i = p' + d'*M
        slot s;
        for (int c = 0; c < t.k(); ++c) {
            const coord dest{mod(source.c + c, t.k()), d, p};
            s.launches.push_back(
                {make_destination_header(4, dest, c, 0), static_cast<std::uint64_t>(i)});
        }
        rounds.push_back(std::move(s));
    }
    return rounds;
}

int glgl_injection_width(const topology& t) {
    return t.k();
}

std::unique_ptr<workload> make_glgl_workload(const topology& t, const primitive_options& o) {
    const router_id src = t.id(o.source);
    const std::vector<router_id> nodes{src};
    const std::vector<slot> rounds = glgl_rounds(t, o.source);
    const int protocol = o.protocol != 0 ? o.protocol : 1;
    const schedule paper = protocol_pattern(rounds, protocol);
    const schedule chosen = choose_schedule(t, o.schedule, paper, rounds, rounds, nodes, true,
                                            "glgl one-to-all from " + to_string(o.source) +
                                                " with Protocol " + std::to_string(protocol));
    nlohmann::json details = {{"source", to_string(o.source)},
                              {"protocol", o.schedule == schedule_kind::paper ? protocol : 0},
                              {"packets_per_round", t.k()},
                              {"claimed", !topology::is_fixed_point(o.source)},
                              {"lockstep", to_json(predict(t, chosen, nodes), t)}};
    return std::make_unique<schedule_workload>(
        "glgl-one-to-all", to_string(o.schedule), chosen, nodes, t.routers(),
        [src](router_id a, router_id) { return a == src ? 1u : 0u; }, std::move(details));
}

}  // namespace d3
