// The signals of a design-space router (core/vc_router) in a wave_trace: who holds each output VC
// and how many flits each input port sends per step (trace_design).
#include <string>
#include <vector>

#include "trace/wave_trace.h"

namespace d3 {

void wave_trace::trace_design(int vcs, int terminals) {
    const int ports = t_.link_ports();
    const int n = ports + 1 + terminals;  // inputs, and outputs: the links, hold, the terminals
    const auto name = [&](int i) -> std::string {
        if (i < ports) {
            const port_ref p = port_of(i, t_.k());
            return (p.global ? "g" : "l") + std::to_string(p.port);
        }
        if (i == ports) return "hold";
        return terminals == 1 ? std::string("node") : "node" + std::to_string(i - ports - 1);
    };
    // An owner's value: 1 + input x vcs + vc (0: free), by name in the views.
    std::vector<std::string> owners{"free"};
    for (int i = 0; i < n; ++i)
        for (int v = 0; v < vcs; ++v) owners.push_back(name(i) + ".vc" + std::to_string(v));
    const int names = add_value_names("vc_owner", owners);
    unsigned width = 1;
    while ((std::uint64_t{1} << width) < owners.size()) ++width;
    design_vcs_ = vcs;
    design_ports_ = n;
    design_probe_.assign(t_.routers(), kNoProbe);
    for (router_id r = 0; r < t_.routers(); ++r) {
        if (!scope_.selects(t_.at(r))) continue;
        // A link output's owners in the group of that link; the others in no group.
        for (int o = 0; o < n; ++o)
            for (int v = 0; v < vcs; ++v) {
                const probe_id id = add_probe(r, "vc_owner", name(o) + "_vc" + std::to_string(v),
                                              width, false, names, true, probe_place::output, o);
                if (o == 0 && v == 0) design_probe_[r] = id;
            }
        // An input's flits beside its buffer: the link's far end, the hold stage, the injection.
        for (int i = 0; i < n; ++i)
            add_probe(r, "input_flits", name(i), kOccupancyWidth, true, -1, true,
                      probe_place::input,
                      i < ports    ? i
                      : i == ports ? -1
                                   : i - 1);
    }
}

void wave_trace::on_vc_grant(std::uint64_t step, router_id router, int output, int out_vc,
                             int input, int in_vc) {
    if (design_probe_.empty() || design_probe_[router] == kNoProbe) return;
    const std::uint64_t owner =
        input == kFreeVc ? 0
                         : 1 + static_cast<std::uint64_t>(design_port(input) * design_vcs_ + in_vc);
    probe(step,
          design_probe_[router] + static_cast<probe_id>(design_port(output) * design_vcs_ + out_vc),
          owner);
}

void wave_trace::on_input_flits(std::uint64_t step, router_id router, int input, int flits) {
    if (design_probe_.empty() || design_probe_[router] == kNoProbe) return;
    probe(step,
          design_probe_[router] +
              static_cast<probe_id>(design_ports_ * design_vcs_ + design_port(input)),
          static_cast<std::uint64_t>(flits));
}

void wave_trace::on_inner_conflict(std::uint64_t step, router_id router, int output,
                                   std::size_t requesters) {
    (void)output, (void)requesters;
    record r;
    r.what = kind::conflict;
    r.step = step;
    r.router = router;
    handle(r);
}

}  // namespace d3
