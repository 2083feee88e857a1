// A first-in first-out queue with a size limit whose storage grows on demand (a ring that doubles
// up to the limit): the router's buffers. An empty queue owns no memory, so a run's memory follows
// the packets it holds, not the buffers it could hold. The ring's storage is a power of two (the
// limit rounded up), so an index wraps with a mask. A push beyond the limit (a flow-control bug:
// credits should have stopped it) throws std::length_error instead of overwriting the front or
// passing the limit, in every build. It is ring_slots (ring_slots.h) with its limit. Plain C++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "core/containers/ring_slots.h"

namespace d3 {

template <typename T>
class bounded_ring {
  public:
    explicit bounded_ring(std::size_t limit = 0) : limit_(static_cast<std::uint32_t>(limit)) {}
    bounded_ring(bounded_ring&&) noexcept = default;
    bounded_ring& operator=(bounded_ring&&) noexcept = default;

    /// Most elements the queue takes.
    std::size_t capacity() const { return limit_; }
    std::size_t size() const { return r_.size(); }
    bool empty() const { return r_.empty(); }
    bool full() const { return r_.full(limit_); }
    /// Elements the storage holds now (grows up to capacity() rounded up to a power of two).
    std::size_t allocated() const { return r_.allocated(); }

    /// Sets aside storage for `n` elements (at most the limit) now, instead of growing to it push
    /// by push: for a queue whose usual size is known (traffic_state's windows of open packets).
    void reserve(std::size_t n) { r_.reserve(n, limit_); }

    /// i-th element from the front.
    T& operator[](std::size_t i) { return r_[i]; }
    const T& operator[](std::size_t i) const { return r_[i]; }
    T& front() { return r_.front(); }
    const T& front() const { return r_.front(); }

    void push_back(T v) { emplace_back() = std::move(v); }
    /// Appends a default value and returns it (filled in place, without a copy).
    T& emplace_back() {
        T& v = push_slot();
        v = T{};
        return v;
    }
    /// Appends an element and returns it as its slot last held it (not reset): for a caller that
    /// sets every field it reads.
    T& push_slot() { return r_.push_slot(limit_); }
    /// Whether a push fits in the storage the queue owns now (no growing, not full).
    bool has_room_in_place() const { return r_.has_room_in_place(); }
    /// push_slot when has_room_in_place(): without its test. (Apart from the test: a caller that
    /// takes another way when the storage must grow keeps its common case free of grow's call.)
    T& push_slot_in_place() { return r_.push_slot_in_place(); }
    void pop_front() { r_.pop_front(); }
    /// ring_slots::remove_if: removes every element among the first `among` for which pred is
    /// true, keeping the order of the others.
    template <typename Pred>
    std::size_t remove_if(Pred pred, std::size_t among = ~std::size_t{0}) {
        return r_.remove_if(pred, among);
    }

  private:
    ring_slots<T> r_;
    std::uint32_t limit_ = 0;
};

}  // namespace d3
