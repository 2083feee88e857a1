// The wake-up calendar of a network: which routers or nodes have work in which cycle. A timing
// wheel indexed by cycle whose slots are bitmaps of clients, with an overflow heap for requests
// beyond its horizon. A client that asks twice before it runs keeps only its earliest request,
// so a step costs what is active (and a word per 64 clients), not what exists. Plain C++, no
// SystemC.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <utility>
#include <vector>

#include "core/containers/bits.h"

namespace d3 {

class calendar {
  public:
    static constexpr std::uint64_t kNever = ~0ull;

    /// `clients`: ids 0..clients-1. `horizon`: the largest distance (in cycles) between the
    /// current cycle and a request expected in normal use (longer ones go to the overflow heap).
    calendar(std::uint32_t clients, std::uint64_t horizon);

    /// Makes room for clients 0..clients-1 (new ones wait for nothing).
    void resize(std::uint32_t clients);

    /// Asks that `id` runs at `cycle`. Cycles already taken are moved to the first cycle not
    /// taken. Ignored when `id` already waits for a cycle no later than that. Returns the cycle
    /// the request was recorded for, or kNever when it was ignored.
    std::uint64_t request(std::uint32_t id, std::uint64_t cycle) {
        if (cycle < open_) cycle = open_;
        return request_open(id, cycle);
    }
    /// request() of a cycle not taken yet (no earlier than the last one taken + 1), which the
    /// stepper's wake-ups during a step always are: without the clamp.
    std::uint64_t request_open(std::uint32_t id, std::uint64_t cycle) {
        if (wake_[id] <= cycle) return kNever;
        return request_unasked(id, cycle);
    }
    /// request_open() when `id` waits for no cycle before `cycle` (the stepper's wake-ups, which
    /// test the cycle asked for and raise it to the first open one after): without the test. A
    /// request for the cycle `id` waits for already is recorded again, which changes nothing
    /// (the same bit; the slot's count only tells that it has requests). Always inline: in an
    /// arrival's wake-up, its call's frame cost more than its body.
    [[gnu::always_inline]] std::uint64_t request_unasked(std::uint32_t id, std::uint64_t cycle) {
        wake_[id] = cycle;
        if (cycle - open_ > mask_) return record_far(id, cycle);
        record(id, cycle);
        return cycle;
    }

    /// Requests made apart, by one of several threads at once (each for clients no other thread
    /// asks for meanwhile), and put in by add_requests once they are done.
    struct apart_requests {
        std::vector<std::uint32_t> counts;                         ///< per slot, as requests_
        std::vector<std::pair<std::uint64_t, std::uint32_t>> far;  ///< beyond the horizon
    };
    /// request_unasked() made apart: the client's bit set in its slot's word atomically (a word
    /// holds 64 clients, perhaps of two threads), the slot's count and a request beyond the
    /// horizon kept in `r`.
    void request_apart(std::uint32_t id, std::uint64_t cycle, apart_requests& r) {
        wake_[id] = cycle;
        if (cycle - open_ > mask_) {
            r.far.emplace_back(cycle, id);
            return;
        }
        const std::size_t slot = static_cast<std::size_t>(cycle & mask_);
        __atomic_fetch_or(&bits_[(static_cast<std::size_t>(id >> 6) << slot_bits_) + slot],
                          1ull << (id & 63), __ATOMIC_RELAXED);
        if (r.counts.empty()) r.counts.resize(requests_.size(), 0);
        ++r.counts[slot];
    }
    /// Puts in the requests made apart in `r` (on one thread, after them), and empties it.
    void add_requests(apart_requests& r);

    /// Calls f(id) (id a std::size_t) for each client due at `cycle`, in ascending id order, and
    /// forgets them. Cycles must be taken in increasing order. f may request later cycles (a
    /// client stepped by f asks for its next one): every client due is forgotten before the first
    /// call, so that such a request is recorded for any of them, and until take_each returns a
    /// request mask_ + 1 cycles or more ahead goes to the overflow heap, never into the slot being
    /// taken.
    template <typename F>
    void take_each(std::uint64_t cycle, F&& f) {
        open_ = cycle;
        if (!far_.empty()) admit_far();
        const std::size_t slot = static_cast<std::size_t>(cycle & mask_);
        if (requests_[slot] == 0) {
            open_ = cycle + 1;
            return;
        }
        requests_[slot] = 0;
        const std::size_t stride = std::size_t{1} << slot_bits_;
        std::uint64_t* const first = bits_.data() + slot;
        // Forgets the clients due and drops the requests superseded by an earlier one. The ids
        // are std::size_t (core/containers/bits.h): no widening per client where they index wake_
        // and the caller's table.
        const std::size_t ids = std::size_t{words_} * 64;
        std::uint64_t* word = first;
        for (std::size_t base = 0; base < ids; base += 64, word += stride)
            for (std::uint64_t bits = *word; bits != 0; bits &= bits - 1) {
                std::uint64_t& w = wake_[base + lowest_bit(bits)];
                if (w == cycle)
                    w = kNever;
                else
                    *word &= ~(bits & -bits);
            }
        word = first;
        for (std::size_t base = 0; base < ids; base += 64, word += stride) {
            std::uint64_t bits = *word;
            if (bits == 0) continue;
            *word = 0;
            for (; bits != 0; bits &= bits - 1) f(base + lowest_bit(bits));
        }
        open_ = cycle + 1;
    }

    /// The earliest cycle after the last one taken with a request (possibly one superseded by an
    /// earlier request of the same client), or nothing.
    std::optional<std::uint64_t> next() const;

    /// The cycle `id` waits for, or kNever.
    std::uint64_t waiting(std::uint32_t id) const { return wake_[id]; }

  private:
    /// A request beyond the wheel's horizon (the overflow heap).
    std::uint64_t record_far(std::uint32_t id, std::uint64_t cycle);
    /// Sets id's bit in the slot of `cycle` (within the horizon).
    void record(std::uint32_t id, std::uint64_t cycle) {
        const std::size_t slot = static_cast<std::size_t>(cycle & mask_);
        bits_[(static_cast<std::size_t>(id >> 6) << slot_bits_) + slot] |= 1ull << (id & 63);
        ++requests_[slot];
    }
    /// Moves the requests beyond the horizon that now fall inside it into the wheel (take_each).
    void admit_far();

    using far_entry = std::pair<std::uint64_t, std::uint32_t>;
    std::vector<std::uint64_t> wake_;  ///< per client, kNever when not waiting
    /// The wheel: per word of 64 clients, one bitmap per slot (cycle & mask_; word w of slot s at
    /// w * 2^slot_bits_ + s), so that clients added at elaboration append their words.
    std::vector<std::uint64_t> bits_;
    /// Per slot: requests recorded since it was last taken (some perhaps superseded); 0: none.
    std::vector<std::uint32_t> requests_;
    std::uint32_t words_ = 0;
    unsigned slot_bits_ = 4;  ///< the wheel has 2^slot_bits_ slots
    std::uint64_t mask_;
    std::uint64_t open_ = 0;  ///< cycles below this were taken
    std::priority_queue<far_entry, std::vector<far_entry>, std::greater<far_entry>> far_;
};

}  // namespace d3
