// Failed links and routers (issue 47, item 5): the cables a run takes out of the network before
// it starts, given as `random:N` (N cables drawn with the run's seed), `fraction:X` (that share
// of the cables) or a file naming them; and the routers, given alike. A cable fails in both
// directions; a failed router's cables all fail, and its node sends and receives nothing. A
// router's node link and D3's loop (global port 0 of (c,p,p)) are not cables. What a failure does
// to a route is route_crosses_failure; the routing that goes around failures is
// core/traffic/route_around.cpp. Plain C++, no SystemC. docs/resilience.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/decoding/header.h"
#include "core/network/topology.h"

namespace d3 {

/// One cable: output `out` of router `from` (an index of port_of) and its far end.
struct cable {
    router_id from = 0;
    int out = 0;
    router_id to = 0;
    int in = 0;  ///< the output of `to` that is the same cable's other direction
};

class link_faults {
  public:
    link_faults() = default;
    /// The failed cables of t, each named once, and the failed routers (whose cables fail too).
    link_faults(const topology& t, std::vector<cable> failed, std::vector<router_id> routers = {});

    bool empty() const { return cables_.empty() && routers_.empty(); }
    /// The cables named as failed (not those of the failed routers).
    const std::vector<cable>& cables() const { return cables_; }
    /// The failed routers, in id order.
    const std::vector<router_id>& routers() const { return routers_; }
    bool router_failed(router_id r) const {
        return !router_down_.empty() && router_down_[static_cast<std::size_t>(r)];
    }
    /// Output `out` of router r carries nothing (either direction of a failed cable).
    bool failed(router_id r, int out) const {
        return !down_.empty() && down_[static_cast<std::size_t>(r) * ports_ + out];
    }

  private:
    /// Both directions of `c` fail; false when they had already.
    bool take_down(const cable& c);

    std::vector<cable> cables_;
    std::vector<router_id> routers_;
    std::vector<bool> down_;  ///< routers x link ports
    std::vector<bool> router_down_;
    std::size_t ports_ = 0;
};

/// Every cable of t once (the direction whose (router, output) is the smaller), in id order.
std::vector<cable> all_cables(const topology& t);

/// The faults SPEC names on t: `random:N`, `fraction:X` (0 <= X <= 1, rounded to the nearest
/// cable), or a file path whose lines are `c d p g A` (global port A) or `c d p l X` (local port
/// X), `#` starting a comment. Throws std::invalid_argument with a one-line reason.
link_faults parse_link_faults(const std::string& spec, const topology& t, std::uint64_t seed);

/// The routers SPEC names on t (--fail-routers): `random:N`, `fraction:X` (of the routers,
/// rounded to the nearest), or a file of `c d p` lines; in id order. Throws
/// std::invalid_argument with a one-line reason.
std::vector<router_id> parse_router_faults(const std::string& spec, const topology& t,
                                           std::uint64_t seed);

/// A --fail-links or --fail-routers value: its SPEC, and the step T of `SPEC@T` (a failure during
/// the run; nothing: before it). The last '@' splits them when what follows it is a number.
struct timed_fault_spec {
    std::string spec;
    std::optional<std::uint64_t> at;
};
/// Splits `value` (see timed_fault_spec). Throws std::invalid_argument, one line naming `option`,
/// when what follows the last '@' is not a step number.
timed_fault_spec split_fault_step(const std::string& value, const char* option);
/// The step at which --fail-links `links` and --fail-routers `routers` fail (nothing: before the
/// run). Throws std::invalid_argument for a bad @T, or for the two given with different times.
std::optional<std::uint64_t> fault_step(const std::string& links, const std::string& routers);

/// --fail-links `links` and --fail-routers `routers` (either may be empty) together, each
/// without its @T.
link_faults parse_faults(const std::string& links, const std::string& routers, const topology& t,
                         std::uint64_t seed);

/// "(c,d,p) g A" / "(g,r) l X": a cable's name in results and errors.
std::string cable_name(const topology& t, const cable& c);

/// The route `h` takes from src (a broadcast: any of its copies) crosses a failed cable. A header
/// that is not a legal route counts as crossing (it cannot be launched around anything).
bool route_crosses_failure(const topology& t, const link_faults& f, const coord& src,
                           const header& h);

}  // namespace d3
