// What a router and its output ports are called in waves and their gtkwave views: each network
// with its own names (issue 48 item 5), so that no (c, d, p) appears where the network has none.
//   D3(K,M):      c<c> / d<d> / p<p>, ports g<a> (global) and l<x> (local)
//   MDF(K,M):     g<group> / r<router>, ports g<a> and l<x>
//   a file network: the file's `name` of the router (or r<index>), ports port<n>
// Plain C++, no SystemC.
#pragma once

#include <string>
#include <vector>

#include "core/network/topology.h"

namespace d3 {

/// Router r's scopes from the outermost: {"c0", "d1", "p2"}, {"g3", "r5"} or {"north_1"}.
std::vector<std::string> router_scopes(const topology& t, router_id r);
/// The same joined by '.': "c0.d1.p2", "g3.r5", "north_1".
std::string router_path(const topology& t, router_id r);
/// Output port `output`'s scope: "g1" or "l2" (D3, MDF), "port3" (a file network).
std::string port_scope(const topology& t, int output);

/// The fields that pick routers in a `--wave-scope` pattern: c,d,p on D3, g,r on MDF (coord's c
/// and p), the router's index on a file network (coord's c).
struct router_field {
    int coord::*of;    ///< the coordinate it matches
    int limit;         ///< its values are 0 .. limit - 1
    const char* name;  ///< in the pattern's words: "c", "d", "p"; "g", "r"
    const char* what;  ///< its values in words: "cabinets", "drawers", ...
};
std::vector<router_field> pattern_fields(const topology& t);

}  // namespace d3
