// The trace-replay testbench (d3sim --trace, docs/traces.md): a network whose nodes replay a
// message trace (core/replay), run until every message arrived and the network drained, then
// checked for conservation like every run. Shared by d3sim and the simulation tests.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <systemc>

#include "core/network/config.h"
#include "core/network/topology.h"
#include "core/replay/replay_workload.h"
#include "core/replay/trace_source.h"
#include "core/run/memory_estimate.h"
#include "core/run/result.h"
#include "sc/network.h"
#include "trace/packet_log.h"

namespace d3 {

struct replay_run_options {
    network_config net;  ///< net.router.vcs = 0 selects kTrafficVcs, as synthetic traffic
    replay_options replay;
    packet_log_options trace;  ///< --trace-packets (trace/packet_log.h)

    /// The network configuration the run uses (VCs and a design-space router's classes set).
    network_config network() const;
    /// Why the network cannot run a replay, or nothing.
    std::optional<std::string> validate() const;
};

/// The memory estimate of replaying `packets` packets on `t` (core/run/memory_estimate.h): every
/// packet counted as possibly alive at once.
memory_estimate estimate_replay(const replay_run_options& o, const topology& t,
                                std::uint64_t packets);

class replay_bench : public sc_core::sc_module {
  public:
    /// `state` from load_replay (core/replay/trace_source.h) on the same topology as o.net.
    replay_bench(const sc_core::sc_module_name& name, const replay_run_options& o,
                 std::unique_ptr<replay_state> state);

    /// Runs until the nodes created every message and the network drained; checks conservation
    /// and that every message arrived.
    run_result run();
    /// The replay's figures (replay_state::summary) plus the VCs used.
    nlohmann::json replay_json() const;
    network& net() { return *net_; }
    const replay_workload& work() const { return *work_; }
    /// After run(): why the packet log could not be written (empty: fine or none).
    const std::string& trace_error() const { return trace_error_; }
    std::uint64_t trace_lines() const { return log_ ? log_->written() : 0; }

  private:
    replay_run_options opt_;
    topology topo_;
    std::unique_ptr<replay_workload> work_;
    std::unique_ptr<packet_log> log_;
    std::string trace_error_;
    std::unique_ptr<network> net_;
    double elaboration_seconds_ = 0;
};

}  // namespace d3
