#include "core/primitives/doubly_parallel.h"

#include <numeric>
#include <stdexcept>

namespace d3 {

int doubly_parallel_factor(const topology& t) {
    return std::gcd(t.k(), t.m());
}

namespace {

struct coset_round {
    slot launches;
    int pi = 0;     ///< representative's pi
    int delta = 0;  ///< representative's delta
};

std::vector<coset_round> coset_rounds(const topology& t, int s) {
    const int k = t.k(), m = t.m(), hk = k / s, hm = m / s;
    std::vector<coset_round> rounds;
    std::uint64_t msg = 0;
    for (int gamma = 0; gamma < hk; ++gamma)
        for (int delta = 0; delta < m; ++delta)
            for (int pi = 0; pi < m; ++pi) {
                coset_round r;
                r.pi = pi;
                r.delta = delta;
                for (int j = 0; j < s; ++j)
                    r.launches.launches.push_back(
                        {make_source_vector_header(
                             false, 3, {gamma + j * hk, (pi + j * hm) % m, (delta + j * hm) % m}),
                         msg++});
                rounds.push_back(std::move(r));
            }
    return rounds;
}

}  // namespace

std::unique_ptr<workload> make_doubly_parallel_workload(const topology& t,
                                                        const primitive_options& o) {
    const int s = doubly_parallel_factor(t);
    if (!t.is_d3() || s < 2)
        throw std::invalid_argument("--protocol doubly-parallel needs K and M with a common factor");
    if (o.schedule == schedule_kind::fixed)
        throw std::invalid_argument("--schedule fixed does not apply to doubly-parallel");
    const int hm = t.m() / s;
    const std::vector<coset_round> rounds = coset_rounds(t, s);
    schedule sched;
    std::size_t delays = 0;
    for (const coset_round& r : rounds) {
        const std::size_t n = sched.slots.size();
        // Round t's pi ports and this round's delta ports meet when they are the same coset.
        if (o.schedule == schedule_kind::paper && n >= 2 && !sched.slots[n - 2].is_delay()) {
            const header& before = sched.slots[n - 2].launches.front().hdr;
            if (before.pi() % hm == r.delta % hm) {
                sched.slots.push_back({});
                ++delays;
            }
        }
        sched.slots.push_back(r.launches);
    }
    std::vector<router_id> all(t.routers());
    for (router_id r = 0; r < t.routers(); ++r) all[r] = r;
    const prediction pred = predict(t, sched, all);
    const std::uint64_t claim =
        static_cast<std::uint64_t>(t.k()) * static_cast<std::uint64_t>(t.m() * t.m()) /
        static_cast<std::uint64_t>(s);
    nlohmann::json details = {{"protocol", "doubly-parallel"},
                              {"factor", s},
                              {"packets_per_round", s},
                              {"rounds_claimed", claim},
                              {"lockstep", to_json(pred, t)}};
    return std::make_unique<schedule_workload>(
        "all-to-all", to_string(o.schedule), std::move(sched), std::move(all), t.routers(),
        [](router_id, router_id) { return 1u; }, std::move(details));
}

}  // namespace d3
