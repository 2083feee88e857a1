// The paper's idealised timing as a plain C++ calendar: which directed link every packet of a node
// program uses in which step when nothing delays it (one hop or hold per step, broadcast copies
// leave in the same step). Used to predict where a published schedule conflicts and to design the
// `fixed` schedules (greedy placement of rounds into conflict-free slots). The SystemC model is
// what measures; this calendar only plans. Plain C++, no SystemC.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

#include <tsl/robin_map.h>

#include "core/decoding/expand.h"
#include "core/decoding/header.h"
#include "core/network/topology.h"
#include "core/run/stats.h"

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

/// trace_links for many headers: keeps its buffers from one trace to the next. Planning a
/// schedule traces one header per node and round, N^2 of them for an all-to-all; the buffers
/// were most of that cost when every trace allocated its own.
class link_tracer {
  public:
    void trace(const topology& t, router_id src, std::uint64_t step, const header& h,
               std::vector<link_use>& out);

  private:
    struct copy {
        coord at;
        header hdr;
    };
    std::vector<copy> now_, next_;
    std::vector<hop> hops_;
};

/// Network steps from launch to delivery of `h` (3 for a source-vector header with b = 3): the
/// delivery happens at launch step + 1 + path_steps(h).
int path_steps(const header& h);

/// Occupancy of directed links per step. A calendar filled slot by slot closes the steps no later
/// slot reaches (filled_before): their conflicts stay counted and their uses are dropped,
/// so it holds only the open steps. Planning a large all-to-all (MDF(15,17)'s) held every use of
/// the whole program otherwise, many times the memory of the run itself.
class link_calendar {
  public:
    /// How many of the earliest conflicts first_conflicts keeps.
    static constexpr std::size_t kFirstConflicts = 4;

    link_calendar() = default;
    /// Adds uses shifted by `shift` steps. Throws std::logic_error for a use in a closed step.
    void add(const std::vector<link_use>& uses, std::uint64_t shift = 0);
    /// True when no use (shifted) meets an existing use, none is in a closed step and no two uses
    /// share a (link, step).
    bool fits(const std::vector<link_use>& uses, std::uint64_t shift = 0) const;
    /// The slots before `slot` are filled (a launch in slot s makes its first hop in step
    /// s + kFirstHopAfterLaunch): closes the steps before that slot's first hop.
    void filled_before(std::uint64_t slot) { close_before(slot + kFirstHopAfterLaunch); }
    /// (link, step) pairs with more than one use.
    std::uint64_t conflicts() const;
    /// The earliest kFirstConflicts of them, in (step, router, port) order, with the number of
    /// uses.
    std::vector<conflict_record> first_conflicts() const;

  private:
    void close_before(std::uint64_t step);
    // One step's uses by (router << 12 | port), hashed by splitmix64's finaliser: the keys of a
    // step are regular (one port, routers in arithmetic progressions), and an identity hash
    // clusters them even in a prime-sized table.
    struct link_key_hash {
        std::size_t operator()(std::uint64_t k) const {
            k = (k ^ (k >> 30)) * 0xBF58476D1CE4E5B9ull;
            k = (k ^ (k >> 27)) * 0x94D049BB133111EBull;
            return static_cast<std::size_t>(k ^ (k >> 31));
        }
    };
    using step_uses = tsl::robin_map<std::uint64_t, std::uint16_t, link_key_hash>;
    static std::uint64_t key(const link_use& u) {
        return (static_cast<std::uint64_t>(u.router) << 12) | u.port;
    }
    /// The step's conflicts in (router, port) order, appended to `out` up to kFirstConflicts.
    static void append_conflicts(std::uint64_t step, const step_uses& uses,
                                 std::vector<conflict_record>& out);

    std::deque<step_uses> open_;  ///< steps closed_, closed_ + 1, ...
    std::uint64_t closed_ = 0;    ///< the steps before this one are closed
    std::uint64_t closed_conflicts_ = 0;
    std::vector<conflict_record> closed_first_;  ///< the earliest of the closed steps' conflicts
};

/// Where greedy placement put each round: slot[i] is the slot of round i (one round per slot).
struct placement {
    std::vector<std::size_t> order;   ///< rounds in slot order
    std::vector<std::uint64_t> slot;  ///< by round index
    std::uint64_t slots = 0;          ///< last slot + 1
    std::uint64_t delays = 0;         ///< empty slots before the last round
};

/// Round i's link uses at slot 0 (the reference may be to a buffer the function refills).
using round_uses = std::function<const std::vector<link_use>&(std::size_t i)>;

/// Places `count` rounds one per slot from `first_slot` on, each in the earliest slot where it
/// fits the calendar (which starts with `cal`'s uses and receives the rounds'). In order when
/// `reorder` is false; otherwise each slot takes the first remaining round (in the given order)
/// that fits, and a slot stays empty only when none fits. Closes the calendar's steps behind the
/// slot it fills (no later round reaches them).
placement place_rounds(std::size_t count, const round_uses& rounds, bool reorder,
                       link_calendar& cal, std::uint64_t first_slot = 0);

}  // namespace d3
