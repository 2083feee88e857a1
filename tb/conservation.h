// What every testbench records at the end of a run: its cost (wall time, elaboration, peak memory),
// what ran and the network's totals, and the conservation checks: what the ledger says was
// delivered, what is left in the buffers, a deadlock the watchdog found, and the (source,
// destination) pair counts against what the workload promises. Each violation becomes a line in
// run_result::problems.
#pragma once

#include <chrono>
#include <string>

#include "core/network/topology.h"
#include "core/run/result.h"
#include "core/workload/workload.h"
#include "sc/network.h"

namespace d3 {

/// Fills wall_seconds (since `start`) and elaboration_seconds.
void record_run_cost(run_result& r, std::chrono::steady_clock::time_point start,
                     double elaboration_seconds);

/// Fills peak_rss_kib: read last, after the checks, whose by-source index of the ledger can be
/// the process's peak (in a large all-to-all, more than the simulation itself).
void record_peak_rss(run_result& r);

/// A run's `steps` (docs/architecture.md, "Steps"): from the first step of the programs' step 0
/// (`start_step`, a delay or not) to the last delivery. `first_hop` is the first launched
/// packet's first step (no earlier than that, unless nothing was launched: ~0).
std::uint64_t run_steps(std::uint64_t first_hop, std::uint64_t last_delivery,
                        std::uint64_t start_step);

/// Fills what ran (network, primitive, schedule, rounds, delays) and the network's figures (totals,
/// first conflicts, end cycle, steps, run_steps); those of a run
/// stopped early (the watchdog, the memory limit) are those of the step it stopped at.
void record_network(run_result& r, const network& net, const workload& work);

/// Fills the conservation figures of `r` and appends its problems; `what` names the promise in the
/// pair-count problem ("all-to-all", "created traffic").
void check_conservation(network& net, const workload& work, const std::string& what, run_result& r);

/// Part of check_conservation, after the network drained: every flit that entered a link buffer
/// left it (flits sent = slots freed), the nodes' flits match the packets launched and
/// delivered, and every link credit came back.
void check_flits(const network& net, run_result& r);

}  // namespace d3
