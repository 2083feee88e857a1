// A first-in first-out queue of fixed capacity on one allocation: the router's input buffers.
// Plain C++.
#pragma once

#include <cassert>
#include <cstddef>
#include <vector>

namespace d3 {

template <typename T>
class fifo {
  public:
    explicit fifo(std::size_t capacity = 0) : slots_(capacity) {}

    std::size_t capacity() const { return slots_.size(); }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    bool full() const { return size_ == slots_.size(); }

    /// i-th element from the front.
    T& operator[](std::size_t i) { return slots_[wrap(head_ + i)]; }
    const T& operator[](std::size_t i) const { return slots_[wrap(head_ + i)]; }
    T& front() { return (*this)[0]; }
    const T& front() const { return (*this)[0]; }

    void push_back(T v) {
        assert(!full());
        slots_[wrap(head_ + size_)] = std::move(v);
        ++size_;
    }
    void pop_front() {
        assert(!empty());
        head_ = wrap(head_ + 1);
        --size_;
    }
    /// Removes every element for which pred is true, keeping the order of the others.
    template <typename Pred>
    std::size_t remove_if(Pred pred) {
        std::size_t kept = 0;
        for (std::size_t i = 0; i < size_; ++i) {
            T& x = (*this)[i];
            if (pred(x)) continue;
            if (kept != i) (*this)[kept] = std::move(x);
            ++kept;
        }
        const std::size_t removed = size_ - kept;
        size_ = kept;
        return removed;
    }

  private:
    std::size_t wrap(std::size_t i) const { return i >= slots_.size() ? i - slots_.size() : i; }

    std::vector<T> slots_;
    std::size_t head_ = 0;
    std::size_t size_ = 0;
};

}  // namespace d3
