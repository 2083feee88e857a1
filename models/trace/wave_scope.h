// Which part of the machine a waveform shows (--wave-scope). Plain C++.
//
//   all            every router and link (the default)
//   0,1,*          routers matching c,d,p; each field a number, a range a-b, or * (on MDF g,r:
//                  group and router; on a file network the router's index)
//   0,1,*;1,*,0    several patterns, separated by ';'
//   conflicts      only links that conflict at least once in the run (decided at the end: the
//                  trace is buffered in memory and written when the run finishes)
//   conflicts;0,*,*  both: conflicting links of the matching routers
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/network/topology.h"

namespace d3 {

class wave_scope {
  public:
    /// Parses a scope for network t (core/network/router_names.h: its pattern fields); nothing and
    /// `error` set when it is malformed or out of range.
    static std::optional<wave_scope> parse(const std::string& spec, const topology& t,
                                           std::string& error);

    /// True when the router is inside the scope's router patterns (all routers without patterns).
    bool selects(const coord& x) const;
    bool conflicts_only() const { return conflicts_; }
    bool everything() const { return patterns_.empty() && !conflicts_; }
    const std::string& text() const { return text_; }

  private:
    struct range {
        int lo = 0;
        int hi = -1;  ///< inclusive; hi < lo means any
        bool matches(int v) const { return hi < lo || (v >= lo && v <= hi); }
    };
    struct pattern {
        range c, d, p;
    };
    static bool parse_range(const std::string& s, int limit, range& out);

    std::vector<pattern> patterns_;
    bool conflicts_ = false;
    std::string text_ = "all";
};

}  // namespace d3
