// The packet log (--trace-packets) as the failure tests read it: its rows, the global cable
// (1,2,3) g 1 <-> (2,3,2) g 3 of D3(4,8) they fail, which packets are on it at a step, and which
// wait at a step with a route that crosses a failure later (tests/cli/fail_*_cli_test.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace d3::test {

/// One row of the packet log (step,event,packet,message,source,destination,router,input,vc,
/// output,b).
struct log_row {
    std::uint64_t step = 0;
    std::string event, router, output;
    std::uint64_t packet = 0;
    std::string destination;
    int vc = 0, b = 0;
    std::string input, source;
};

inline std::vector<log_row> log_rows(const std::string& log) {
    std::vector<log_row> out;
    std::istringstream in(log);
    std::string line;
    std::getline(in, line);  // the header
    while (std::getline(in, line)) {
        std::istringstream r(line);
        std::string f[11];
        for (std::string& x : f) std::getline(r, x, ',');
        out.push_back({std::stoull(f[0]), f[1], f[6], f[9], std::stoull(f[2]), f[5],
                       std::stoi(f[8]), std::stoi(f[10]), f[7], f[4]});
    }
    return out;
}

/// A hop over the cable (1,2,3) global 1 <-> (2,3,2) global 3, either direction.
inline bool over_cable(const log_row& r) {
    return r.event == "hop" && ((r.router == "1.2.3" && r.output == "global 1") ||
                                (r.router == "2.3.2" && r.output == "global 3"));
}

/// The step of the last hop out of `router` (the log's "c.d.p") on `output` ("global 1"), or 0.
inline std::uint64_t last_hop_step(const std::vector<log_row>& rows, const std::string& router,
                                   const std::string& output) {
    std::uint64_t s = 0;
    for (const log_row& x : rows)
        if (x.event == "hop" && x.router == router && x.output == output) s = x.step;
    return s;
}

/// An event that moves a packet's head (a conflict-wait leaves it where it waits; lost is the
/// run's; a design-space router's `tail` is its tail's).
inline bool moves(const log_row& r) {
    return r.event != "conflict-wait" && r.event != "lost" && r.event != "tail";
}

/// The packets on the cable at step `t`: their last move before t is a hop over it (the model
/// puts a packet sent over a link in the far router's input buffer at once).
inline std::set<std::uint64_t> on_cable_at(const std::vector<log_row>& rows, std::uint64_t t) {
    std::map<std::uint64_t, const log_row*> last;
    for (const log_row& r : rows)
        if (r.step < t && moves(r)) last[r.packet] = &r;  // the log is in step order
    std::set<std::uint64_t> out;
    for (const auto& [packet, r] : last)
        if (over_cable(*r)) out.insert(packet);
    return out;
}

/// How many packets are on the cable at each step below `steps` (on_cable_at's, in one pass):
/// a packet is on it from the step after its hop over it to the step of its next move.
inline std::vector<std::size_t> on_cable_by_step(const std::vector<log_row>& rows,
                                                 std::uint64_t steps) {
    std::vector<std::size_t> n(steps, 0);
    std::unordered_map<std::uint64_t, std::uint64_t> hopped;  // packet -> step of its hop
    const auto count = [&](std::uint64_t from, std::uint64_t to) {
        for (std::uint64_t t = from + 1; t <= to && t < steps; ++t) ++n[t];
    };
    for (const log_row& r : rows) {
        if (!moves(r)) continue;
        if (const auto it = hopped.find(r.packet); it != hopped.end()) {
            count(it->second, r.step);
            hopped.erase(it);
        }
        if (over_cable(r)) hopped[r.packet] = r.step;
    }
    for (const auto& [packet, step] : hopped) count(step, steps);
    return n;
}

/// What the cable failing at step `t` takes of packets of `flits` flits (virtual cut-through on
/// one-cycle links, the paper's router), by the log before t: `heads`, those whose last move is a
/// hop over it (they wait at its far end); `tails_only`, those whose head went on but whose tail is
/// still on it (their last hop over it at s, the tail at the far end in step s + flits - 1 + 1 >=
/// t), and of them `delivered_heads`, whose head was delivered (the router's "c.d.p").
struct flit_losses {
    std::set<std::uint64_t> heads, tails_only;
    std::map<std::uint64_t, std::string> delivered_heads;
};
inline flit_losses flit_losses_at(const std::vector<log_row>& rows, std::uint64_t t,
                                  std::uint64_t flits) {
    std::map<std::uint64_t, const log_row*> last;
    std::map<std::uint64_t, std::uint64_t> crossed;  // packet -> step of its last hop over it
    for (const log_row& r : rows) {
        if (r.step >= t || !moves(r)) continue;
        last[r.packet] = &r;
        if (over_cable(r)) crossed[r.packet] = r.step;
    }
    flit_losses out;
    for (const auto& [packet, r] : last) {
        if (over_cable(*r)) {
            out.heads.insert(packet);
            continue;
        }
        const auto c = crossed.find(packet);
        if (c == crossed.end() || c->second + flits - 1 + 1 < t) continue;
        out.tails_only.insert(packet);
        if (r->event == "deliver") out.delivered_heads[packet] = r->router;
    }
    return out;
}

