#include "core/schedule.h"

#include <algorithm>

namespace d3 {

std::size_t schedule::rounds() const {
    return static_cast<std::size_t>(
        std::count_if(slots.begin(), slots.end(), [](const slot& s) { return !s.is_delay(); }));
}

std::size_t schedule::delays() const {
    return slots.size() - rounds();
}

const char* to_string(schedule_kind s) {
    return s == schedule_kind::paper ? "paper" : "none";
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
    if (step >= s_.slots.size()) return;
    const auto& l = s_.slots[step].launches;
    out.insert(out.end(), l.begin(), l.end());
}

}  // namespace d3
