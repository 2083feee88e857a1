// Routing decided by the node at launch (paper section 10): the destination header it launches.
// One small interface, one file per algorithm (Noxim-style): route_minimal.cpp (b = 3),
// route_valiant.cpp (b = 4, random global port C), route_ugal.cpp (b = 3 or b = 5 with local port D
// and global port C, chosen against the drawer's queues). The routers then only read tables
// (d3::decode). Plain C++.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/decoding/header.h"
#include "core/enum_names.h"
#include "core/network/topology.h"
#include "core/traffic/occupancy_view.h"
#include "core/traffic/random.h"

namespace d3 {

enum class routing_kind { minimal, valiant, ugal };
inline constexpr enum_entry<routing_kind> kRoutingKindNames[] = {{routing_kind::minimal, "minimal"},
                                                                 {routing_kind::valiant, "valiant"},
                                                                 {routing_kind::ugal, "ugal"}};
constexpr const auto& enum_names_of(routing_kind) {
    return kRoutingKindNames;
}

/// What UGAL compares (route_ugal.cpp): `global` the paper's UGAL-G, the queues of both routes'
/// first two hops in the source drawer scaled by their steps (ugal_deflects); `local` UGAL-L as
/// BookSim2's dragonfly has it, the source router's own output of each route only, minimal while
/// q_min <= 2 q_deflected + T (ugal_local_deflects).
enum class ugal_rule { global, local };
inline constexpr enum_entry<ugal_rule> kUgalRuleNames[] = {{ugal_rule::global, "global"},
                                                           {ugal_rule::local, "local"}};
constexpr const auto& enum_names_of(ugal_rule) {
    return kUgalRuleNames;
}

/// UGAL's non-minimal route (route_ugal.cpp): `group` the paper's deflection (b = 5; dst, C, D), a
/// random local port D and global port C, through a random group with one local hop there at most;
/// `router` BookSim2's ugal_dragonflynew (MDF, rule local), a via header (6; dst) to a random
/// router of the network (docs/header-format.md): minimal to it, then to the destination, up to
/// two local hops in the intermediate group; same-group packets and intermediate routers in the
/// source group stay minimal.
enum class ugal_valiant { group, router };
inline constexpr enum_entry<ugal_valiant> kUgalValiantNames[] = {{ugal_valiant::group, "group"},
                                                                 {ugal_valiant::router, "router"}};
constexpr const auto& enum_names_of(ugal_valiant) {
    return kUgalValiantNames;
}

class launch_routing {
  public:
    virtual ~launch_routing() = default;
    /// The header a node at src launches for a packet to dst; may draw from r.
    virtual header route(const coord& src, const coord& dst, traffic_rng& r) const = 0;
};

/// (3; dst): the table route l-g-l of section 10, three steps (on either topology).
std::unique_ptr<launch_routing> make_minimal_routing(const topology& t);
/// D3: (4; dst, C random), the paper's Valiant-like variant: a global hop to cabinet c+C first,
/// then the minimal route, four steps. MDF: (5; dst, C, D random), the dragonfly's Valiant: local
/// D and global C reach an intermediate group drawn uniformly from the K*M others, then the
/// minimal route, five steps.
std::unique_ptr<launch_routing> make_valiant_routing(const topology& t);
/// UGAL-style: one random deflection (D, C) against the minimal route, compared by queue x hops
/// (ugal_deflects, with `threshold`) over what `view` shows of the source drawer.
/// With ugal_valiant::router (rule local, MDF; ugal_valiant_error) the non-minimal route is a via
/// header through a random router.
std::unique_ptr<launch_routing> make_ugal_routing(const topology& t, const occupancy_view& view,
                                                  int threshold = 0,
                                                  ugal_rule rule = ugal_rule::global,
                                                  ugal_valiant valiant = ugal_valiant::group);

class file_topology;
/// Valiant on a file network (route_file.cpp): through a router drawn uniformly, a via header.
std::unique_ptr<launch_routing> make_file_valiant_routing(const file_topology& f);
/// UGAL on a file network: that draw against the minimal route, by each route's first queue at
/// the source router weighed by its hops (ugal_weighs_detour), or by ugal_local_deflects.
std::unique_ptr<launch_routing> make_file_ugal_routing(const file_topology& f,
                                                       const occupancy_view& view, int threshold,
                                                       ugal_rule rule);

std::unique_ptr<launch_routing> make_launch_routing(routing_kind k, const topology& t,
                                                    const occupancy_view& view,
                                                    int ugal_threshold = 0,
                                                    ugal_rule rule = ugal_rule::global,
                                                    ugal_valiant valiant = ugal_valiant::group);

/// Why UGAL cannot take `valiant` with `rule` on a `shape` network (router: MDF and rule local
/// only), or nothing.
std::optional<std::string> ugal_valiant_error(ugal_valiant valiant, ugal_rule rule,
                                              topology_kind shape);

/// The first two hops of the minimal route from src to dst: the local port x taken at src (0: none)
/// and the global port a taken at the router x leads to (-1: none, the route stays in its group).
struct first_hops {
    int local = 0;
    int global = -1;
};
first_hops minimal_first_hops(const topology& t, const coord& src, const coord& dst);

/// Hop counts UGAL weighs the queues with: the minimal route's 3 steps, the deflected route's 5.
inline constexpr int kMinimalSteps = 3;
inline constexpr int kDeflectedSteps = 5;

/// The minimal routing's header for a packet to dst. Inline: synthetic traffic takes it without
/// the virtual call (traffic_program::launches, a call per packet).
inline header minimal_header(const coord& dst) {
    return make_destination_header(kMinimalSteps, dst);
}

/// The Valiant route's steps, its header's b: 4 on D3 (a global jump, then the table route), 5 on
/// MDF (local D and global C, then the table route).
inline int valiant_steps(const topology& t) {
    return t.is_d3() ? 4 : kDeflectedSteps;
}

/// The most link steps a packet launched with routing `k` takes on `t` (its header's first b):
/// minimal 3, Valiant valiant_steps(), UGAL 5 (6 with ugal_valiant::router). The size estimates of
/// traces use it.
int most_steps(routing_kind k, const topology& t, ugal_valiant valiant = ugal_valiant::group);

/// The UGAL rule with each route's own hop count (a file network's routes, route_file.cpp): deflect
/// when q_defl x hops_defl + threshold < q_min x hops_min. ugal_deflects is it with D3's and MDF's
/// 3 and 5 steps.
inline bool ugal_weighs_detour(int q_min, int hops_min, int q_defl, int hops_defl,
                               int threshold = 0) {
    return static_cast<long long>(q_defl) * hops_defl + threshold <
           static_cast<long long>(q_min) * hops_min;
}

/// The UGAL rule: deflect when the deflected route's queue, scaled by its hop count, plus a
/// threshold (BookSim's adaptive_threshold; 0 by default) is shorter than the minimal route's
/// (ties stay minimal).
/// (64-bit: no threshold or queue length overflows it.)
inline bool ugal_deflects(int q_min, int q_defl, int threshold = 0) {
    return ugal_weighs_detour(q_min, kMinimalSteps, q_defl, kDeflectedSteps, threshold);
}

/// UGAL-L's rule (BookSim2's ugal_dragonflynew): deflect unless the minimal route's first queue is
/// at most twice the deflected one's plus the threshold.
inline bool ugal_local_deflects(int q_min, int q_defl, int threshold = 0) {
    return static_cast<long long>(q_min) > 2LL * q_defl + threshold;
}

}  // namespace d3
