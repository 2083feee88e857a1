// The testbench: one network under one workload, run to completion and checked.
// Shared by d3sim and the simulation tests.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <systemc>

#include "core/network/config.h"
#include "core/network/link_faults.h"
#include "core/network/topology.h"
#include "core/run/result.h"
#include "core/workload/background.h"
#include "core/workload/schedule.h"
#include "core/workload/workload.h"
#include "paper/programs/registry.h"
#include "sc/network.h"
#include "tb/partition_report.h"
#include "trace/packet_log.h"
#include "trace/rtl_unit_wave.h"
#include "trace/traced_probes.h"
#include "trace/wave_trace.h"

namespace d3 {

struct run_options {
    network_config net;
    std::string primitive = "all-to-all";  ///< see primitive_names() (paper/programs/registry.h)
    schedule_kind schedule = schedule_kind::paper;
    coord source{0, 0, 1};        ///< broadcast, one-to-all and glgl source; all-to-one sink
    int count = 1;                ///< broadcast: chained broadcasts (Theorem 4)
    int protocol = 0;             ///< appendix Protocol 1, 2 or 3; 0: the paper's choice
    std::string perm = "random";  ///< permutation: random | transpose | drawer-swap | FILE
    turnaround reply = turnaround::paper;  ///< all-to-one responders (paper/programs/common.h)
    bool destination_headers = false;      ///< --headers destination
    /// --subnetwork specs (core/network/partition.h): each runs the primitive; empty: the whole
    /// network.
    std::vector<std::string> subnetworks;
    /// --service: the primitive's class; given (or with --background) the network has two
    /// service classes (core/router/service.h). Unset and without background: one class, as before.
    std::optional<service> service_class;
    /// --background: standard synthetic traffic under the primitive (core/workload/background.h).
    std::optional<traffic_options> background;
    std::string wave;          ///< VCD path, empty: none
    wave_options wave_opts;    ///< --wave-scope, --wave-limit, --wave-groups, --wave-decoder
    packet_log_options trace;  ///< --trace-packets and its filters (trace/packet_log.h)
    std::uint64_t seed = 1;    ///< reserved for randomised workloads
    int dimension = 0;         ///< hypercube-exchange --dimension
    /// --embedding swap|glgl (hypercube primitives)
    std::string embedding = "swap";
    bool progress = false;  ///< report progress on stderr
    /// --decoder: cpp | rtl | lockstep. Reported in the result; the decoders themselves come from
    /// the decoder_factory given to the testbench (d3sim builds it, models/rtl/decoder_select.h).
    std::string decoder = "cpp";

    /// Why these options cannot run, or nothing: validate_options(), then what only the
    /// workload can tell (a permutation's file, a subnetwork, a `fixed` schedule with nothing to
    /// fix), for which it builds the workload.
    std::optional<std::string> validate() const;
    /// What a failure at step `at` of the primitive's run (SPEC@T) cannot serve, or nothing:
    /// `w` the workload, whose launches it must come before the end of.
    std::optional<std::string> failure_step_problem(std::uint64_t at, const workload& w) const;
    /// The checks that build no workload: the network, the options' combinations, the wave and
    /// the packet log. Cheap at any size; make_workload's std::invalid_argument says the rest.
    std::optional<std::string> validate_options() const;
    /// The network the run builds: two service classes with --service or --background, and
    /// with --background kTrafficVcs virtual channels per class unless --vcs was given (so too
    /// with multi-flit packets or failed links or routers).
    network_config network() const;
    /// The warning to print before a --wave trace of `w` on `t` whose expected size is over
    /// --wave-limit (a background's packets are not estimated), or nothing. Also --check's.
    std::optional<std::string> wave_warning(const topology& t, const workload& w) const;
};

/// Builds the workload the options ask for. Call after validate_options(); throws
/// std::invalid_argument with the reason validate() would give for options it cannot run.
std::unique_ptr<workload> make_workload(const run_options& o, const topology& t);
/// The injection width a run gets when --injection-width is 0 (testbench.cpp), or 0: the
/// network's default (M).
int default_injection_width(const run_options& o, const topology& t);
/// The primitive options inside run options.
primitive_options primitive_of(const run_options& o);

class failure_injector;  // tb/failure_injector.h

class testbench : public sc_core::sc_module {
  public:
    /// `work`: the workload of `o` when the caller built it already (make_workload), else built
    /// here.
    testbench(const sc_core::sc_module_name& name, const run_options& o,
              const decoder_factory& decoders = {}, std::unique_ptr<workload> work = {});
    ~testbench() override;

    /// Runs until the network is idle, then checks conservation and the primitive.
    run_result run();

    network& net() { return *net_; }
    /// The workload (its details() go into d3sim's JSON).
    const workload& work() const { return *work_; }
    /// With --subnetwork, after run(): partition_report()'s object; otherwise null.
    nlohmann::json partitions() const;
    /// With --background, after run(): the background's figures (key "background": accepted,
    /// latency, ... and its link figures); otherwise null.
    nlohmann::json background() const;
    /// After run(): why the waveform or the packet log could not be written (empty: fine or
    /// neither written; d3sim exits 2), and the log's lines.
    const std::string& trace_error() const { return trace_error_; }
    std::uint64_t trace_lines() const { return log_ ? log_->written() : 0; }
    /// After an error stopped run() (a lockstep mismatch, a model error): ends the waveform and
    /// the packet log at the step reached, so that they show what led up to it (trace_error()
    /// says if they could not be written). Returns the step the error stopped the run in.
    std::uint64_t finish_outputs_after_error();

  private:
    void record_failure(run_result& r);
    /// Ends the waveform at `end_step` and closes the packet log (trace_error_ on failure).
    void finish_outputs(std::uint64_t end_step);
    run_options opt_;
    topology topo_;
    std::unique_ptr<workload> work_;
    std::unique_ptr<wave_trace> wave_;
    std::unique_ptr<rtl_unit_wave> rtl_wave_;       ///< --wave-rtl: into wave_
    std::unique_ptr<traced_workload> traced_work_;  ///< reports rounds to wave_
    std::unique_ptr<crossing_counter> crossings_;   ///< with --subnetwork
    std::unique_ptr<packet_log> log_;               ///< --trace-packets; passes events to wave_
    std::string trace_error_;
    std::unique_ptr<network> net_;
    link_faults faults_;                         ///< with a failure during the run (SPEC@T)
    std::unique_ptr<failure_injector> failure_;  ///< --fail-links SPEC@T
    double elaboration_seconds_ = 0;
};

}  // namespace d3
