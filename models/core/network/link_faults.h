// Failed links (issue 47, item 5): the cables a run takes out of the network before it starts,
// given as `random:N` (N cables drawn with the run's seed), `fraction:X` (that share of the
// cables) or a file naming them. A cable fails in both directions. A router's node link and D3's
// loop (global port 0 of (c,p,p)) are not cables. What a failure does to a route is
// route_crosses_failure; the routing that goes around failures is core/traffic/route_around.cpp.
// Plain C++, no SystemC. docs/resilience.md.
#pragma once

#include <cstdint>
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
    /// The failed cables of t, each named once.
    link_faults(const topology& t, std::vector<cable> failed);

    bool empty() const { return cables_.empty(); }
    const std::vector<cable>& cables() const { return cables_; }
    /// Output `out` of router r carries nothing (either direction of a failed cable).
    bool failed(router_id r, int out) const {
        return !down_.empty() && down_[static_cast<std::size_t>(r) * ports_ + out];
    }

  private:
    std::vector<cable> cables_;
    std::vector<bool> down_;  ///< routers x link ports
    std::size_t ports_ = 0;
};

/// Every cable of t once (the direction whose (router, output) is the smaller), in id order.
std::vector<cable> all_cables(const topology& t);

/// The faults SPEC names on t: `random:N`, `fraction:X` (0 <= X <= 1, rounded to the nearest
/// cable), or a file path whose lines are `c d p g A` (global port A) or `c d p l X` (local port
/// X), `#` starting a comment. Throws std::invalid_argument with a one-line reason.
link_faults parse_link_faults(const std::string& spec, const topology& t, std::uint64_t seed);

/// "(c,d,p) g A" / "(g,r) l X": a cable's name in results and errors.
std::string cable_name(const topology& t, const cable& c);

/// The unicast route `h` takes from src crosses a failed cable. A header that is not a legal
/// unicast route counts as crossing (it cannot be launched around anything).
bool route_crosses_failure(const topology& t, const link_faults& f, const coord& src,
                           const header& h);

}  // namespace d3
