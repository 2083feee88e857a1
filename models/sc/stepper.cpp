#include "sc/stepper.h"

#include <algorithm>
#include <numeric>

#include "core/containers/bits.h"
#include "sc/protocol.h"
#include "sc/step_deferral.h"

namespace d3 {

stepper::stepper(const sc_core::sc_module_name& name, std::uint64_t horizon)
    : sc_core::sc_module(name),
      nodes_(0, horizon),
      routers_(0, horizon),
      step_value_(step_time().value()) {
    SC_METHOD(tick);
    sensitive << tick_event_;
    dont_initialize();
}

stepper::~stepper() = default;

void stepper::use_threads(int threads, packet_pool& pool, ledger& deliveries,
                          link_observer* observer) {
    if (threads > 1)
        deferral_ = std::make_unique<step_deferral>(threads, *this, pool, deliveries, observer);
}

void stepper::add(client& c, bool router_phase) {
    auto& list = router_phase ? router_clients_ : node_clients_;
    c.id_ = static_cast<std::uint32_t>(list.size());
    c.router_ = router_phase;
    list.push_back(&c);
    cal(router_phase).resize(static_cast<std::uint32_t>(list.size()));
    awake_[router_phase].resize((list.size() + 63) / 64, 0);
    if (due_bits_.size() < awake_[router_phase].size())
        due_bits_.resize(awake_[router_phase].size(), 0);
}

void stepper::toggle_awake(client& c, bool on) {
    c.kept_awake_ = on;
    // A node of a share other than 0 stepping on the threads: counted in the merge.
    if (on_threads_ && !c.router_ && deferral_->records_node(c.id_))
        return deferral_->record_awake(c.id_, on);
    flip_awake(c, on);
    if (on && !in_tick_) schedule(now() + 1);
}

void stepper::flip_awake(client& c, bool on) {
    awake_[c.router_][c.id_ >> 6] ^= 1ull << (c.id_ & 63);
    if (on)
        ++awake_count_[c.router_];
    else
        --awake_count_[c.router_];
}

void stepper::wake_outside(client& c, std::uint64_t cycle) {
    // While routers or nodes step on the threads (in_tick_ is false then): a router's wake-up
    // recorded (step_deferral); a node's made as in a step, by the kernel's thread, the only one
    // that writes to the nodes' calendar then (step_deferral::writes_at_once), or kept for the
    // merge when a node of another share steps (staged_nodes).
    if (deferral_ && deferral_->active()) {
        if (c.router_) return deferral_->wake(c.id_, &c, cycle);
        if (deferral_->records_node(c.id_)) return deferral_->record_node_wake(c.id_, cycle);
        return wake_node_now(c.id_, cycle);
    }
    const std::uint64_t at = cal(c.router_).request(c.id_, std::max(cycle, now()));
    if (at != calendar::kNever) schedule(at);
}

void stepper::schedule(std::uint64_t cycle) {
    if (cycle >= next_tick_) return;
    next_tick_ = cycle;
    const std::uint64_t n = cycle_of(sc_core::sc_time_stamp());
    tick_event_.notify(sc_core::sc_time::from_value((cycle - n) * step_value_));
}

// The calendar yields a phase's due clients in ascending id order. With none kept awake (the
// routers, in every run) they step as the calendar yields them; with some kept awake, the two
// sets are merged in a bitmap (one word per 64 clients), cleared as it is read.
void stepper::step_due(bool router_phase) {
    client* const* const clients = (router_phase ? router_clients_ : node_clients_).data();
    const std::uint64_t now = current_;
    each_due(router_phase, [clients, now](std::size_t id) { step(*clients[id], now); });
}

template <typename Visit>
void stepper::each_due(bool router_phase, Visit visit) {
    const std::size_t clients = (router_phase ? router_clients_ : node_clients_).size();
    calendar& k = cal(router_phase);
    const std::uint64_t now = current_;
    const std::size_t awake_count = awake_count_[router_phase];
    if (awake_count == 0) {
        // A client's step requests later cycles only (take_each allows it). The calendar rather
        // than a wheel of request lists sorted here through a bitmap: no growth test per
        // request, no first and last word tracked per due client, no second bitmap.
        k.take_each(now, visit);
        return;
    }
    // Every client kept awake (the nodes of synthetic traffic, whose programs run in every
    // cycle, and those of a primitive): each is due, in id order, without the bitmap, which
    // would only list them all again.
    if (awake_count == clients) {
        k.take_each(now, [](std::size_t) {});
        for (std::size_t id = 0; id < clients; ++id) visit(id);
        return;
    }
    const std::vector<std::uint64_t>& awake = awake_[router_phase];
    std::uint64_t* const due = due_bits_.data();
    std::copy(awake.begin(), awake.end(), due);
    k.take_each(now, [due](std::size_t id) { due[id >> 6] |= 1ull << (id & 63); });
    for (std::size_t w = 0; w < awake.size(); ++w) {
        std::uint64_t bits = due[w];
        due[w] = 0;
        for (; bits != 0; bits &= bits - 1) visit(w * 64 + lowest_bit(bits));
    }
}

// The calendar's due routers, ascending; while they step, in_tick_ is false, so that their
// wake-ups take wake_outside, which records them.
void stepper::step_routers_on_threads() {
    due_routers_.clear();
    routers_.take_each(current_, [this](std::size_t id) {
        due_routers_.push_back(static_cast<std::uint32_t>(id));
    });
    if (due_routers_.empty()) return;
    in_tick_ = false;
    on_threads_ = true;
    deferral_->step(due_routers_, current_, &step_router, this);
    on_threads_ = false;
    in_tick_ = true;
    deferral_->replay(current_);
}

// The due nodes, ascending; while they step, in_tick_ is false, so that their wake-ups and their
// routers' take wake_outside, which records them, and the merge makes them.
void stepper::step_nodes_on_threads() {
    if (awake_count_[0] == node_clients_.size()) {
        // Every node kept awake (synthetic traffic, a primitive's nodes): all due, the list of
        // them made once (a list of equal length is this one: ascending, no id twice).
        nodes_.take_each(current_, [](std::size_t) {});
        if (due_nodes_.size() != node_clients_.size()) {
            due_nodes_.resize(node_clients_.size());
            std::iota(due_nodes_.begin(), due_nodes_.end(), 0u);
        }
    } else {
        due_nodes_.clear();
        each_due(false,
                 [this](std::size_t id) { due_nodes_.push_back(static_cast<std::uint32_t>(id)); });
    }
    if (due_nodes_.empty()) return;
    in_tick_ = false;
    on_threads_ = true;
    deferral_->step_nodes(due_nodes_, current_);
    on_threads_ = false;
    in_tick_ = true;
    deferral_->merge_nodes();
}

void stepper::tick() {
    current_ = cycle_of(sc_core::sc_time_stamp());
    next_tick_ = calendar::kNever;
    in_tick_ = true;
    in_cycle_ = true;
    for (const bool router_phase : {false, true}) {
        node_phase_ = !router_phase;
        if (router_phase && deferral_ && awake_count_[1] == 0)
            step_routers_on_threads();  // the same order's results (sc/step_deferral.h)
        else if (!router_phase && deferral_ && deferral_->nodes_on_threads())
            step_nodes_on_threads();  // the same (sc/staged_nodes.h)
        else
            step_due(router_phase);  // ascending id: a documented, stable order
    }
    in_tick_ = false;
    in_cycle_ = false;
    node_phase_ = false;
    if (awake_count_[0] + awake_count_[1] != 0) return schedule(current_ + 1);
    const auto a = nodes_.next(), b = routers_.next();
    if (a || b) schedule(std::min(a.value_or(calendar::kNever), b.value_or(calendar::kNever)));
}

}  // namespace d3
