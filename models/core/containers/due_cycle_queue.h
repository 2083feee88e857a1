// A queue of values, each due at a cycle, kept in due order: what a router's output unit holds of
// the credits on their way back. Values mostly arrive in due order (a credit's delay is the
// link's, the same for every link of a class), so a push is an append and the search for its
// place from the back is short; popping takes the due values from the front. One contiguous
// ring per router instead of a queue per output and channel: a step touches one block of memory.
// Plain C++.
#pragma once

#include <cstdint>
#include <limits>
#include <utility>

#include "core/containers/bounded_ring.h"

namespace d3 {

template <typename T>
class due_cycle_queue {
  public:
    static constexpr std::uint64_t kNone = ~0ull;

    std::size_t size() const { return q_.size(); }
    bool empty() const { return q_.empty(); }
    /// The earliest due cycle (kNone when empty).
    std::uint64_t next_due() const { return q_.empty() ? kNone : q_.front().due; }

    /// Adds `v`, due at `due`; among values due at the same cycle, the order of pushes is kept.
    void push(std::uint64_t due, T v) {
        if (q_.empty() || last_ <= due) {  // in order: an append
            q_.push_back({due, std::move(v)});
            last_ = due;
            return;
        }
        insert(due, std::move(v));
    }

    /// push() when it is an append into the storage the ring owns now (due no earlier than the
    /// last value pushed, no growing); false (and nothing pushed) otherwise. The last value pushed
    /// counts even when the queue has emptied since (push() then takes the value): a router's
    /// credits arrive with due cycles that never go back, so the test for an empty queue each of
    /// them made is left out.
    bool push_in_place(std::uint64_t due, T v) {
        if (!q_.has_room_in_place() || last_ > due) return false;
        item& i = q_.push_slot_in_place();
        i.due = due;
        i.value = std::move(v);
        last_ = due;
        return true;
    }

    /// Calls f(value) for each value due by cycle `t`, in due order, and removes them.
    template <typename F>
    void pop_due(std::uint64_t t, F&& f) {
        while (!q_.empty() && q_.front().due <= t) {
            f(q_.front().value);
            q_.pop_front();
        }
    }

    /// Calls f(value) for each value due before cycle `t`, in due order, keeping them.
    template <typename F>
    void for_each_due_before(std::uint64_t t, F&& f) const {
        for (std::size_t i = 0; i < q_.size() && q_[i].due < t; ++i) f(q_[i].value);
    }

  private:
    /// push() out of order: out of line, so that an append (a router's credit arrival, called by
    /// the router downstream) saves and restores fewer registers.
    [[gnu::noinline]] void insert(std::uint64_t due, T v) {
        q_.push_back({});
        std::size_t i = q_.size() - 1;
        for (; i != 0 && q_[i - 1].due > due; --i) q_[i] = std::move(q_[i - 1]);  // later ones up
        q_[i] = {due, std::move(v)};
    }

    struct item {
        std::uint64_t due = 0;
        T value{};
    };
    bounded_ring<item> q_{
        std::numeric_limits<std::uint32_t>::max()};  ///< a ring that grows on demand
    /// The last value's due cycle (while q_ holds any): an append's order test reads it instead of
    /// working out the last value's place in the ring.
    std::uint64_t last_ = 0;
};

}  // namespace d3
