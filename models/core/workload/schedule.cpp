#include "core/workload/schedule.h"

#include <algorithm>

namespace d3 {

std::size_t schedule::rounds() const {
    return static_cast<std::size_t>(
        std::count_if(slots.begin(), slots.end(), [](const slot& s) { return !s.is_delay(); }));
}

std::size_t schedule::delays() const {
    return slots.size() - rounds();
}

schedule protocol_pattern(const std::vector<slot>& rounds, int protocol) {
    const int gap = protocol == 2 ? 1 : protocol == 3 ? 2 : 0;
    schedule s;
    s.slots.reserve(rounds.size() + rounds.size() * static_cast<std::size_t>(gap));
    for (std::size_t i = 0; i < rounds.size(); ++i) {
        s.slots.push_back(rounds[i]);
        // After a pair: the protocol's delays. A lone last round gets half of them (Protocol 3:
        // one), so that N rounds carry N/2 (Protocol 2) and N (Protocol 3) delays for any N.
        const bool pair_done = i % 2 == 1;
        const bool lone_last = i % 2 == 0 && i + 1 == rounds.size();
        const int delays = pair_done ? gap : lone_last ? gap / 2 : 0;
        for (int g = 0; g < delays; ++g) s.slots.push_back({});
    }
    return s;
}

schedule with_delays(const std::vector<slot>& rounds, const std::vector<bool>& delay_before) {
    schedule s;
    for (std::size_t i = 0; i < rounds.size(); ++i) {
        if (i < delay_before.size() && delay_before[i]) s.slots.push_back({});
        s.slots.push_back(rounds[i]);
    }
    return s;
}

schedule all_to_all_schedule(int k, int m, schedule_kind kind) {
    schedule s;
    const int rounds = k * m * m;
    s.slots.reserve(static_cast<std::size_t>(rounds + k * m));
    for (int i = 0; i < rounds; ++i) {
        const source_vector v{i / (m * m), i % m, (i / m) % m};  // i = pi + delta*M + gamma*M^2
        if (kind == schedule_kind::paper && mod(v.pi - 2, m) == v.delta) s.slots.push_back({});
        s.slots.push_back({{{make_source_vector_header(false, 3, v)}}});
    }
    return s;
}

schedule broadcast_schedule() {
    schedule s;
    s.slots.push_back({{{make_source_vector_header(true, 3, {0, 0, 0})}}});
    return s;
}

void schedule_program::launches(std::uint64_t step, std::vector<launch>& out) {
    if (step >= steps_) return;
    for (const launch& l : s_.slots[step].launches)
        out.push_back(l);  // mostly one launch: cheaper than a range insert
}

}  // namespace d3
