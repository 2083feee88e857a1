#include "trace/wave_layout.h"

#include <algorithm>

#include "core/decoding/header.h"
#include "core/network/router_names.h"

namespace d3 {

namespace {
constexpr field_info kFields[kLinkFields] = {
    {"busy", 1},
    {"conflict", 1},
    {"requesters", 8},
    {"packet", 32},
    {"source", 32},
    {"dest", 32},
    {"header", layout::kWidth},
    {"bcast", 1},
    {"b", 3},
    {"gamma", 8},
    {"pi", 8},
    {"delta", 8},
};
constexpr unsigned kCounterWidth = 32;
}  // namespace

const field_info& link_field_info(int field) {
    return kFields[field];
}

wave_layout::wave_layout(const topology& t, std::vector<bool> links, std::vector<bool> routers,
                         const std::vector<probe_decl>& probes, int vcs, bool background)
    : t_(t),
      want_links_(std::move(links)),
      want_routers_(std::move(routers)),
      probe_decls_(probes),
      links_(want_links_.size(), kNone),
      buffers_(static_cast<std::size_t>(t.routers()) * static_cast<std::size_t>(t.link_ports() + 2),
               kNone),
      probes_(probes.size(), kNone),
      vcs_(vcs) {
    background_ = background;
    if (vcs_ > 1)
        vc_buffers_.assign(static_cast<std::size_t>(t.routers()) *
                               static_cast<std::size_t>(t.link_ports()) *
                               static_cast<std::size_t>(vcs_),
                           kNone);
}

signal_id wave_layout::vc_buffer(router_id r, int input, int vc) const {
    if (vc_buffers_.empty() || input < 0 || input >= t_.link_ports()) return kNone;
    return vc_buffers_[(static_cast<std::size_t>(r) * static_cast<std::size_t>(t_.link_ports()) +
                        static_cast<std::size_t>(input)) *
                           static_cast<std::size_t>(vcs_) +
                       static_cast<std::size_t>(vc)];
}

signal_id wave_layout::buffer(router_id r, int input) const {
    const int ports = t_.link_ports();
    const int slot = input < 0 ? ports + 1 : input;
    return buffers_[static_cast<std::size_t>(r) * static_cast<std::size_t>(ports + 2) +
                    static_cast<std::size_t>(slot)];
}

std::size_t wave_layout::links_declared() const {
    return static_cast<std::size_t>(std::count(want_links_.begin(), want_links_.end(), true));
}

void wave_layout::declare(wave_writer& w) {
    w.push_scope("d3");
    step_ = w.add_var("step", kCounterWidth);
    rounds_ = w.add_var("rounds", kCounterWidth);
    conflicts_ = w.add_var("conflicts", kCounterWidth);
    if (background_) background_conflicts_ = w.add_var("background_conflicts", kCounterWidth);
    const auto declare_probes = [&](router_id r) {
        const std::string* open = nullptr;
        for (std::size_t i = 0; i < probe_decls_.size(); ++i) {
            const probe_decl& p = probe_decls_[i];
            if (p.router != r) continue;
            if (!open || *open != p.scope) {
                if (open) w.pop_scope();
                w.push_scope(p.scope);
                open = &p.scope;
            }
            probes_[i] = w.add_var(p.name, p.width);
        }
        if (open) w.pop_scope();
    };
    declare_probes(kEveryRouter);
    std::vector<std::string> open;  // the scopes open below "d3" around the routers
    for (router_id r = 0; r < t_.routers(); ++r) {
        if (!want_routers_[r]) continue;
        const std::vector<std::string> scopes = router_scopes(t_, r);
        std::size_t same = 0;  // the enclosing scopes r shares with the router before it
        while (same + 1 < scopes.size() && same < open.size() && open[same] == scopes[same]) ++same;
        for (; open.size() > same; open.pop_back()) w.pop_scope();
        for (std::size_t i = same; i + 1 < scopes.size(); ++i) {
            w.push_scope(scopes[i]);
            open.push_back(scopes[i]);
        }
        w.push_scope(scopes.back());
        declare_router(w, r);
        declare_probes(r);
        w.pop_scope();
    }
    for (; !open.empty(); open.pop_back()) w.pop_scope();
    w.pop_scope();
    w.end_definitions();
    count_ = static_cast<std::size_t>(conflicts_) + 1;
    if (background_conflicts_ != kNone)
        count_ = std::max<std::size_t>(count_, background_conflicts_ + 1);
    for (signal_id s : links_)
        if (s != kNone) count_ = std::max<std::size_t>(count_, s + kLinkFields);
    for (signal_id s : buffers_)
        if (s != kNone) count_ = std::max<std::size_t>(count_, s + 1);
    for (signal_id s : vc_buffers_)
        if (s != kNone) count_ = std::max<std::size_t>(count_, s + 1);
    for (signal_id s : probes_)
        if (s != kNone) count_ = std::max<std::size_t>(count_, s + 1);
}

void wave_layout::declare_router(wave_writer& w, router_id r) {
    const int ports = t_.link_ports();
    const std::size_t base = static_cast<std::size_t>(r) * static_cast<std::size_t>(ports + 2);
    for (int o = 0; o < ports; ++o) {
        const std::size_t li = static_cast<std::size_t>(r) * static_cast<std::size_t>(ports) +
                               static_cast<std::size_t>(o);
        w.push_scope(port_name(o));
        if (want_links_[li]) {
            links_[li] = w.add_var(kFields[0].name, kFields[0].width);
            for (int f = 1; f < kLinkFields; ++f) w.add_var(kFields[f].name, kFields[f].width);
        }
        buffers_[base + static_cast<std::size_t>(o)] = w.add_var("in_occupancy", kOccupancyWidth);
        for (int v = 0; v < (vcs_ > 1 ? vcs_ : 0); ++v)
            vc_buffers_[li * static_cast<std::size_t>(vcs_) + static_cast<std::size_t>(v)] =
                w.add_var("vc" + std::to_string(v) + "_occupancy", kOccupancyWidth);
        w.pop_scope();
    }
    buffers_[base + static_cast<std::size_t>(ports)] =
        w.add_var("inject_occupancy", kOccupancyWidth);
    buffers_[base + static_cast<std::size_t>(ports) + 1] =
        w.add_var("hold_occupancy", kOccupancyWidth);
}

std::string wave_layout::port_name(int output) const {
    return port_scope(t_, output);
}

std::string wave_layout::router_path(router_id r) const {
    return "d3." + d3::router_path(t_, r);
}

std::string wave_layout::link_path(std::size_t li) const {
    const auto ports = static_cast<std::size_t>(t_.link_ports());
    return router_path(static_cast<router_id>(li / ports)) + "." +
           port_name(static_cast<int>(li % ports));
}

std::string wave_layout::link_signal(std::size_t li, int field) const {
    return link_path(li) + "." + gtkwave_var_name(kFields[field].name, kFields[field].width);
}

std::string wave_layout::buffer_signal(router_id r, int input) const {
    const int ports = t_.link_ports();
    std::string leaf;
    if (input < 0)
        leaf = "hold_occupancy";
    else if (input == ports)
        leaf = "inject_occupancy";
    else
        leaf = port_name(input) + ".in_occupancy";
    return router_path(r) + "." + gtkwave_var_name(leaf, kOccupancyWidth);
}

std::string wave_layout::probe_signal(std::size_t p) const {
    const probe_decl& d = probe_decls_[p];
    const std::string leaf = d.scope + "." + gtkwave_var_name(d.name, d.width);
    return d.router == kEveryRouter ? "d3." + leaf : router_path(d.router) + "." + leaf;
}

std::string wave_layout::vc_buffer_signal(router_id r, int input, int vc) const {
    return router_path(r) + "." + port_name(input) + "." +
           gtkwave_var_name("vc" + std::to_string(vc) + "_occupancy", kOccupancyWidth);
}

std::string wave_layout::global_signal(signal_id id) const {
    const char* name = id == step_                   ? "step"
                       : id == rounds_               ? "rounds"
                       : id == background_conflicts_ ? "background_conflicts"
                                                     : "conflicts";
    return "d3." + gtkwave_var_name(name, kCounterWidth);
}

std::string wave_layout::link_label(std::size_t li) const {
    const auto ports = static_cast<std::size_t>(t_.link_ports());
    const char* loop = t_.is_file() ? " (unused)" : " (hold)";  // a file network's padding
    return d3::router_path(t_, static_cast<router_id>(li / ports)) + " " +
           port_name(static_cast<int>(li % ports)) + (hold_loop(li) ? loop : "");
}

bool wave_layout::hold_loop(std::size_t li) const {
    const auto ports = static_cast<std::size_t>(t_.link_ports());
    const port_ref p = port_of(static_cast<int>(li % ports), t_.k());
    return p.global && t_.global_loops(t_.at(static_cast<router_id>(li / ports)), p.port);
}

wave_layout::link_input wave_layout::far_input(std::size_t li) const {
    const auto ports = static_cast<std::size_t>(t_.link_ports());
    const coord x = t_.at(static_cast<router_id>(li / ports));
    const topology::link_end e = t_.far_end(x, port_of(static_cast<int>(li % ports), t_.k()));
    return {t_.id(e.at), index_of(e.port, t_.k())};
}

}  // namespace d3
