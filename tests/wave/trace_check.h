// Reading d3sim traces back for tests: per-step values of a signal, every link crossing, and the
// check that each packet's crossings follow the topology and its header. Header-only test helper.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/network/topology.h"
#include "core/run/stats.h"
#include "trace/formats/vcd_reader.h"

namespace d3::test {

/// Values of a variable at steps 0..end (inclusive).
inline std::vector<std::uint64_t> per_step(const vcd_file& v, std::size_t var) {
    std::vector<std::uint64_t> out(v.end_time() + 1, 0);
    const auto& ch = v.changes(var);
    for (std::size_t i = 0; i < ch.size(); ++i) {
        const std::uint64_t until = i + 1 < ch.size() ? ch[i + 1].time : v.end_time() + 1;
        for (std::uint64_t t = ch[i].time; t < until && t < out.size(); ++t) out[t] = ch[i].value;
    }
    return out;
}

/// Sum over all links of the steps in [from, to) in which their conflict flag is 1.
inline std::uint64_t conflict_steps_in(const vcd_file& v, std::uint64_t from, std::uint64_t to) {
    std::uint64_t n = 0;
    const std::string tail = ".conflict";
    for (std::size_t i = 0; i < v.vars().size(); ++i) {
        const std::string& p = v.vars()[i].path;
        if (p.size() <= tail.size() || p.compare(p.size() - tail.size(), tail.size(), tail) != 0)
            continue;
        const auto flags = per_step(v, i);
        for (std::uint64_t t = from; t < to && t < flags.size(); ++t) n += flags[t];
    }
    return n;
}

/// Sum over all links of the steps in which their conflict flag is 1.
inline std::uint64_t conflict_steps(const vcd_file& v) {
    return conflict_steps_in(v, 0, v.end_time() + 1);
}

struct crossing {
    std::uint64_t step = 0;
    router_id router = 0;
    int output = 0;  ///< output index (port_of)
    std::uint64_t source = 0, dest = 0, bcast = 0, b = 0, gamma = 0, pi = 0, delta = 0;
};

/// Every step in which a traced link was busy, grouped by packet id, in step order.
inline std::map<std::uint64_t, std::vector<crossing>> crossings(const vcd_file& v,
                                                                const topology& t) {
    std::map<std::uint64_t, std::vector<crossing>> out;
    for (int c = 0; c < t.k(); ++c)
        for (int d = 0; d < t.m(); ++d)
            for (int p = 0; p < t.m(); ++p)
                for (int o = 0; o < t.link_ports(); ++o) {
                    const port_ref pr = port_of(o, t.k());
                    const std::string base = "d3.c" + std::to_string(c) + ".d" + std::to_string(d) +
                                             ".p" + std::to_string(p) + (pr.global ? ".g" : ".l") +
                                             std::to_string(pr.port) + ".";
                    const auto busy = v.find(base + "busy");
                    if (!busy) continue;
                    const auto get = [&](const char* f) { return per_step(v, *v.find(base + f)); };
                    const auto on = per_step(v, *busy);
                    const auto pkt = get("packet"), src = get("source"), dst = get("dest");
                    const auto bb = get("bcast"), sb = get("b"), g = get("gamma"), pi = get("pi"),
                               de = get("delta");
                    for (std::uint64_t s = 0; s < on.size(); ++s)
                        if (on[s])
                            out[pkt[s]].push_back({s, t.id({c, d, p}), o, src[s], dst[s], bb[s],
                                                   sb[s], g[s], pi[s], de[s]});
                }
    for (auto& [id, list] : out)
        std::sort(list.begin(), list.end(),
                  [](const crossing& a, const crossing& b) { return a.step < b.step; });
    return out;
}

/// Why a unicast source-vector packet's crossings do not follow its header over the topology,
/// or "" when they do. `exact`: no conflicts, so every stage takes exactly one step.
inline std::string check_path(const topology& t, const std::vector<crossing>& path, bool exact) {
    const crossing& first = path.front();
    coord at = t.at(static_cast<router_id>(first.source));
    if (first.router != first.source) return "first crossing is not at the source router";
    int stage = 3;  // the sync counter the next decode sees
    std::uint64_t step = 0;
    for (std::size_t i = 0; i < path.size(); ++i) {
        const crossing& x = path[i];
        if (x.source != first.source || x.dest != first.dest || x.gamma != first.gamma ||
            x.pi != first.pi || x.delta != first.delta)
            return "header fields change on the way";
        const int decoded = static_cast<int>(x.b) + 1;  // the trace shows b after the step
        if (decoded > stage) return "sync counter goes up";
        // Stages skipped since the last crossing must be holds: a zero field (global: at a fixed
        // point).
        for (int s = stage; s > decoded; --s) {
            const bool hold = s == 2 ? (first.gamma == 0 && topology::is_fixed_point(at))
                                     : (s == 3 ? first.delta : first.pi) == 0;
            if (!hold) return "stage " + std::to_string(s) + " skipped but its field is not a hold";
        }
        if (t.id(at) != x.router) return "crossing at a router the previous hop does not reach";
        const port_ref p = port_of(x.output, t.k());
        const std::uint64_t want = decoded == 2   ? first.gamma
                                   : decoded == 3 ? first.delta
                                                  : first.pi;
        if (p.global != (decoded == 2) || static_cast<std::uint64_t>(p.port) != want)
            return "port does not match the header field of stage " + std::to_string(decoded);
        if (i > 0) {
            const std::uint64_t need = static_cast<std::uint64_t>(stage + 1 - decoded);
            const std::uint64_t gap = x.step - step;
            if (exact ? gap != need : gap < need)
                return "step gap " + std::to_string(gap) + " where the header needs " +
                       std::to_string(need);
        }
        at = t.far_end(at, p).at;
        stage = decoded - 1;
        step = x.step;
    }
    for (int s = stage; s >= 1; --s) {
        const bool hold = s == 2 ? (first.gamma == 0 && topology::is_fixed_point(at))
                                 : (s == 3 ? first.delta : first.pi) == 0;
        if (!hold) return "ends before its last hop";
    }
    if (t.id(at) != first.dest) return "ends at a router other than dest";
    return "";
}

}  // namespace d3::test
