// A primitive on a network with failed links or routers (--fail-links, --fail-routers with
// --primitive; issue 47 item 5, docs/resilience.md): each message whose paper route crosses a
// failure is rerouted at its source over the first surviving of section 10's other routes to its
// destination (core/traffic/route_around.h, detour_finder); a message no route reaches and
// whatever a failed router would send are not launched, and the workload no longer expects them. A
// broadcast whose tree crosses a failure is split (broadcast_split.h): what of its tree survives
// goes, each cut destination as a rerouted unicast. All of it is counted and named in the details'
// `faults`. Plain C++, no SystemC.
#pragma once

#include <memory>

#include "core/network/link_faults.h"
#include "core/traffic/failure_at_step.h"
#include "core/workload/workload.h"

namespace d3 {

/// Wraps `inner` (a primitive on `t`) to route around `faults`, from the run's start or, `at` > 0,
/// from step `at` on (a failure during the run: the launches before it go as they are, and the
/// tb's failure_injector tells the workload, its failure_effects, what the failure took).
std::unique_ptr<workload> around_failures(const topology& t, link_faults faults,
                                          std::unique_ptr<workload> inner, std::uint64_t at = 0);
/// The failure_effects of a workload around_failures() made, else nullptr.
failure_effects* failure_effects_of(workload& w);
/// Adds what a failure during the run did to each waiting packet (failure_injector::figures())
/// to the details' `faults` of a workload around_failures() made.
void set_failure_figures(workload& w, nlohmann::json figures);
/// What a failure during the run took from a workload around_failures() made: the packets it
/// named (lost_packets) and all its messages (those still in their source's queue too).
struct failure_losses {
    std::uint64_t named = 0, all = 0;
    /// The deliveries the named packets would have made (a broadcast copy's: its remaining
    /// tree's): the ledger's dropped ones.
    std::uint64_t named_deliveries = 0;
};
failure_losses losses_of(const workload& w);

}  // namespace d3
