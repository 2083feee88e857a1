// UGAL-style routing at launch (section 10, "a version of UGAL-G"): the node draws one deflection,
// local port D and global port C (uniform), and compares the two first-hop queues of each route:
//   minimal   (3; dst):       own router's local port d'-p, then router (c,d,d')'s global port c'-c
//   deflected (5; dst, C, D): own router's local port D,    then router (c,d,p+D)'s global port C
// each queue being the credits in use on that output (what the node can see of its own drawer),
// scaled by the route's steps (3 and 5). A hold (port 0 that does not move) has no queue.
// On MDF the same rule, with the minimal route's first hops from the group's tables
// (minimal_first_hops): local to the exit router towards the destination group, then its port.
// With ugal_rule::local (UGAL-L, BookSim2's) each route's queue is its first output's alone.
// With ugal_valiant::router (BookSim2's ugal_dragonflynew, MDF, rule local) the non-minimal route
// goes through a random router: same-group packets stay minimal; otherwise a router drawn
// uniformly from the network (group and router), minimal when it is in the source group, else the
// via header (6; dst, via (group, router)) when the minimal route's first output holds more than
// twice the via route's first output plus the threshold.
#include <stdexcept>

#include "core/run/stats.h"
#include "core/traffic/routing.h"

namespace d3 {
namespace {

class ugal_routing final : public launch_routing {
  public:
    ugal_routing(const topology& t, const occupancy_view& v, int threshold, ugal_rule rule,
                 ugal_valiant valiant)
        : t_(t), view_(v), threshold_(threshold), rule_(rule), valiant_(valiant) {}

    header route(const coord& src, const coord& dst, traffic_rng& r) const override {
        if (valiant_ == ugal_valiant::router) return route_via(src, dst, r);
        const int d = uniform_int(r, t_.m());
        const int c = uniform_int(r, t_.k());
        const first_hops h = minimal_first_hops(t_, src, dst);
        if (rule_ == ugal_rule::local) {
            if (src.c == dst.c && src.p == dst.p && src.d == dst.d)
                return make_destination_header(kMinimalSteps, dst);
            if (ugal_local_deflects(first_queue(src, h.local, h.global), first_queue(src, d, c),
                                    threshold_))
                return make_destination_header(kDeflectedSteps, dst, c, d);
            return make_destination_header(kMinimalSteps, dst);
        }
        const int q_min = queue(src, h.local, h.global);
        const int q_defl = queue(src, d, c);
        if (ugal_deflects(q_min, q_defl, threshold_))
            return make_destination_header(kDeflectedSteps, dst, c, d);
        return make_destination_header(kMinimalSteps, dst);
    }

  private:
    header route_via(const coord& src, const coord& dst, traffic_rng& r) const {
        if (src.c == dst.c) return minimal_header(dst);
        const int group = uniform_int(r, t_.groups());
        const int router = uniform_int(r, t_.m());
        if (group == src.c) return minimal_header(dst);
        const first_hops h = minimal_first_hops(t_, src, dst);
        const first_hops v = minimal_first_hops(t_, src, {group, 0, router});
        if (ugal_local_deflects(first_queue(src, h.local, h.global),
                                first_queue(src, v.local, v.global), threshold_))
            return make_via_header(dst, group, router);
        return minimal_header(dst);
    }

    // Queue of a local hop on port x from src followed by a global hop on port a (-1: none).
    int queue(const coord& src, int x, int a) const {
        int q = 0;
        if (x != 0) q += view_.occupancy(t_.id(src), index_of({false, x}, t_.k()));
        const coord mid = t_.local_neighbor(src, x);
        if (a >= 0 && !t_.global_loops(mid, a)) q += view_.occupancy(t_.id(mid), a);
        return q;
    }

    // Queue of the first output of a route from src: local port x, or global port a when x is 0
    // (none when neither moves: the packet is at its destination router).
    int first_queue(const coord& src, int x, int a) const {
        if (x != 0) return view_.occupancy(t_.id(src), index_of({false, x}, t_.k()));
        if (a >= 0 && !t_.global_loops(src, a)) return view_.occupancy(t_.id(src), a);
        return 0;
    }

    const topology& t_;
    const occupancy_view& view_;
    int threshold_;
    ugal_rule rule_;
    ugal_valiant valiant_;
};

}  // namespace

std::unique_ptr<launch_routing> make_ugal_routing(const topology& t, const occupancy_view& view,
                                                  int threshold, ugal_rule rule,
                                                  ugal_valiant valiant) {
    const topology_kind shape = t.is_d3() ? topology_kind::d3 : topology_kind::mdf;
    if (auto e = ugal_valiant_error(valiant, rule, shape)) throw std::invalid_argument(*e);
    return std::make_unique<ugal_routing>(t, view, threshold, rule, valiant);
}

}  // namespace d3
