// A queue of values, each due at a cycle, kept in due order: what a router's output unit holds of
// the credits on their way back. Values mostly arrive in due order (a credit's delay is the
// link's, the same for every link of a class), so a push is an append and the search for its
// place from the back is short; popping takes the due values from the front. One contiguous
// ring per router instead of a queue per output and channel: a step touches one block of memory.
// Plain C++.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>

namespace d3 {

template <typename T>
class due_queue {
  public:
    static constexpr std::uint64_t kNone = ~0ull;

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    /// The earliest due cycle (kNone when empty).
    std::uint64_t next_due() const { return size_ == 0 ? kNone : slots_[head_].due; }

    /// Adds `v`, due at `due`; among values due at the same cycle, the order of pushes is kept.
    void push(std::uint64_t due, T v) {
        if (size_ == cap_) grow();
        std::size_t i = size_;
        while (i != 0 && at(i - 1).due > due) {  // later values move up one place
            at(i) = at(i - 1);
            --i;
        }
        at(i) = {due, std::move(v)};
        ++size_;
    }

    /// Calls f(value) for each value due by cycle `t`, in due order, and removes them.
    template <typename F>
    void pop_due(std::uint64_t t, F&& f) {
        while (size_ != 0 && slots_[head_].due <= t) {
            f(slots_[head_].value);
            head_ = head_ + 1 == cap_ ? 0 : head_ + 1;
            --size_;
        }
    }

    /// Calls f(due, value) for each value, in due order (diagnosis).
    template <typename F>
    void for_each(F&& f) const {
        for (std::size_t i = 0; i < size_; ++i) f(at(i).due, at(i).value);
    }

  private:
    struct item {
        std::uint64_t due = 0;
        T value{};
    };
    item& at(std::size_t i) { return slots_[wrap(head_ + i)]; }
    const item& at(std::size_t i) const { return slots_[wrap(head_ + i)]; }
    std::size_t wrap(std::size_t i) const { return i >= cap_ ? i - cap_ : i; }
    void grow() {
        const std::size_t cap = cap_ == 0 ? 8 : cap_ * 2;
        std::unique_ptr<item[]> s(new item[cap]);
        for (std::size_t i = 0; i < size_; ++i) s[i] = at(i);
        slots_ = std::move(s);
        cap_ = cap;
        head_ = 0;
    }

    std::unique_ptr<item[]> slots_;
    std::size_t cap_ = 0;
    std::size_t head_ = 0;
    std::size_t size_ = 0;
};

}  // namespace d3
