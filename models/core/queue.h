// An unbounded first-in first-out queue on one vector: a node's launches waiting for injection
// credits. Cheaper than std::deque for the push-many, pop-from-front pattern (no block per few
// elements). Plain C++.
#pragma once

#include <cstddef>
#include <vector>

namespace d3 {

template <typename T>
class queue {
  public:
    /// The front is never past the end but in an empty queue (pop_front clears the vector when
    /// it takes the last element): emptiness is the vector's, without size()'s division by
    /// sizeof(T) (a node asks in every step and on every credit).
    bool empty() const { return items_.empty(); }
    std::size_t size() const { return items_.size() - head_; }
    T& front() { return items_[head_]; }
    void push_back(const T& v) { items_.push_back(v); }
    /// push_back when the storage has room for `v` (no reallocation, no call); false, and
    /// nothing pushed, otherwise.
    bool push_back_in_place(const T& v) {
        if (items_.size() == items_.capacity()) return false;
        items_.push_back(v);
        return true;
    }
    template <typename It>
    void append(It first, It last) {
        items_.insert(items_.end(), first, last);
    }
    void pop_front() {
        if (++head_ == items_.size()) {
            items_.clear();
            head_ = 0;
        } else if (head_ >= 1024 && head_ * 2 >= items_.size()) {
            items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
            head_ = 0;
        }
    }

  private:
    std::vector<T> items_;
    std::size_t head_ = 0;
};

}  // namespace d3
