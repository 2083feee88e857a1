// What the router's units pass between them: a packet waiting in a buffer or the hold stage
// (`entry`), and a request for this step's service (`request`). A broadcast entry's copies not
// served yet live out of line in the router's `fanout` lists, so that an entry is a small,
// trivially copyable record (40 bytes) that the buffers move by plain copies.
#pragma once

#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/decoding/decoder.h"
#include "core/decoding/expand.h"
#include "sc/protocol.h"

namespace d3 {

/// The target lists of the broadcast entries in one router, recycled: an entry names its list by
/// index (entry::fan).
class fanout {
  public:
    static constexpr std::uint32_t kNone = ~0u;

    /// A new empty list.
    std::uint32_t open() {
        if (free_.empty()) {
            lists_.emplace_back();
            return static_cast<std::uint32_t>(lists_.size() - 1);
        }
        const std::uint32_t i = free_.back();
        free_.pop_back();
        lists_[i].clear();
        return i;
    }
    /// Gives list `i` back (its storage is kept for the next broadcast).
    void close(std::uint32_t i) { free_.push_back(i); }
    std::vector<target>& operator[](std::uint32_t i) { return lists_[i]; }
    const std::vector<target>& operator[](std::uint32_t i) const { return lists_[i]; }

  private:
    std::vector<std::vector<target>> lists_;
    std::vector<std::uint32_t> free_;
};

struct entry {
    packet* pkt = nullptr;
    std::uint64_t ready = 0;  ///< cycle from which it may be served
    decision dec;             ///< the route stage's decision (once `decoded`)
    // fan, to, decoded and done side by side in 8 bytes: an arrival (input_unit::fill) sets them
    // with one store.
    std::uint32_t fan = fanout::kNone;  ///< broadcast: its list of copies not served yet
    target to = kEjectTarget;           ///< unicast: where it goes
    bool decoded = false;
    bool done = false;  ///< every copy was served: the slot is freed at the end of the step
    /// In the last step, every link it asked for lacked a credit (it waits for one, not for the
    /// next cycle: next_work). Written by the router's step only where it can change: a unicast's
    /// when its link has no credit (router::no_credit), cleared when it has one but loses the
    /// switch; a broadcast's when its copies are offered (set unless one is the hold stage's),
    /// cleared when a copy is served or has a credit. A unicast served is done, its flag not read
    /// again, so it is not written: two stores less per request.
    bool stalled = false;

    bool broadcast() const { return fan != fanout::kNone; }
};
static_assert(std::is_trivially_copyable_v<entry>, "buffers move entries by plain copies");

/// The lists a router fills in every step (its requests, the switch's requests and outputs) are
/// reserved when the router is built, up to this many entries: a router's arrays are then allocated
/// together, close to each other, instead of wherever the heap has room when a list first grows in
/// a step. A large network steps every router in turn, so each lies in lines no longer cached since
/// its last step; fewer, adjacent lines are fewer misses (docs/performance.md, eleventh round).
/// Longer lists still grow as they need. (The hold stage's lists are left out: reserving them cost
/// memory and saved no misses.)
inline constexpr std::size_t kStepList = 16;
/// The entries to reserve for a list of at most `most` entries.
inline constexpr std::size_t step_list(std::size_t most) {
    return most < kStepList ? most : kStepList;
}

/// A packet asking for service in this step, with the buffer it waits in. No default member
/// initialisers: a request_list appends one without writing it (fill_in_allocator).
struct request {
    entry* e;
    std::uint32_t source;  ///< buffer index (input unit), or the hold stage's index
};

/// An allocator whose construct() without arguments default-initialises (std::allocator
/// value-initialises): a request appended by emplace_back() and then filled member by member is
/// written once, not zeroed first (two stores less per request).
template <typename T>
struct fill_in_allocator : std::allocator<T> {
    template <typename U>
    struct rebind {
        using other = fill_in_allocator<U>;
    };
    fill_in_allocator() = default;
    template <typename U>
    fill_in_allocator(const fill_in_allocator<U>&) noexcept {}
    template <typename U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <typename U, typename... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};

/// A step's list of requests (router, input unit, hold stage).
using request_list = std::vector<request, fill_in_allocator<request>>;

}  // namespace d3
