#include "tb/replay_bench.h"

#include <algorithm>
#include <chrono>

#include "core/decoding/vc.h"
#include "core/network/file_topology.h"
#include "tb/conservation.h"
#include "trace/trace_files.h"

namespace d3 {

network_config replay_run_options::network() const {
    network_config c = net;
    if (c.router.vcs == 0) c.router.vcs = kTrafficVcs;
    c.router.design.terminals = 1;
    c.router.design.phases = 2;  // minimal routing: one global link
    return c;
}

std::optional<std::string> replay_run_options::validate() const {
    if (auto err = network().validate()) return err;
    try {
        const topology t = make_topology(net);  // an MDF wiring file is read and checked here
        if (!trace.path.empty())
            if (auto err = trace.check(t)) return err;
        if (const file_topology* f = t.file())
            return f->router_problem(network().resolved().router);
    } catch (const std::exception& e) {
        return e.what();
    }
    return std::nullopt;
}

memory_estimate estimate_replay(const replay_run_options& o, const topology& t,
                                std::uint64_t packets) {
    memory_inputs in;
    in.routers = t.routers();
    in.link_ports = t.link_ports();
    in.vcs = o.network().resolved().router.channels();
    in.traffic = true;
    in.traffic_packets = packets;
    in.traffic_in_flight = packets;
    return estimate_memory(in);
}

replay_bench::replay_bench(const sc_core::sc_module_name& name, const replay_run_options& o,
                           std::unique_ptr<replay_state> state)
    : sc_core::sc_module(name), opt_(o), topo_(make_topology(o.net)) {
    const auto start = std::chrono::steady_clock::now();
    work_ = std::make_unique<replay_workload>(std::move(state));
    link_observer* observer = nullptr;
    if (!opt_.trace.path.empty()) {
        log_ = std::make_unique<packet_log>(opt_.trace, topo_, observer);
        observer = log_.get();
    }
    net_ =
        std::make_unique<network>("network", opt_.network(), *work_, decoder_factory{}, observer);
    elaboration_seconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

run_result replay_bench::run() {
    const auto start = std::chrono::steady_clock::now();
    sc_core::sc_start();
    run_result r;
    record_run_cost(r, start, elaboration_seconds_);
    record_network(r, *net_, *work_);
    trace_error_ = finish_trace_files(
        nullptr, log_.get(), std::min<std::uint64_t>(r.end_cycle, net_->last_delivery()) + 1);
    check_conservation(*net_, *work_, "the trace", r);
    const replay_state& s = work_->state();
    if (s.messages_arrived() != s.messages())
        r.problems.push_back(
            "messages of the trace not all arrived: " + std::to_string(s.messages_arrived()) +
            " of " + std::to_string(s.messages()));
    r.correct = r.problems.empty();
    record_peak_rss(r);
    return r;
}

nlohmann::json replay_bench::replay_json() const {
    nlohmann::json j = work_->details();
    j["vcs"] = net_->config().router.vcs;
    if (!net_->wait_cycle().empty()) j["deadlock_cycle"] = net_->wait_cycle();
    return j;
}

}  // namespace d3