/// What a run that failed the cable at step `at` did with each packet, by its log: `lost`, the
/// packets of its `lost` events; `delivered`, the `deliver` events per packet; and `problems`,
/// each event that breaks the failure's rules: a `lost` event at another step than `at`, a packet
/// whose head was delivered (`delivered_heads`: packet -> router) lost elsewhere than at that
/// router's node, a hop over the cable from `at` on.
struct failed_cable_fates {
    std::set<std::uint64_t> lost;
    std::map<std::uint64_t, int> delivered;
    std::vector<std::string> problems;
};
inline failed_cable_fates fates_after_failing_cable(
    const std::vector<log_row>& run, std::uint64_t at,
    const std::map<std::uint64_t, std::string>& delivered_heads) {
    failed_cable_fates out;
    const auto problem = [&](const log_row& x, const char* what) {
        out.problems.push_back("packet " + std::to_string(x.packet) + " step " +
                               std::to_string(x.step) + ": " + what);
    };
    for (const log_row& x : run) {
        if (x.event == "lost") {
            if (x.step != at) problem(x, "lost at another step");
            out.lost.insert(x.packet);
            const auto d = delivered_heads.find(x.packet);
            if (d != delivered_heads.end() && (x.router != d->second || x.input != "node"))
                problem(x, "head delivered, lost elsewhere than at that router's node");
        }
        if (x.event == "deliver") ++out.delivered[x.packet];
        if (x.step >= at && over_cable(x)) problem(x, "crosses the failed cable");
    }
    return out;
}

/// How many of flit_losses_at's delivered_heads there are at each step below `steps`, in one
/// pass: a packet whose last hop over the cable was at s and whose head was delivered at e counts
/// at every t in e + 1 .. s + flits.
inline std::vector<std::size_t> delivered_heads_by_step(const std::vector<log_row>& rows,
                                                        std::uint64_t steps, std::uint64_t flits) {
    std::vector<std::size_t> n(steps, 0);
    std::unordered_map<std::uint64_t, std::uint64_t> crossed;  // packet -> its last hop over it
    for (const log_row& r : rows) {
        if (!moves(r)) continue;
        if (over_cable(r)) crossed[r.packet] = r.step;
        if (r.event != "deliver") continue;
        const auto c = crossed.find(r.packet);
        if (c == crossed.end()) continue;
        for (std::uint64_t t = r.step + 1; t <= c->second + flits && t < steps; ++t) ++n[t];
    }
    return n;
}

/// The packets that wait at step `t` (their last move before it in `run` is not a delivery) and
/// whose route crosses the failure: in `probe` (the same run before t, failing after it drained)
/// they use it (`uses`) at t or later. Split by where they wait (their last move): an injection
/// buffer (a detour: rerouted) or a link buffer or the hold stage (lost: every detour would climb
/// to a channel not below theirs, docs/resilience.md).
struct crossing_later {
    std::set<std::uint64_t> injected, in_network;
};
template <typename Uses>
crossing_later crossing_from(const std::vector<log_row>& probe, const std::vector<log_row>& run,
                             std::uint64_t t, Uses uses) {
    std::set<std::uint64_t> later;
    for (const log_row& x : probe)
        if (x.step >= t && moves(x) && uses(x)) later.insert(x.packet);
    std::map<std::uint64_t, const log_row*> last;
    for (const log_row& x : run)
        if (x.step < t && moves(x)) last[x.packet] = &x;
    crossing_later out;
    for (const auto& [packet, x] : last) {
        if (x->event == "deliver" || !later.count(packet)) continue;
        (x->event == "inject" ? out.injected : out.in_network).insert(packet);
    }
    return out;
}

/// What the cable failing at step `t` of `run` must lose: the packets on it, and those whose route
/// crosses it later (`probe`) while they wait in a link buffer or the hold stage (crossing's
/// in_network); those in an injection buffer (crossing's injected) go around it.
struct cable_losses {
    std::set<std::uint64_t> on_it;
    crossing_later crossing;
    std::set<std::uint64_t> expected;
};
inline cable_losses cable_losses_at(const std::vector<log_row>& probe,
                                    const std::vector<log_row>& run, std::uint64_t t) {
    cable_losses out{on_cable_at(run, t), crossing_from(probe, run, t, over_cable), {}};
    out.expected = out.on_it;
    out.expected.insert(out.crossing.in_network.begin(), out.crossing.in_network.end());
    return out;
}

}  // namespace d3::test
