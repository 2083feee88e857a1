// A first-in first-out queue with a size limit whose storage grows on demand (a ring that doubles
// up to the limit): the router's buffers. An empty queue owns no memory, so a run's memory follows
// the packets it holds, not the buffers it could hold. The ring's storage is a power of two (the
// limit rounded up), so an index wraps with a mask. A push beyond the limit (a flow-control bug:
// credits should have stopped it) throws std::length_error instead of overwriting the front or
// passing the limit, in every build. Plain C++.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace d3 {

template <typename T>
class bounded_ring {
    // Storage is raw memory: a slot holds no value until written (push_slot's callers write every
    // field they read; emplace_back resets), elements move by memcpy, none is destroyed.
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                  "bounded_ring keeps trivially copyable and destructible elements");
    static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__,
                  "bounded_ring's storage has operator new's alignment");

  public:
    explicit bounded_ring(std::size_t limit = 0) : limit_(static_cast<std::uint32_t>(limit)) {}
    bounded_ring(bounded_ring&&) noexcept = default;
    bounded_ring& operator=(bounded_ring&&) noexcept = default;

    /// Most elements the queue takes.
    std::size_t capacity() const { return limit_; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    bool full() const { return size_ == limit_; }
    /// Elements the storage holds now (grows up to capacity() rounded up to a power of two).
    std::size_t allocated() const { return std::uint32_t{mask_ + 1}; }

    /// Sets aside storage for `n` elements (at most the limit) now, instead of growing to it push
    /// by push: for a queue whose usual size is known (traffic_state's windows of open packets).
    void reserve(std::size_t n) {
        n = std::min<std::size_t>(n, limit_);
        if (n <= allocated()) return;
        std::uint32_t cap = 2;
        while (cap < n) cap *= 2;
        move_to(cap);
    }

    /// i-th element from the front.
    T& operator[](std::size_t i) { return slots_[wrap(head_ + i)]; }
    const T& operator[](std::size_t i) const { return slots_[wrap(head_ + i)]; }
    T& front() { return slots_[head_]; }
    const T& front() const { return slots_[head_]; }

    void push_back(T v) { emplace_back() = std::move(v); }
    /// Appends a default value and returns it (filled in place, without a copy).
    T& emplace_back() {
        T& v = push_slot();
        v = T{};
        return v;
    }
    /// Appends an element and returns it as its slot last held it (not reset): for a caller that
    /// sets every field it reads (the input unit's arrivals: the stores of a reset saved).
    T& push_slot() {
        if (!has_room_in_place()) grow();  // the storage is full, or the queue is
        return push_slot_in_place();
    }
    /// Whether a push fits in the storage the queue owns now (no growing, not full).
    bool has_room_in_place() const { return size_ != room_; }
    /// push_slot when has_room_in_place(): without its test. (Apart from the test: a caller that
    /// takes another way when the storage must grow, a router's arrival or credit, keeps its
    /// common case free of grow's call.)
    T& push_slot_in_place() {
        assert(has_room_in_place());
        T& v = slots_[wrap(head_ + size_)];
        ++size_;
        return v;
    }
    void pop_front() {
        assert(!empty());
        head_ = wrap(head_ + 1);
        --size_;
    }
    /// Removes every element for which pred is true, keeping the order of the others; only the
    /// first `among` elements are tested (the caller knows that no later one is to go). Those at
    /// the front (the common case: the served ones) leave without moving the rest, and when no
    /// other tested element goes, the rest is not read.
    template <typename Pred>
    std::size_t remove_if(Pred pred, std::size_t among = ~std::size_t{0}) {
        std::size_t popped = 0;
        for (; popped < among && size_ != 0 && pred(front()); ++popped) pop_front();
        const auto tested =
            static_cast<std::uint32_t>(std::min<std::size_t>(among - popped, size_));
        std::uint32_t i = 0;
        while (i < tested && !pred((*this)[i])) ++i;
        if (i == tested) return popped;
        std::uint32_t kept = i;  // i goes: the ones behind it move up
        for (++i; i < size_; ++i) {
            T& x = (*this)[i];
            if (i < tested && pred(x)) continue;
            (*this)[kept++] = std::move(x);
        }
        const std::size_t removed = size_ - kept;
        size_ = kept;
        return popped + removed;
    }

  private:
    std::size_t wrap(std::size_t i) const { return i & mask_; }
    // Out of line: a push that grows is rare, and inlined it would cost every push a larger frame.
    [[gnu::noinline]] void grow() {
        if (size_ >= limit_)
            throw std::length_error("bounded_ring: a push beyond its limit of " +
                                    std::to_string(limit_) + " elements");
        std::uint32_t most = 2;  // the limit rounded up to a power of two
        while (most < limit_ && most < (1u << 31)) most *= 2;
        move_to(std::min<std::uint32_t>(most, std::max<std::uint32_t>(2, (mask_ + 1) * 2)));
    }
    /// Moves the elements to new storage of `cap` (a power of two, at least size()) elements.
    void move_to(std::uint32_t cap) {
        // Raw storage (not new T[cap], which set every slot to T's defaults first: most of a
        // growth's cost with the router's entries), the ring's two runs (head to the storage's
        // end, then from its start) copied in two memcpy.
        storage s(static_cast<T*>(::operator new[](std::size_t{cap} * sizeof(T))));
        const std::uint32_t first = std::min(size_, mask_ + 1 - head_);
        if (first) std::memcpy(s.get(), slots_.get() + head_, first * sizeof(T));
        if (size_ > first) std::memcpy(s.get() + first, slots_.get(), (size_ - first) * sizeof(T));
        slots_ = std::move(s);
        mask_ = cap - 1;
        room_ = std::min(cap, limit_);
        head_ = 0;
    }

    struct free_storage {
        void operator()(T* p) const { ::operator delete[](p); }
    };
    using storage = std::unique_ptr<T[], free_storage>;
    storage slots_;
    std::uint32_t limit_ = 0;
    /// The storage's size minus 1, kept so that a wrap is one `and` with it: ~0 (size 0) while the
    /// queue owns no storage, so that mask_ + 1 is the size in 32-bit arithmetic either way.
    std::uint32_t mask_ = ~0u;
    /// Elements a push may find before it must grow the storage or refuse: the storage's size, at
    /// most the limit (0 while the queue owns no storage). One comparison per push covers both.
    std::uint32_t room_ = 0;
    std::uint32_t head_ = 0;
    std::uint32_t size_ = 0;
};

}  // namespace d3
