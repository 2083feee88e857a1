// The synthetic-traffic testbench: a network under open-loop traffic (core/traffic), run through
// warm-up, measurement and drain, then checked for conservation like every primitive run.
// Shared by d3sim --traffic and the simulation tests.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <systemc>

#include "core/network/config.h"
#include "core/network/topology.h"
#include "core/run/result.h"
#include "core/traffic/link_stats.h"
#include "core/traffic/traffic.h"
#include "sc/network.h"
#include "trace/packet_log.h"
#include "trace/rtl_unit_wave.h"
#include "trace/wave_estimate.h"
#include "trace/wave_trace.h"

namespace d3 {

class failure_injector;  // tb/failure_injector.h

struct traffic_run_options {
    network_config net;  ///< net.router.vcs = 0 selects kTrafficVcs (one VC per b on arrival)
    traffic_options traffic;
    std::string link_stats;    ///< CSV path, empty: none
    packet_log_options trace;  ///< --trace-packets (trace/packet_log.h)
    std::string wave;          ///< --wave FILE (.vcd or .fst), empty: none (D3 only)
    wave_options wave_opts;
    bool progress = false;  ///< report progress on stderr (--progress)

    std::optional<std::string> validate() const;
    /// Why a failure at step `at` (SPEC@T) cannot run with these options, or nothing.
    std::optional<std::string> failure_step_problem(std::uint64_t at) const;
    /// The network configuration the run uses (VCs and occupancy snapshots set).
    network_config network() const;
    /// The expected size of the --wave trace (its size warning and the memory estimate): the
    /// packets expected below saturation, each at most its routing's steps.
    wave_size expected_wave(const topology& t) const;
    /// The warning to print before the --wave trace when expected_wave is over --wave-limit, or
    /// nothing. Also --check's.
    std::optional<std::string> wave_warning(const topology& t) const;
};

class traffic_bench : public sc_core::sc_module {
  public:
    traffic_bench(const sc_core::sc_module_name& name, const traffic_run_options& o);
    ~traffic_bench() override;

    /// Runs until creation stops and the network drains (with --progress in slices, a line on
    /// stderr after each); checks conservation.
    run_result run();
    /// The traffic figures (core/traffic/traffic.h summary) plus the VCs used.
    nlohmann::json traffic_json() const;
    network& net() { return *net_; }
    /// The per-link figures of --link-stats (nullptr without it); the caller writes them.
    const link_stats* links() const { return links_.get(); }
    /// After run(): why the packet log or the waveform could not be written (empty: fine or
    /// none), and the packet log's lines.
    const std::string& trace_error() const { return trace_error_; }
    std::uint64_t trace_lines() const { return log_ ? log_->written() : 0; }

  private:
    void report_progress(std::uint64_t now) const;
    traffic_run_options opt_;
    topology topo_;
    link_faults faults_;  ///< --fail-links; outlives the routing that reads it
    std::unique_ptr<traffic_workload> work_;
    std::unique_ptr<wave_trace> wave_;
    std::unique_ptr<rtl_unit_wave> rtl_wave_;  ///< --wave-rtl: into wave_
    std::unique_ptr<link_stats> links_;
    std::unique_ptr<packet_log> log_;
    std::string trace_error_;
    std::unique_ptr<network> net_;
    std::unique_ptr<failure_injector> failure_;  ///< --fail-links SPEC@T
    double elaboration_seconds_ = 0;
};

}  // namespace d3
