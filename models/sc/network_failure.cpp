// network::fail_waiting and network::fail_node: a failure during the run (--fail-links SPEC@T,
// docs/resilience.md, "Failures at a step"). None of it runs without @T.
#include <algorithm>
#include <sstream>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/traffic/failure_at_step.h"
#include "sc/network.h"

namespace d3 {

void network::fail_waiting(std::uint64_t t, const waiting_judge& judge, const waiting_lost& lost) {
    if (routers[0].design()) return fail_waiting_design(t, judge, lost);
    for (router_id r = 0; r < topo_.routers(); ++r)
        routers[r].fail_waiting(t,
                                [&](packet& p, int where, int vc, const router::copies_left* left) {
                                    waiting_place w{r, where, vc};
                                    w.copies_left = left;
                                    const router::waiting_verdict v = judge(p, w);
                                    if (v == router::waiting_verdict::removed)
                                        take_lost(t, p, w, lost);
                                    return v;
                                });
}

void network::take_lost(std::uint64_t t, packet& p, const waiting_place& w,
                        const waiting_lost& lost) {
    const bool dropped =
        p.hdr.broadcast  // a copy: the deliveries of its remaining tree
            ? ledger_.drop_copy(p.msg, waiting_broadcast_destinations(topo_, w, p.hdr))
            : ledger_.drop(p.msg);
    if (!dropped) {
        std::ostringstream os;
        os << "a failure at step " << t << " took packet " << p.serial << " (message " << p.msg
           << "), which the ledger cannot drop";
        SC_REPORT_ERROR("d3/network", os.str().c_str());
    }
    lost(p, w);
    pool_.release(&p);
}

waiting_place network::design_place(router_id r, int input, int vc) const {
    const vc_router& d = *routers[r].design();
    waiting_place w{r, waiting_place::kInjected, 0};
    w.channels_by_b = d.channels_by_b();
    if (input == d.hold_port()) {
        w.input = waiting_place::kHeld;
    } else if (input >= 0 && input < d.hold_port()) {
        w.input = input;
        w.vc = vc;
    }
    return w;
}

void network::fail_waiting_design(std::uint64_t t, const waiting_judge& judge,
                                  const waiting_lost& lost) {
    // A packet may have flits in several routers: it is judged where its lowest flit waits (its
    // head, or once its head was delivered, the flits still to come), in the order first seen.
    struct lowest {
        packet* p;
        waiting_place w;
        int seq;
    };
    std::unordered_map<std::uint64_t, lowest> at;
    std::vector<std::uint64_t> order;
    for (router_id r = 0; r < topo_.routers(); ++r)
        routers[r].design()->for_each_waiting([&](packet& p, int input, int vc, int seq) {
            const auto [it, fresh] = at.try_emplace(p.serial, lowest{&p, {}, seq});
            if (fresh)
                order.push_back(p.serial);
            else if (seq >= it->second.seq)
                return;
            it->second.seq = seq;
            it->second.w = design_place(r, input, vc);
        });
    std::unordered_set<const packet*> gone, again;
    for (const std::uint64_t s : order) {
        lowest& l = at.at(s);
        const router::waiting_verdict v = judge(*l.p, l.w);
        if (v == router::waiting_verdict::removed) gone.insert(l.p);
        if (v == router::waiting_verdict::rerouted) again.insert(l.p);
    }
    for (router_id r = 0; r < topo_.routers(); ++r)
        routers[r].design()->fail(
            t, [&](const packet* p) { return gone.count(p) != 0; },
            [&](const packet* p) { return again.count(p) != 0; });
    for (const std::uint64_t s : order) {
        lowest& l = at.at(s);
        if (gone.count(l.p)) take_lost(t, *l.p, l.w, lost);
    }
}

std::unordered_map<std::uint64_t, failure_fate> network::flits_on_failures(const link_faults& f,
                                                                           std::uint64_t t) const {
    std::unordered_map<std::uint64_t, failure_fate> out;
    if (routers[0].design()) {
        for (router_id r = 0; r < topo_.routers(); ++r) {
            const bool failed = f.router_failed(r);
            routers[r].design()->for_each_waiting([&](packet& p, int input, int, int) {
                if (failed)  // the router's fate first: its cables failed with it
                    out[p.serial] = failure_fate::in_failed_router;
                else if (input >= 0 && input < topo_.link_ports() && f.failed(r, input))
                    out.try_emplace(p.serial, failure_fate::on_failed_link);
            });
            // A packet whose head crossed a failed cable while the rest of it is still to cross.
            routers[r].design()->for_each_sending([&](packet& p, int output) {
                if (output < topo_.link_ports() && f.failed(r, output))
                    out.try_emplace(p.serial, failure_fate::on_failed_link);
            });
        }
        return out;
    }
    if (config().router.packet_length == 1) return out;
    for (router_id r = 0; r < topo_.routers(); ++r)
        for (int o = 0; o < topo_.link_ports(); ++o)
            if (f.failed(r, o))
                for (const std::uint64_t s : routers[r].tails_on(o, t))
                    out.emplace(s, failure_fate::on_failed_link);
    // A broadcast copy sent on from its parent's head is a packet of its own whose tail is the
    // parent's: it shares its parent's fate, and its own copies in turn (a copy is made after its
    // parent: by serial, parents first).
    std::vector<std::pair<std::uint64_t, std::uint64_t>> parents;
    for (router_id r = 0; r < topo_.routers(); ++r) {
        const auto& p = routers[r].copy_parents();
        parents.insert(parents.end(), p.begin(), p.end());
    }
    std::sort(parents.begin(), parents.end());
    for (const auto& [copy, parent] : parents)
        if (const auto it = out.find(parent); it != out.end()) {
            const failure_fate f = it->second;
            out.emplace(copy, f);
        }
    return out;
}

void network::fail_handing_over(std::uint64_t t,
                                const std::function<bool(const packet&, router_id)>& takes,
                                const std::function<void(const packet&, router_id)>& lost) {
    for (router_id r = 0; r < topo_.routers(); ++r) {
        if (!nodes[r].hands_over_at_tail()) return;  // all nodes or none
        nodes[r].fail_held([&](packet& p) {
            if (!takes(p, r)) return false;
            const bool dropped =
                p.hdr.broadcast ? ledger_.drop_copy(p.msg, {r}) : ledger_.drop(p.msg);
            if (!dropped) {
                std::ostringstream os;
                os << "a failure at step " << t << " took packet " << p.serial << " (message "
                   << p.msg << ") on its way to the node, which the ledger cannot drop";
                SC_REPORT_ERROR("d3/network", os.str().c_str());
            }
            routers[r].take_back_ejection(p);
            lost(p, r);
            pool_.release(&p);
            return true;
        });
    }
}

void network::fail_node(router_id r, const std::function<void(const launch&)>& dropped) {
    nodes[r].fail(dropped);
}

void network::judge_queued(const link_faults& f,
                           const std::function<bool(router_id, launch&)>& keep) {
    for (router_id r = 0; r < topo_.routers(); ++r)
        if (!f.router_failed(r)) nodes[r].judge_waiting([&](launch& l) { return keep(r, l); });
}

}  // namespace d3
