#include "core/traffic/routing.h"

#include "core/network/dragonfly.h"

namespace d3 {

int most_steps(routing_kind k, const topology& t) {
    switch (k) {
        case routing_kind::minimal:
            return kMinimalSteps;
        case routing_kind::valiant:
            return valiant_steps(t);
        case routing_kind::ugal:
            return kDeflectedSteps;
    }
    return kDeflectedSteps;
}

first_hops minimal_first_hops(const topology& t, const coord& src, const coord& dst) {
    if (t.is_d3())  // (d', p) local to (c,d,d'), then (c', c) global
        return {mod(dst.d - src.p, t.m()), mod(dst.c - src.c, t.k())};
    if (src.c == dst.c) return {0, -1};
    const port_end e = t.mdf()->exit_to(src.c, dst.c);
    return {mod(e.router - src.p, t.m()), e.port};
}

std::unique_ptr<launch_routing> make_launch_routing(routing_kind k, const topology& t,
                                                    const occupancy_view& view, int ugal_threshold,
                                                    ugal_rule rule) {
    switch (k) {
        case routing_kind::minimal:
            return make_minimal_routing(t);
        case routing_kind::valiant:
            return make_valiant_routing(t);
        case routing_kind::ugal:
            return make_ugal_routing(t, view, ugal_threshold, rule);
    }
    return make_minimal_routing(t);
}

}  // namespace d3
