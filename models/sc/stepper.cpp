#include "sc/stepper.h"

#include <algorithm>

#include "sc/protocol.h"

namespace d3 {

stepper::stepper(const sc_core::sc_module_name& name, std::uint64_t horizon)
    : sc_core::sc_module(name), nodes_(0, horizon), routers_(0, horizon) {
    SC_METHOD(tick);
    sensitive << tick_event_;
    dont_initialize();
}

void stepper::add(client& c, bool router_phase) {
    auto& list = router_phase ? router_clients_ : node_clients_;
    c.owner_ = this;
    c.id_ = static_cast<std::uint32_t>(list.size());
    c.router_ = router_phase;
    list.push_back(&c);
    cal(router_phase).resize(static_cast<std::uint32_t>(list.size()));
    awake_[router_phase].resize((list.size() + 63) / 64, 0);
}

void stepper::toggle_awake(client& c, bool on) {
    awake_[c.router_][c.id_ >> 6] ^= 1ull << (c.id_ & 63);
    if (on) {
        ++awake_count_[c.router_];
        if (!in_tick_) schedule(now() + 1);
    } else {
        --awake_count_[c.router_];
    }
}

void stepper::wake_outside(client& c, std::uint64_t cycle) {
    const std::uint64_t at = cal(c.router_).request(c.id_, std::max(cycle, now()));
    if (at != calendar::kNever) schedule(at);
}

void stepper::schedule(std::uint64_t cycle) {
    if (cycle >= next_tick_) return;
    next_tick_ = cycle;
    const std::uint64_t n = to_cycle(sc_core::sc_time_stamp());
    tick_event_.notify(step_time() * static_cast<double>(cycle - n));
}

// A counting sort through a bitmap, with the clients kept awake added: costs the due clients plus
// one word per 64 clients.
void stepper::sort_due(std::size_t clients, bool router_phase) {
    const bool awake = awake_count_[router_phase] != 0;
    if (due_.size() < 2 && !awake) return;
    if (awake)
        due_bits_ = awake_[router_phase];
    else
        due_bits_.assign((clients + 63) / 64, 0);
    for (std::uint32_t id : due_) due_bits_[id >> 6] |= 1ull << (id & 63);
    due_.clear();
    for (std::size_t w = 0; w < due_bits_.size(); ++w)
        for (std::uint64_t bits = due_bits_[w]; bits != 0; bits &= bits - 1)
            due_.push_back(static_cast<std::uint32_t>(
                w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits))));
}

void stepper::tick() {
    current_ = to_cycle(sc_core::sc_time_stamp());
    next_tick_ = calendar::kNever;
    in_tick_ = true;
    for (const bool router_phase : {false, true}) {
        node_phase_ = !router_phase;
        due_.clear();
        cal(router_phase).take(current_, due_);
        auto& list = router_phase ? router_clients_ : node_clients_;
        sort_due(list.size(), router_phase);  // ascending id: a documented, stable order
        for (std::uint32_t id : due_) list[id]->step(current_);
    }
    in_tick_ = false;
    node_phase_ = false;
    if (awake_count_[0] + awake_count_[1] != 0) return schedule(current_ + 1);
    const auto a = nodes_.next(), b = routers_.next();
    if (a || b) schedule(std::min(a.value_or(calendar::kNever), b.value_or(calendar::kNever)));
}

}  // namespace d3
