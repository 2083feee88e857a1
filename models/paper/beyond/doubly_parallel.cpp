#include "paper/beyond/doubly_parallel.h"

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
        throw std::invalid_argument(
            "--protocol doubly-parallel needs K and M with a common factor");
    if (o.schedule == schedule_kind::fixed)
        throw std::invalid_argument("--schedule fixed does not apply to doubly-parallel");
    const int hm = t.m() / s;
    const std::vector<coset_round> rounds = coset_rounds(t, s);
    schedule sched;
    std::size_t delays = 0;  // (also sched.delays(); kept for the details)
    // Round t's pi ports and round t+2's delta ports meet when they are the same coset: delay
    // until the round two slots earlier is a delay or a different coset (with S = M every coset
    // is all of Z_M, and the rounds go two by two with two delays, Protocol 3's pattern).
    const auto clashes = [&](const schedule& sc, const coset_round& r) {
        const std::size_t n = sc.slots.size();
        if (n < 2 || sc.slots[n - 2].is_delay()) return false;
        return sc.slots[n - 2].launches.front().hdr.pi() % hm == r.delta % hm;
    };
    for (const coset_round& r : rounds) {
        while (o.schedule == schedule_kind::paper && clashes(sched, r)) {
            sched.slots.push_back({});
            ++delays;
        }
        sched.slots.push_back(r.launches);
    }
    std::vector<router_id> all(t.routers());
    for (router_id r = 0; r < t.routers(); ++r) all[r] = r;
    const std::uint64_t claim = static_cast<std::uint64_t>(t.k()) *
                                static_cast<std::uint64_t>(t.m() * t.m()) /
                                static_cast<std::uint64_t>(s);
    nlohmann::json details = {{"protocol", "doubly-parallel"},
                              {"factor", s},
                              {"packets_per_round", s},
                              {"rounds_claimed", claim},
                              {"delays", delays}};
    // Every node traced (N^2 headers): made after the run.
    const auto lockstep = [t, all, sched] {
        return nlohmann::json{{"lockstep", to_json(predict(t, sched, all), t)}};
    };
    return std::make_unique<schedule_workload>(
        "all-to-all", to_string(o.schedule), std::move(sched), std::move(all), t.routers(),
        [](router_id, router_id) { return 1u; }, late_details(std::move(details), lockstep));
}

}  // namespace d3
