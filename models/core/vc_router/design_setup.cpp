#include "core/vc_router/design_setup.h"

#include <algorithm>

#include "core/decoding/vc.h"
#include "core/network/link_faults.h"

namespace d3 {

vc_router_setup design_setup(const network_config& c, const topology& t, int terminals) {
    const router_params& r = c.router;
    const microarchitecture& d = r.design;
    vc_router_setup s;
    s.link_ports = t.link_ports();
    s.terminals = terminals;
    s.vcs = r.vcs;
    s.buffer_depth = r.buffer_depth;
    // A terminal's input VCs hold what a link's do (BookSim2's terminal ports are ordinary
    // inputs).
    s.terminal_depth = r.buffer_depth;
    s.packet_length = r.packet_length;
    s.pipeline = r.pipeline;
    s.credit_delay = d.credit_delay;
    s.sw_allocator = d.sw_allocator;
    s.sw_allocator_impl = r.switch_allocator_impl;
    s.vc_allocator = d.vc_allocator;
    s.arbiter = to_string(r.arb);
    s.alloc_iters = d.alloc_iters;
    s.input_speedup = d.input_speedup == 0 ? r.vcs : d.input_speedup;
    s.output_speedup = d.output_speedup;
    s.internal_speedup = d.internal_speedup;
    s.output_queue = d.output_queue;
    s.control = d.control;
    s.wait_for_tail_credit = d.wait_for_tail_credit;
    s.classes = d.vc_classes;
    s.class_count = d.vc_classes == vc_class_kind::sync ? std::min(r.vcs, kTrafficVcs)
                                                        : std::min(d.phases, r.vcs);
    s.link_global.reserve(static_cast<std::size_t>(s.link_ports));
    s.link_latency.reserve(static_cast<std::size_t>(s.link_ports));
    for (int o = 0; o < s.link_ports; ++o) {
        const bool global = port_of(o, t.k()).global;
        s.link_global.push_back(global);
        s.link_latency.push_back(global ? r.global_latency : r.local_latency);
    }
    s.hold_latency = r.local_latency;
    s.skip_holds = d.skip_holds;
    s.log_tails = c.faults() && fault_step(c.fail_links, c.fail_routers).has_value();
    return s;
}

}  // namespace d3
