#include "paper/primitives/one_to_all.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace d3 {

namespace {

source_vector round_vector(const topology& t, int i) {
    return {i / t.m(), i % t.m(), 0};  // i = pi + gamma*M
}

}  // namespace

std::vector<slot> one_to_all_rounds(const topology& t) {
    std::vector<slot> rounds;
    for (int i = 0; i < t.k() * t.m(); ++i) {
        slot s;
        for (int delta = 0; delta < t.m(); ++delta) {
            source_vector v = round_vector(t, i);
            v.delta = delta;
            s.launches.push_back(
                {make_source_vector_header(false, 3, v), static_cast<std::uint64_t>(i)});
        }
        rounds.push_back(std::move(s));
    }
    return rounds;
}

std::vector<router_id> one_to_all_printed_loop_misses(const topology& t, const coord& source) {
    std::set<router_id> reached;
    for (int i = 1; i <= t.k() * t.m() - 1; ++i)
        for (int delta = 0; delta < t.m(); ++delta) {
            source_vector v = round_vector(t, i);
            v.delta = delta;
            reached.insert(t.id(t.destination(source, v)));
        }
    std::vector<router_id> missed;
    for (router_id r = 0; r < t.routers(); ++r)
        if (reached.count(r) == 0) missed.push_back(r);
    return missed;
}

std::unique_ptr<workload> make_one_to_all_workload(const topology& t, const primitive_options& o) {
    const router_id src = t.id(o.source);
    const std::vector<router_id> nodes{src};
    const std::vector<slot> rounds = one_to_all_rounds(t);
    const int n = static_cast<int>(rounds.size()), m = t.m();
    const bool fixed_point = topology::is_fixed_point(o.source);
    const int protocol = o.protocol != 0 ? o.protocol : 1;
    schedule paper;
    int proof_delays = 0;
    if (protocol == 1) {
        // Protocol 1 interrupted by delays: when d = p, round i (gamma = 0, M values of pi) and
        // round i+2 share local port pi of the source, so round i+2 gets a one-step delay.
        std::vector<bool> delay_before(rounds.size(), false);
        if (fixed_point)
            for (int i = 0; i < m && i + 2 < n; ++i)
                delay_before[static_cast<std::size_t>(i + 2)] = true;
        proof_delays = static_cast<int>(std::count(delay_before.begin(), delay_before.end(), true));
        paper = with_delays(rounds, delay_before);
    } else {
        paper = protocol_pattern(rounds, protocol);
    }
    // fixed: the M-1 gamma = 0 rounds with pi != 0 ("bad": their third step uses a local port of
    // the source) need the slot two later empty, unless they are among the last two rounds. Put
    // last and placed greedily in order they go in pairs (bad, bad, empty, empty), the last pair
    // free: M-3 delays, the least possible (docs/findings.md section 6). With M-1 odd (M even)
    // the first bad round goes alone before round 0 (bad, 0, empty), with M-1 even (M odd) round
    // 0 goes first and every bad round is in a pair.
    std::vector<slot> order;
    for (int i = m; i < n; ++i) order.push_back(rounds[static_cast<std::size_t>(i)]);
    if (m % 2 == 0 && m > 1) order.push_back(rounds[1]);
    order.push_back(rounds[0]);
    for (int i = m % 2 == 0 ? 2 : 1; i < m; ++i)
        order.push_back(rounds[static_cast<std::size_t>(i)]);
    const schedule chosen = choose_schedule(
        t, o.schedule, paper, rounds, order, nodes, false,
        "one-to-all from " + to_string(o.source) + " with Protocol " + std::to_string(protocol));
    nlohmann::json details = {
        {"source", to_string(o.source)},
        {"protocol", o.schedule == schedule_kind::paper ? protocol : 0},
        {"proof_delays", o.schedule == schedule_kind::paper ? proof_delays : 0},
        {"printed_loop_misses", one_to_all_printed_loop_misses(t, o.source).size()},
        {"lockstep", to_json(predict(t, chosen, nodes), t)}};
    return std::make_unique<schedule_workload>(
        "one-to-all", to_string(o.schedule), chosen, nodes, t.routers(),
        [src](router_id a, router_id) { return a == src ? 1u : 0u; }, std::move(details));
}

}  // namespace d3
