#include "tb/conservation.h"

#include <algorithm>

#include "core/network/graphs/network_spec.h"
#include "paper/programs/lockstep.h"

#include <sys/resource.h>

namespace d3 {

void record_run_cost(run_result& r, std::chrono::steady_clock::time_point start,
                     double elaboration_seconds) {
    r.wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.elaboration_seconds = elaboration_seconds;
}

void record_peak_rss(run_result& r) {
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) == 0) r.peak_rss_kib = usage.ru_maxrss;
}

// Counted whether the first slot launches or is a delay (an all-to-all on M = 2 begins with
// one), so that rounds + delays + 2 = steps for a schedule of three-step paths on every shape.
std::uint64_t run_steps(std::uint64_t first_hop, std::uint64_t last_delivery,
                        std::uint64_t start_step) {
    const std::uint64_t first = std::min(first_hop, start_step + kFirstHopAfterLaunch);
    return last_delivery >= first ? last_delivery - first : 0;
}

void record_network(run_result& r, const network& net, const workload& work) {
    const topology& t = net.topo();
    r.k = t.k();
    r.m = t.m();
    r.topology = to_string(t.kind());
    if (t.kind() == topology_kind::mdf) r.arrangement = net.config().arrangement;
    if (t.is_file()) r.arrangement = net.config().net_file;
    if (net.config().is_built()) {  // --topology rsn|hdn|hamming: its kind, its name
        r.topology = net.config().built->topology;
        r.arrangement = t.name();
    }
    r.primitive = work.primitive();
    r.schedule = work.schedule_name();
    r.rounds = work.rounds();
    r.delays = work.delays();
    r.totals = net.totals();
    r.first_conflicts = net.first_conflicts(16);
    r.end_cycle = to_cycle(sc_core::sc_time_stamp());
    r.steps = run_steps(net.first_hop(), net.last_delivery(), work.start_step());
}

void check_conservation(network& net, const workload& work, const std::string& what,
                        run_result& r) {
    const topology& t = net.topo();
    const ledger::summary s = net.deliveries().summarize();
    r.injected = s.injected;
    r.expected = s.expected;
    r.delivered = s.delivered;
    r.lost = s.lost;
    r.lost_to_failure = s.dropped;
    r.duplicated = s.duplicated;
    r.misrouted = s.misrouted;
    // A run stopped before it drained (the watchdog, the memory limit) is checked as far as it
    // went: what it left behind and lost is reported, not compared with what a whole run makes.
    const bool stopped = !net.deadlock().empty() || !net.memory_stop().empty();
    if (!net.deadlock().empty()) r.problems.push_back(net.deadlock());
    if (!net.memory_stop().empty()) r.problems.push_back("memory: " + net.memory_stop());
    const auto left = net.leftovers();
    r.left_in_buffers = net.packets_alive();
    for (std::size_t i = 0; i < left.size() && i < 8; ++i)
        r.problems.push_back("left behind: " + left[i]);
    if (r.left_in_buffers != 0)
        r.problems.push_back(std::to_string(r.left_in_buffers) + " packets never delivered (" +
                             (net.memory_stop().empty() ? "deadlock or stall"
                                                        : "the run stopped at its memory limit") +
                             ")");
    if (r.lost) r.problems.push_back(std::to_string(r.lost) + " expected deliveries lost");
    if (r.duplicated) r.problems.push_back(std::to_string(r.duplicated) + " duplicate deliveries");
    if (r.misrouted) r.problems.push_back(std::to_string(r.misrouted) + " misrouted deliveries");
    // The volume the memory estimate and the ledger's reservation were made from.
    if (const auto v = work.volume(t);
        v && !stopped && (v->messages != s.injected || v->deliveries != s.expected))
        r.problems.push_back("the run launched " + std::to_string(s.injected) + " messages for " +
                             std::to_string(s.expected) +
                             " deliveries, its workload's volume says " +
                             std::to_string(v->messages) + " for " + std::to_string(v->deliveries));
    // The primitive-level check: (src, dst) counts against the workload, not against the headers.
    r.pair_mismatches = net.deliveries().pair_mismatches(work);
    if (r.pair_mismatches)
        r.problems.push_back(std::to_string(r.pair_mismatches) +
                             " (source, destination) pairs do not match the " + what);
    if (!stopped && r.left_in_buffers == 0) check_flits(net, r);
}

namespace {
// Every link credit came back.
void check_credits(const network& net, run_result& r) {
    std::uint64_t outstanding = 0;
    for (const router& x : net.routers) outstanding += x.credits_outstanding();
    if (outstanding != 0)
        r.problems.push_back("flits: " + std::to_string(outstanding) +
                             " link credits never came back");
}
}  // namespace

void check_flits(const network& net, run_result& r) {
    // Every packet's flits, the background's too (--background: r.totals has the primitive's
    // alone, r.injected and r.delivered count both).
    router_stats s = r.totals;
    s += net.background_totals();
    const router_params& rp = net.config().router;
    const auto f = static_cast<std::uint64_t>(rp.packet_length);
    const auto n = [](std::uint64_t x) { return std::to_string(x); };
    // Counted with F > 1 only (the one-flit router): flits sent and ejected, buffer slots freed.
    if (f > 1 && s.flits_sent != s.flits_freed)
        r.problems.push_back("flits: " + n(s.flits_sent) + " sent on links, " + n(s.flits_freed) +
                             " left the link buffers");
    if (!rp.packet_sizes.empty()) {  // unicast traffic, each packet its own size
        if (s.flits_injected != s.flits_ejected + r.flits_lost_to_failure)
            r.problems.push_back("flits: " + n(s.flits_injected) + " injected and " +
                                 n(s.flits_ejected) + " delivered, " + n(r.flits_lost_to_failure) +
                                 " lost to a failure");
        return check_credits(net, r);
    }
    const std::uint64_t ejected = f > 1 ? s.flits_ejected : s.ejected * f;
    if (s.flits_injected != r.injected * f || ejected != r.delivered * f)
        r.problems.push_back("flits: " + n(s.flits_injected) + " injected and " + n(ejected) +
                             " delivered for " + n(r.injected) + " packets launched and " +
                             n(r.delivered) + " delivered of " + n(f) + " flits");
    check_credits(net, r);
}

}  // namespace d3
