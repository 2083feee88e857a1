#include "paper/primitives/all_to_all.h"

#include <list>
#include <stdexcept>

namespace d3 {

std::vector<slot> all_to_all_rounds(const topology& t) {
    const int m = t.m(), n = t.k() * m * m;
    std::vector<slot> rounds;
    rounds.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const source_vector v{i / (m * m), i % m, (i / m) % m};
        rounds.push_back(
            {{{make_source_vector_header(false, 3, v), static_cast<std::uint64_t>(i)}}});
    }
    return rounds;
}

schedule all_to_all_protocol(const topology& t, int protocol) {
    if (protocol == 1) return all_to_all_schedule(t.k(), t.m(), schedule_kind::paper);
    return protocol_pattern(all_to_all_rounds(t), protocol);
}

namespace {

bool clash(const slot& earlier, const slot& later) {
    const header& a = earlier.launches.front().hdr;
    const header& b = later.launches.front().hdr;
    return a.pi() != 0 && a.pi() == b.delta();
}

}  // namespace

prediction all_to_all_prediction(const topology& t, const schedule& s) {
    prediction p;
    const std::uint64_t routers = t.routers();
    for (std::size_t i = 0; i + 2 < s.slots.size(); ++i) {
        const slot& a = s.slots[i];
        const slot& b = s.slots[i + 2];
        if (a.is_delay() || b.is_delay() || !clash(a, b)) continue;
        p.conflicts += routers;
        if (p.first.empty())  // every router at once; the first in router order is router 0
            p.first.push_back(
                {i + kFirstHopAfterLaunch + 2, 0,
                 static_cast<std::uint16_t>(index_of({false, a.launches.front().hdr.pi()}, t.k())),
                 2});
    }
    return p;
}

schedule all_to_all_fixed(const topology& t) {
    const std::vector<slot> rounds = all_to_all_rounds(t);
    std::list<std::size_t> left;
    for (std::size_t i = 0; i < rounds.size(); ++i) left.push_back(i);
    schedule s;
    while (!left.empty()) {
        const std::size_t n = s.slots.size();
        const slot* before = n >= 2 && !s.slots[n - 2].is_delay() ? &s.slots[n - 2] : nullptr;
        auto pick = left.begin();
        while (pick != left.end() && before && clash(*before, rounds[*pick])) ++pick;
        if (pick == left.end()) {
            s.slots.push_back({});
            continue;
        }
        s.slots.push_back(rounds[*pick]);
        left.erase(pick);
    }
    return s;
}

std::unique_ptr<workload> make_all_to_all_workload(const topology& t, const primitive_options& o) {
    const int protocol = o.protocol != 0 ? o.protocol : 1;
    if (protocol < 1 || protocol > 3) throw std::invalid_argument("--protocol must be 1, 2 or 3");
    const schedule paper = all_to_all_protocol(t, protocol);
    schedule chosen = choose_schedule(
        o.schedule, paper, all_to_all_rounds(t),
        [&](const schedule& s) { return all_to_all_prediction(t, s).conflicts; },
        [&] { return all_to_all_fixed(t); },
        "all-to-all with Protocol " + std::to_string(protocol));
    const prediction pred = all_to_all_prediction(t, chosen);
    nlohmann::json details = {{"protocol", o.schedule == schedule_kind::paper ? protocol : 0},
                              {"lockstep", to_json(pred, t)}};
    std::vector<router_id> all(t.routers());
    for (router_id r = 0; r < t.routers(); ++r) all[r] = r;
    return std::make_unique<schedule_workload>("all-to-all", to_string(o.schedule),
                                               std::move(chosen), std::move(all), t.routers(),
                                               std::uint32_t{1}, std::move(details));
}

}  // namespace d3
