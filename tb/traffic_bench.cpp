#include "traffic_bench.h"

#include <sys/resource.h>

#include <chrono>

#include "core/vc.h"

namespace d3 {

std::optional<std::string> traffic_run_options::validate() const {
    if (auto err = net.validate()) return err;
    return traffic.validate();
}

network_config traffic_run_options::network() const {
    network_config c = net;
    if (c.router.vcs == 0) c.router.vcs = kTrafficVcs;
    c.occupancy_snapshots = traffic.routing == routing_kind::ugal;
    return c;
}

traffic_bench::traffic_bench(const sc_core::sc_module_name& name, const traffic_run_options& o)
    : sc_core::sc_module(name), opt_(o), topo_(o.net.k, o.net.m) {
    const auto start = std::chrono::steady_clock::now();
    work_ = std::make_unique<traffic_workload>(topo_, opt_.traffic);
    if (!opt_.link_stats.empty())
        links_ =
            std::make_unique<link_stats>(topo_, static_cast<std::uint64_t>(opt_.traffic.warmup),
                                         work_->state().end_of_measurement());
    net_ = std::make_unique<network>("network", opt_.network(), *work_, decoder_factory{},
                                     links_.get());
    work_->state().set_view(*net_);
    elaboration_seconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

run_result traffic_bench::run() {
    const auto start = std::chrono::steady_clock::now();
    sc_core::sc_start();
    run_result r;
    r.wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.elaboration_seconds = elaboration_seconds_;
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) == 0) r.peak_rss_kib = usage.ru_maxrss;
    r.k = topo_.k();
    r.m = topo_.m();
    r.primitive = "traffic";
    r.schedule = work_->schedule_name();
    r.rounds = work_->rounds();
    r.totals = net_->totals();
    r.first_conflicts = net_->first_conflicts(16);
    r.end_cycle = to_cycle(sc_core::sc_time_stamp());
    const std::uint64_t first = net_->first_hop();
    const std::uint64_t last = net_->last_delivery();
    r.steps = last >= first ? last - first : 0;

    const ledger::summary s = net_->deliveries().summarize();
    r.injected = s.injected;
    r.expected = s.expected;
    r.delivered = s.delivered;
    r.lost = s.lost;
    r.duplicated = s.duplicated;
    r.misrouted = s.misrouted;
    if (!net_->deadlock().empty()) r.problems.push_back(net_->deadlock());
    const auto left = net_->leftovers();
    r.left_in_buffers = net_->packets_alive();
    for (std::size_t i = 0; i < left.size() && i < 8; ++i)
        r.problems.push_back("left behind: " + left[i]);
    if (r.left_in_buffers != 0)
        r.problems.push_back(std::to_string(r.left_in_buffers) +
                             " packets never delivered (deadlock or stall)");
    if (r.lost) r.problems.push_back(std::to_string(r.lost) + " expected deliveries lost");
    if (r.duplicated) r.problems.push_back(std::to_string(r.duplicated) + " duplicate deliveries");
    if (r.misrouted) r.problems.push_back(std::to_string(r.misrouted) + " misrouted deliveries");
    // Pairs: what the pattern created against what arrived (the ledger checks the headers).
    const auto pairs = net_->deliveries().pair_counts();
    const std::uint32_t n = topo_.routers();
    for (router_id a = 0; a < n; ++a)
        for (router_id b = 0; b < n; ++b)
            if (pairs[static_cast<std::size_t>(a) * n + b] != work_->expected(a, b))
                ++r.pair_mismatches;
    if (r.pair_mismatches)
        r.problems.push_back(std::to_string(r.pair_mismatches) +
                             " (source, destination) pairs do not match the created traffic");
    const auto t = traffic_json();
    if (t["measured_delivered"] != t["measured_created"])
        r.problems.push_back("measured packets not all delivered");
    if (links_ && !links_->write_csv(opt_.link_stats))
        r.problems.push_back("cannot write " + opt_.link_stats);
    r.correct = r.problems.empty();
    return r;
}

nlohmann::json traffic_bench::traffic_json() const {
    nlohmann::json j = work_->details();
    j["vcs"] = net_->config().router.vcs;
    if (!net_->wait_cycle().empty()) j["deadlock_cycle"] = net_->wait_cycle();
    return j;
}

}  // namespace d3
