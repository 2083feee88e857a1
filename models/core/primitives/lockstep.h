// The paper's idealised timing as a plain C++ calendar: which directed link every packet of a node
// program uses in which step when nothing delays it (one hop or hold per step, broadcast copies
// leave in the same step). Used to predict where a published schedule conflicts and to design the
// `fixed` schedules (greedy placement of rounds into conflict-free slots). The SystemC model is
// what measures; this calendar only plans. Plain C++, no SystemC.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/header.h"
#include "core/stats.h"
#include "core/topology.h"

namespace d3 {

/// One use of a directed link: output `port` (index, see port_of) of `router` in network step
/// `cycle`.
struct link_use {
    std::uint64_t cycle = 0;
    router_id router = 0;
    std::uint16_t port = 0;
};

/// The model's time base: a packet launched by a node program at step s makes its first hop at
/// s + 1 and, after its last hop or hold at step s + n, is delivered at s + n + 1; a launch caused
/// by that delivery happens at program step s + n + 2 at the earliest.
inline constexpr std::uint64_t kFirstHopAfterLaunch = 1;

/// Appends the links used by `h` launched at router `src` at program step `step`. Holds use no
/// link. Throws std::invalid_argument when the header is invalid on the way.
void trace_links(const topology& t, router_id src, std::uint64_t step, const header& h,
                 std::vector<link_use>& out);

/// Network steps from launch to delivery of `h` (3 for a source-vector header with b = 3): the
/// delivery happens at launch step + 1 + path_steps(h).
int path_steps(const header& h);

/// Occupancy of directed links per step.
class link_calendar {
  public:
    link_calendar() = default;
    /// Adds uses shifted by `shift` steps.
    void add(const std::vector<link_use>& uses, std::uint64_t shift = 0);
    /// True when no use (shifted) meets an existing use and no two uses share a (link, step).
    bool fits(const std::vector<link_use>& uses, std::uint64_t shift = 0) const;
    /// (link, step) pairs with more than one use.
    std::uint64_t conflicts() const;
    /// The earliest of them, in (step, router, port) order, with the number of uses.
    std::vector<conflict_record> first_conflicts(std::size_t limit) const;
    std::size_t size() const { return count_.size(); }

  private:
    static std::uint64_t key(const link_use& u, std::uint64_t shift) {
        return ((u.cycle + shift) << 40) | (static_cast<std::uint64_t>(u.router) << 12) | u.port;
    }
    std::unordered_map<std::uint64_t, std::uint16_t> count_;
};

/// Where greedy placement put each round: slot[i] is the slot of round i (one round per slot).
struct placement {
    std::vector<std::size_t> order;   ///< rounds in slot order
    std::vector<std::uint64_t> slot;  ///< by round index
    std::uint64_t slots = 0;          ///< last slot + 1
    std::uint64_t delays = 0;         ///< empty slots before the last round
};

/// Places rounds (their link uses at slot 0) one per slot from `first_slot` on, each in the
/// earliest slot where it fits the calendar (which starts with `cal`'s uses and receives the
/// rounds'). In order when `reorder` is false; otherwise each slot takes the first remaining round
/// (in the given order) that fits, and a slot stays empty only when none fits.
placement place_rounds(const std::vector<std::vector<link_use>>& rounds, bool reorder,
                       link_calendar& cal, std::uint64_t first_slot = 0);

}  // namespace d3
