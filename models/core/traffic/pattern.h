// Synthetic traffic patterns: where a packet created at a node goes. Plain C++.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/enum_names.h"
#include "core/network/topology.h"
#include "core/traffic/random.h"

namespace d3 {

struct worst_case_traffic;  // core/network/graphs/worst_case.h

enum class traffic_pattern {
    uniform,  ///< every router equally likely, the source included (a file network whose routers
              ///< have unequal terminals: every terminal equally likely, its router the
              ///< destination)
    permutation,  ///< a random permutation of the routers (with a terminal), fixed per run (seed)
    drawer_to_drawer,  ///< (c,d,p) -> (c+1, d+1, p): all of a drawer to one other drawer (Thm 2);
                       ///< MDF: (g,r) -> (g+1,r), the dragonfly's worst case over one global link
    hotspot,           ///< router 0 with probability hotspot_fraction, otherwise uniform
    transpose,         ///< (c,d,p) -> (K-1-c, p, d): the (d,p) grid transposed, cabinets mirrored;
                       ///< MDF: router id i -> N-1-i
    // BookSim2's patterns (its traffic.cpp), on router ids (bit patterns: N a power of two) or on
    // the coordinates as digits (c, d, p) of radices (K, M, M), MDF (g, r) of (groups, M):
    bitcomp,   ///< id -> ~id (the id's log2 N bits complemented)
    bitrev,    ///< id -> its log2 N bits reversed
    shuffle,   ///< id -> its log2 N bits rotated left by one
    tornado,   ///< each digit x of radix k -> x + ceil(k/2) - 1 mod k
    neighbor,  ///< each digit x of radix k -> x + 1 mod k
    randperm,  ///< a random permutation of the routers (BookSim2's name; as permutation)
    /// router id r -> r + S mod N (--shift S): on a built network whose routers are numbered by
    /// address, S = a nucleus's, row's or super-node's routers sends each whole to the next one
    shift,
    /// a file network's worst-case permutation for its minimal tables (Towles and Dally;
    /// core/network/graphs/worst_case.h): the most pairs on one channel
    worst_case,
};

inline constexpr enum_entry<traffic_pattern> kTrafficPatternNames[] = {
    {traffic_pattern::uniform, "uniform"},
    {traffic_pattern::permutation, "permutation"},
    {traffic_pattern::drawer_to_drawer, "drawer-to-drawer"},
    {traffic_pattern::hotspot, "hotspot"},
    {traffic_pattern::transpose, "transpose"},
    {traffic_pattern::bitcomp, "bitcomp"},
    {traffic_pattern::bitrev, "bitrev"},
    {traffic_pattern::shuffle, "shuffle"},
    {traffic_pattern::tornado, "tornado"},
    {traffic_pattern::neighbor, "neighbor"},
    {traffic_pattern::randperm, "randperm"},
    {traffic_pattern::shift, "shift"},
    {traffic_pattern::worst_case, "worst-case"}};

/// The routers of --hotspot's NODES, router ids separated by commas ("0,17,40"), each below
/// `routers` and given once; or why not (the error names the option).
std::variant<std::vector<router_id>, std::string> parse_hotspots(const std::string& nodes,
                                                                 std::uint32_t routers);

/// Why pattern `p` cannot run on `routers` routers (the bit patterns need a power of two; the
/// shift pattern's `shift` must be 1..N-1), or nothing.
std::optional<std::string> pattern_problem(traffic_pattern p, std::uint32_t routers,
                                           std::uint32_t shift = 1);
/// Why pattern `p` cannot run on `t`: worst-case needs a file network's minimal tables (on D3
/// and MDF drawer-to-drawer is the worst case). Or nothing.
std::optional<std::string> pattern_problem_on(traffic_pattern p, const topology& t);
constexpr const auto& enum_names_of(traffic_pattern) {
    return kTrafficPatternNames;
}

/// The routers with a terminal and, when their counts differ (a file network's `terminals`
/// list), each router as often as it has terminals (else empty): what the patterns draw from.
struct terminal_routers {
    std::vector<router_id> senders;
    std::vector<router_id> owners;
};
terminal_routers terminals_of(const topology& t);

class pattern_generator {
  public:
    /// seed fixes the permutation; hotspot_fraction in [0, 1], the share of packets sent to
    /// one of `hotspots` (drawn uniformly among them; none given: router 0); `shift` the shift
    /// pattern's S, in 1..N-1.
    pattern_generator(const topology& t, traffic_pattern p, std::uint64_t seed,
                      double hotspot_fraction, std::vector<router_id> hotspots = {},
                      router_id shift = 1);

    /// The destination of a packet created at src (random patterns draw from r). Uniform, the
    /// common pattern, inline: its one draw then joins the caller's (traffic_program::launches).
    router_id destination(router_id src, traffic_rng& r) const {
        if (plain_uniform_) return any_router(r);
        return destination_other(src, r);
    }

    /// --traffic worst-case: its channel and load (core/network/graphs/worst_case.h), else null.
    const worst_case_traffic* worst_case() const { return worst_.get(); }

    /// Uniform destinations, each from one draw (destination_of_draw): every router alike.
    bool uniform() const { return plain_uniform_; }
    /// The uniform pattern's destination for the draw `x` (what destination() returns when the
    /// stream gives x).
    router_id destination_of_draw(std::uint64_t x) const {
        return static_cast<router_id>(x % static_cast<std::uint64_t>(routers_));
    }

  private:
    /// A router drawn uniformly, the source included.
    router_id any_router(traffic_rng& r) const { return destination_of_draw(r()); }
    /// The router of a terminal drawn uniformly, the source's included (uniform; hotspot off
    /// its hot spot): any_router() where every router has as many terminals.
    router_id any_terminal(traffic_rng& r) const {
        if (owners_.empty()) return any_router(r);
        return owners_[static_cast<std::size_t>(r() % owners_.size())];
    }
    /// destination() of the other patterns.
    router_id destination_other(router_id src, traffic_rng& r) const;
    /// BookSim2's bit permutations of the id's log2 N bits.
    router_id bit_pattern(router_id src) const;
    /// BookSim2's digit permutations, each coordinate a digit: next(x, radix).
    router_id digit_pattern(router_id src, int (*next)(int x, int radix)) const;

    const topology& t_;
    int routers_;  ///< t_.routers(), kept: a uniform draw per packet
    traffic_pattern p_;
    double hotspot_;
    std::vector<router_id> hotspots_;  ///< hotspot pattern: at least one
    std::vector<router_id> perm_;      ///< permutation patterns only (and worst_case)
    std::shared_ptr<const worst_case_traffic> worst_;  ///< worst_case only
    /// A file network whose routers have unequal terminals: terminal i's router, router r
    /// repeated as often as it has terminals (terminals_of); else empty.
    std::vector<router_id> owners_;
    bool plain_uniform_;  ///< uniform over routers: p_ uniform and owners_ empty
    router_id shift_;     ///< shift pattern only
};

}  // namespace d3
