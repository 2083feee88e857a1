// The wake-up calendar of a network: which routers or nodes have work in which cycle. A timing
// wheel indexed by cycle, with an overflow heap for requests beyond its horizon. A client that
// asks twice before it runs keeps only its earliest request, so a step costs what is active, not
// what exists. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <utility>
#include <vector>

namespace d3 {

class calendar {
  public:
    static constexpr std::uint64_t kNever = ~0ull;

    /// `clients`: ids 0..clients-1. `horizon`: the largest distance (in cycles) between the
    /// current cycle and a request expected in normal use (longer ones go to the overflow heap).
    calendar(std::uint32_t clients, std::uint64_t horizon);

    /// Makes room for clients 0..clients-1 (new ones wait for nothing).
    void resize(std::uint32_t clients) { wake_.resize(clients, kNever); }

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
        wake_[id] = cycle;
        if (cycle - open_ > mask_) return record_far(id, cycle);
        std::vector<std::uint32_t>& bucket = wheel_[cycle & mask_];
        if (bucket.size() == bucket.capacity()) return record_growing(bucket, id, cycle);
        bucket.push_back(id);
        ++in_wheel_;
        return cycle;
    }

    /// Calls f(id) for each client due at `cycle`, in the order of their requests, and forgets
    /// them. Cycles must be taken in increasing order; f must not change the calendar.
    template <typename F>
    void take_each(std::uint64_t cycle, F&& f) {
        open_ = cycle;
        if (!far_.empty()) admit_far();
        auto& bucket = wheel_[cycle & mask_];
        for (std::uint32_t id : bucket)
            if (wake_[id] == cycle) {
                wake_[id] = kNever;
                f(id);
            }
        in_wheel_ -= bucket.size();
        bucket.clear();
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
    /// request() into a bucket whose storage must grow first: out of line, so that the common
    /// case saves no registers for the vector's reallocation.
    [[gnu::noinline]] std::uint64_t record_growing(std::vector<std::uint32_t>& bucket,
                                                   std::uint32_t id, std::uint64_t cycle);
    /// Moves the requests beyond the horizon that now fall inside it into the wheel (take_each).
    void admit_far();

    using far_entry = std::pair<std::uint64_t, std::uint32_t>;
    std::vector<std::uint64_t> wake_;                ///< per client, kNever when not waiting
    std::vector<std::vector<std::uint32_t>> wheel_;  ///< bucket cycle & mask_
    std::uint64_t mask_;
    std::uint64_t open_ = 0;  ///< cycles below this were taken
    std::size_t in_wheel_ = 0;
    std::priority_queue<far_entry, std::vector<far_entry>, std::greater<far_entry>> far_;
};

}  // namespace d3
