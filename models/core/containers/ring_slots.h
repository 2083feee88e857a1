// The storage and indices of a first-in first-out ring whose storage grows on demand, without its
// size limit: the owner passes the limit where it matters (a push that must grow, a fullness
// test), so that rings that share one limit (the input unit's link buffers) do not keep it each.
// `Index` is the width of the indices: 16 bits make a ring 16 bytes (its storage's pointer and
// four indices), for limits up to kMostSlots. An empty ring owns no memory; the storage is a power
// of two (the limit rounded up), so an index wraps with a mask. A push beyond the limit throws
// std::length_error instead of overwriting the front or passing the limit, in every build.
// bounded_ring (bounded_ring.h) is this ring with its limit. Plain C++.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace d3 {

template <typename T, typename Index = std::uint32_t>
class ring_slots {
    // Storage is raw memory: a slot holds no value until written (push_slot's callers write every
    // field they read), elements move by memcpy, none is destroyed.
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                  "ring_slots keeps trivially copyable and destructible elements");
    static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__,
                  "ring_slots' storage has operator new's alignment");
    static_assert(std::is_unsigned_v<Index> && sizeof(Index) <= sizeof(std::uint32_t),
                  "ring_slots' indices are unsigned, at most 32 bits");

  public:
    /// The largest limit a ring of this Index takes: its storage (the limit rounded up to a power
    /// of two) must leave the mask's all-ones value to the ring without storage.
    static constexpr std::size_t kMostSlots =
        std::size_t{std::numeric_limits<Index>::max()} / 2 + 1;

    ring_slots() = default;
    ring_slots(ring_slots&&) noexcept = default;
    ring_slots& operator=(ring_slots&&) noexcept = default;

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    /// No room for another element under `limit`.
    bool full(std::size_t limit) const { return size_ == limit; }
    /// Elements the storage holds now (grows up to the limit rounded up to a power of two).
    std::size_t allocated() const { return static_cast<Index>(mask_ + 1); }

    /// Sets aside storage for `n` elements (at most `limit`) now, instead of growing to it push
    /// by push.
    void reserve(std::size_t n, std::size_t limit) {
        n = std::min(n, limit);
        if (n <= allocated()) return;
        std::size_t cap = 2;
        while (cap < n) cap *= 2;
        move_to(cap, limit);
    }

    /// i-th element from the front.
    T& operator[](std::size_t i) { return slots_[wrap(head_ + i)]; }
    const T& operator[](std::size_t i) const { return slots_[wrap(head_ + i)]; }
    T& front() { return slots_[head_]; }
    const T& front() const { return slots_[head_]; }

    /// Appends an element and returns it as its slot last held it (not reset); grows the storage
    /// when it is full, up to `limit`.
    T& push_slot(std::size_t limit) {
        if (!has_room_in_place()) grow(limit);  // the storage is full, or the queue is
        return push_slot_in_place();
    }
    /// Whether a push fits in the storage the ring owns now (no growing, not full).
    bool has_room_in_place() const { return size_ != room_; }
    /// push_slot when has_room_in_place(): without its test.
    T& push_slot_in_place() {
        assert(has_room_in_place());
        T& v = slots_[wrap(head_ + size_)];
        ++size_;
        return v;
    }
    void pop_front() {
        assert(!empty());
        head_ = static_cast<Index>(wrap(head_ + 1u));
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
        size_ = static_cast<Index>(kept);
        return popped + removed;
    }

  private:
    std::size_t wrap(std::size_t i) const { return i & mask_; }
    // Out of line: a push that grows is rare, and inlined it would cost every push a larger frame.
    [[gnu::noinline]] void grow(std::size_t limit) {
        if (size_ >= limit)
            throw std::length_error("bounded_ring: a push beyond its limit of " +
                                    std::to_string(limit) + " elements");
        std::size_t most = 2;  // the limit rounded up to a power of two
        while (most < limit && most < kMostSlots) most *= 2;
        move_to(std::min(most, std::max<std::size_t>(2, allocated() * 2)), limit);
    }
    /// Moves the elements to new storage of `cap` (a power of two, at least size()) elements.
    void move_to(std::size_t cap, std::size_t limit) {
        assert(cap <= kMostSlots && limit <= kMostSlots);
        // Raw storage (not new T[cap], which set every slot to T's defaults first), the ring's two
        // runs (head to the storage's end, then from its start) copied in two memcpy.
        storage s(static_cast<T*>(::operator new[](cap * sizeof(T))));
        const std::size_t first = std::min<std::size_t>(size_, allocated() - head_);
        if (first) std::memcpy(s.get(), slots_.get() + head_, first * sizeof(T));
        if (size_ > first) std::memcpy(s.get() + first, slots_.get(), (size_ - first) * sizeof(T));
        slots_ = std::move(s);
        mask_ = static_cast<Index>(cap - 1);
        room_ = static_cast<Index>(std::min(cap, limit));
        head_ = 0;
    }

    struct free_storage {
        void operator()(T* p) const { ::operator delete[](p); }
    };
    using storage = std::unique_ptr<T[], free_storage>;
    storage slots_;
    /// The storage's size minus 1, kept so that a wrap is one `and` with it: all ones (size 0 in
    /// Index arithmetic) while the ring owns no storage.
    Index mask_ = static_cast<Index>(~Index{0});
    /// Elements a push may find before it must grow the storage or refuse: the storage's size, at
    /// most the limit (0 while the ring owns no storage). One comparison per push covers both.
    Index room_ = 0;
    Index head_ = 0;
    Index size_ = 0;
};

}  // namespace d3
