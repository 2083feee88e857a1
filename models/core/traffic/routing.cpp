#include "core/traffic/routing.h"

#include "core/network/dragonfly.h"
#include "core/network/file_topology.h"

namespace d3 {

int most_steps(routing_kind k, const topology& t, ugal_valiant valiant) {
    switch (k) {
        case routing_kind::minimal:
            if (const file_topology* f = t.file()) return f->routes().diameter();
            return kMinimalSteps;
        case routing_kind::valiant:
            if (const file_topology* f = t.file()) return 2 * f->routes().diameter();
            return valiant_steps(t);
        case routing_kind::ugal:
            if (const file_topology* f = t.file()) return 2 * f->routes().diameter();
            return valiant == ugal_valiant::router ? kViaSteps : kDeflectedSteps;
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

std::optional<std::string> ugal_valiant_error(ugal_valiant valiant, ugal_rule rule,
                                              topology_kind shape) {
    if (valiant != ugal_valiant::router) return std::nullopt;
    if (shape != topology_kind::mdf)
        return std::string(
            "--ugal-valiant router needs --topology mdf (its via header names a group and a "
            "router)");
    if (rule != ugal_rule::local)
        return std::string("--ugal-valiant router needs --ugal-rule local (BookSim2's UGAL-L)");
    return std::nullopt;
}

std::unique_ptr<launch_routing> make_launch_routing(routing_kind k, const topology& t,
                                                    const occupancy_view& view, int ugal_threshold,
                                                    ugal_rule rule, ugal_valiant valiant) {
    switch (k) {
        case routing_kind::minimal:
            return make_minimal_routing(t);
        case routing_kind::valiant:
            if (const file_topology* f = t.file()) return make_file_valiant_routing(*f);
            return make_valiant_routing(t);
        case routing_kind::ugal:
            if (const file_topology* f = t.file())
                return make_file_ugal_routing(*f, view, ugal_threshold, rule);
            return make_ugal_routing(t, view, ugal_threshold, rule, valiant);
    }
    return make_minimal_routing(t);
}

}  // namespace d3
