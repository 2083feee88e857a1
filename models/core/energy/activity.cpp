#include "core/energy/activity.h"

#include <numeric>
#include <stdexcept>

namespace d3 {

namespace {

std::uint64_t sum(const std::vector<std::uint64_t>& v) {
    return std::accumulate(v.begin(), v.end(), std::uint64_t{0});
}

/// `flits` over the `n` terminal positions from `first` on, as evenly as integers go (the routers
/// count their terminals' flits together).
void spread(std::vector<std::uint64_t>& at, int first, int n, std::uint64_t flits) {
    const auto each = flits / static_cast<std::uint64_t>(n);
    const auto rest = flits % static_cast<std::uint64_t>(n);
    for (int i = 0; i < n; ++i)
        at[static_cast<std::size_t>(first + i)] += each + (static_cast<std::uint64_t>(i) < rest);
}

/// The flits that arrived on each link input of router `id` (by port index): what the far end's
/// output toward it sent.
std::vector<std::uint64_t> arrivals(const topology& t, const std::vector<router_counts>& counts,
                                    router_id id) {
    const int ports = t.link_ports();
    std::vector<std::uint64_t> in(static_cast<std::size_t>(ports), 0);
    const coord x = t.at(id);
    for (int o = 0; o < ports; ++o) {
        const topology::link_end e = t.far_end(x, port_of(o, t.k()));
        const router_counts& from = counts[t.id(e.at)];
        in[static_cast<std::size_t>(index_of(e.port, t.k()))] +=
            from.link_out[static_cast<std::size_t>(o)];
    }
    return in;
}

/// The crossbar per port of a paper router: its links' and its terminals' (spread) flits.
void paper_crossbar(router_activity& a, const router_counts& c,
                    const std::vector<std::uint64_t>& in, const crossbar_layout& l) {
    for (std::size_t o = 0; o < c.link_out.size(); ++o) {
        const auto at = static_cast<std::size_t>(l.link_position(static_cast<int>(o)));
        a.xbar_out[at] = c.link_out[o];
        a.xbar_in[at] = in[o];
    }
    spread(a.xbar_out, 0, l.terminals, c.ejected_flits);
    spread(a.xbar_in, 0, l.terminals, c.injected_flits);
    a.buffer_writes = sum(in) + c.injected_flits;
    a.crossbar = sum(a.xbar_out);
}

/// A design-space router's own per-port counts (links, hold port, terminals) in layout order; its
/// hold port's flits are the hold stage's.
void design_crossbar(router_activity& a, const router_counts& c, const crossbar_layout& l) {
    const int links = l.local + l.global;
    std::uint64_t held = 0;
    for (std::size_t p = 0; p < c.crossed_in.size(); ++p) {
        const int port = static_cast<int>(p);
        if (port == links) {
            held = c.crossed_in[p];  // what left the hold port's buffer
            continue;
        }
        const auto at =
            static_cast<std::size_t>(port < links ? l.link_position(port) : port - links - 1);
        a.xbar_in[at] = c.crossed_in[p];
        a.xbar_out[at] = c.crossed_out[p];
    }
    a.buffer_writes = sum(c.crossed_in) - held + c.buffered_flits;
    a.crossbar = sum(a.xbar_out);
}

void add(router_activity& to, const router_activity& a) {
    to.buffer_writes += a.buffer_writes;
    to.buffer_reads += a.buffer_reads;
    to.crossbar += a.crossbar;
    to.sa_requests += a.sa_requests;
    to.sa_grants += a.sa_grants;
    to.va_requests += a.va_requests;
    to.va_grants += a.va_grants;
    to.decodes += a.decodes;
    to.holds += a.holds;
    to.replications += a.replications;
    to.hold_flits += a.hold_flits;
    to.local_flits += a.local_flits;
    to.global_flits += a.global_flits;
    to.injection_flits += a.injection_flits;
    to.ejection_flits += a.ejection_flits;
}

}  // namespace

network_activity work_out_activity(const topology& t, const std::vector<router_counts>& counts,
                                   const crossbar_layout& layout, std::uint64_t steps) {
    if (counts.size() != t.routers())
        throw std::invalid_argument("activity: a count per router is needed");
    network_activity n;
    n.layout = layout;
    n.steps = steps;
    n.routers.resize(counts.size());
    const auto ports = static_cast<std::size_t>(layout.ports());
    for (router_id id = 0; id < counts.size(); ++id) {
        const router_counts& c = counts[id];
        router_activity& a = n.routers[id];
        a.xbar_in.assign(ports, 0);
        a.xbar_out.assign(ports, 0);
        if (c.crossed_out.empty())
            paper_crossbar(a, c, arrivals(t, counts, id), layout);
        else
            design_crossbar(a, c, layout);
        a.buffer_reads = a.buffer_writes - c.buffered_flits;
        a.sa_requests = c.sa_requests;
        a.sa_grants = c.sa_grants;
        a.va_requests = c.va_requests;
        a.va_grants = c.va_grants;
        a.decodes = c.decodes;
        a.holds = c.holds;
        a.replications = c.replications;
        a.hold_flits = c.hold_flits;
        for (std::size_t o = 0; o < c.link_out.size(); ++o)
            (port_of(static_cast<int>(o), t.k()).global ? a.global_flits : a.local_flits) +=
                c.link_out[o];
        a.injection_flits = c.injected_flits;
        a.ejection_flits = c.ejected_flits;
        add(n.total, a);
    }
    return n;
}

nlohmann::json network_activity::to_json() const {
    const router_activity& s = total;
    return {
        {"cycles", steps},
        {"buffer_writes", s.buffer_writes},
        {"buffer_reads", s.buffer_reads},
        {"crossbar_traversals", s.crossbar},
        {"switch_allocator", {{"requests", s.sa_requests}, {"grants", s.sa_grants}}},
        {"vc_allocator", {{"requests", s.va_requests}, {"grants", s.va_grants}}},
        {"route_decodes", s.decodes},
        {"holds", s.holds},
        {"hold_flits", s.hold_flits},
        {"replications", s.replications},
        {"link_flits",
         {{"local", s.local_flits},
          {"global", s.global_flits},
          {"injection", s.injection_flits},
          {"ejection", s.ejection_flits}}},
        {"crossbar_ports", layout.ports()},
    };
}

}  // namespace d3
