#include "core/network/router_names.h"

#include "core/network/file_topology.h"

namespace d3 {

std::vector<std::string> router_scopes(const topology& t, router_id r) {
    const coord x = t.at(r);
    if (const file_topology* f = t.file()) {
        const auto i = static_cast<std::uint32_t>(x.c);
        std::string name = f->net().name(i);
        if (name == std::to_string(i)) name = "r" + name;  // unnamed: its number, as a scope
        return {name};
    }
    if (!t.is_d3()) return {"g" + std::to_string(x.c), "r" + std::to_string(x.p)};
    return {"c" + std::to_string(x.c), "d" + std::to_string(x.d), "p" + std::to_string(x.p)};
}

std::string router_path(const topology& t, router_id r) {
    std::string s;
    for (const std::string& scope : router_scopes(t, r)) s += (s.empty() ? "" : ".") + scope;
    return s;
}

std::string port_scope(const topology& t, int output) {
    if (t.is_file()) return "port" + std::to_string(output);
    const port_ref p = port_of(output, t.k());
    return (p.global ? "g" : "l") + std::to_string(p.port);
}

std::vector<router_field> pattern_fields(const topology& t) {
    if (t.is_file()) return {{&coord::c, static_cast<int>(t.routers()), "r", "routers"}};
    if (!t.is_d3())
        return {{&coord::c, t.groups(), "g", "groups"}, {&coord::p, t.m(), "r", "routers"}};
    return {{&coord::c, t.k(), "c", "cabinets"},
            {&coord::d, t.m(), "d", "drawers"},
            {&coord::p, t.m(), "p", "routers"}};
}

}  // namespace d3
