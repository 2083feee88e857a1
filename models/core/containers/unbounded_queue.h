// An unbounded first-in first-out queue on one vector: a node's launches waiting for injection
// credits. Cheaper than std::deque for the push-many, pop-from-front pattern (no block per few
// elements). Plain C++.
#pragma once

#include <cstddef>
#include <vector>

namespace d3 {

template <typename T>
class unbounded_queue {
  public:
    /// The front is never past the end but in an empty queue (pop_front clears the vector when
    /// it takes the last element): emptiness is the vector's, without size()'s division by
    /// sizeof(T) (a node asks in every step and on every credit).
    bool empty() const { return items_.empty(); }
    std::size_t size() const { return items_.size() - head_; }
    T& front() { return items_[head_]; }
    void push_back(const T& v) { items_.push_back(v); }
    /// Storage for `n` elements now: a queue whose usual size is known grows no more to it.
    void reserve(std::size_t n) { items_.reserve(n); }
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
    /// Removes the elements at the front while pred(element) holds and returns how many it
    /// removed: pop_front's loop with the front and end read once (a node's credits that came
    /// back by its step).
    template <typename Pred>
    std::size_t pop_front_while(Pred pred) {
        const std::size_t first = head_, end = items_.size();
        std::size_t i = first;
        while (i != end && pred(items_[i])) ++i;
        if (i == first) return 0;
        if (i == end) {
            items_.clear();
            head_ = 0;
        } else {
            head_ = i;
            compact();
        }
        return i - first;
    }
    void pop_front() {
        if (++head_ == items_.size()) {
            items_.clear();
            head_ = 0;
        } else {
            compact();
        }
    }

    /// Keeps the elements for which keep(element) is true, in order (keep may change them).
    template <typename Keep>
    void retain(Keep keep) {
        std::size_t kept = 0;
        for (std::size_t i = head_; i < items_.size(); ++i)
            if (keep(items_[i])) items_[kept++] = items_[i];
        items_.resize(kept);
        head_ = 0;
    }

  private:
    /// Drops the taken elements once they are at least 1024 and half the vector.
    void compact() {
        if (head_ >= 1024 && head_ * 2 >= items_.size()) {
            items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
            head_ = 0;
        }
    }

    std::vector<T> items_;
    std::size_t head_ = 0;
};

}  // namespace d3
