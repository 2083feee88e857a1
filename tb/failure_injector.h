// A failure during a traffic run (--fail-links SPEC@T, --fail-routers SPEC@T; docs/resilience.md,
// "Failures at a step"): a client of the network's stepper, stepped once at the end of step T - 1,
// after every router. Then destination routing goes around the failures
// (traffic_state::route_around_faults), a failed router's node launches nothing more, and every
// packet that waits in a router is judged (core/traffic/failure_at_step.h): those on a failed
// cable or in a failed router, or with no route left, are lost (counted, named in the packet log
// as a `lost` event of step T, dropped from the ledger and the pair check); those whose route
// crosses a failure get a detour from where they wait.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "core/network/link_faults.h"
#include "core/traffic/failure_at_step.h"
#include "core/traffic/route_around.h"
#include "core/traffic/traffic.h"
#include "sc/network.h"

namespace d3 {

class failure_injector final : public stepper::client {
  public:
    /// `faults` (which outlives this) fail at step `at` >= 1 of the run on `net`, whose traffic
    /// is `state`; `log` (may be null) is told each lost packet.
    failure_injector(network& net, traffic_state& state, const link_faults& faults,
                     std::uint64_t at, link_observer* log);
    /// The same for any run whose messages `effects` (which outlives this) accounts for (a
    /// primitive's workload, paper/programs/around_failures.h).
    failure_injector(network& net, failure_effects& effects, const link_faults& faults,
                     std::uint64_t at, link_observer* log);
    ~failure_injector() override;
    void step(std::uint64_t t) override;
    /// What the failure did, by fate (added to the traffic's `faults`); empty before it.
    nlohmann::json figures() const;
    /// The flits of the packets it took (the flit balance leaves them out).
    std::uint64_t lost_flits() const { return lost_flits_; }

  private:
    failure_injector(network& net, std::unique_ptr<failure_effects> owned, failure_effects* effects,
                     const link_faults& faults, std::uint64_t at, link_observer* log);
    router::waiting_verdict judge(packet& p, const waiting_place& w);
    void lost(const packet& p, const waiting_place& w);
    /// A packet ejected to the node of router `at` whose tail has not arrived (a run whose nodes
    /// hand packets over at their tail's arrival): taken when `at` failed or its tail is on a
    /// failed cable (tails_).
    bool takes_handed_over(const packet& p, router_id at);
    /// Tells the workload and the packet log of such a packet taken.
    void lost_on_the_way(const packet& p, router_id at);
    /// A launch still queued at its live source `at`: kept (rerouted where its route crosses the
    /// failure) or, with no route left, dropped as never launched.
    bool keep_queued(router_id at, launch& l);

    std::unique_ptr<failure_effects> traffic_;  ///< the traffic's state as failure_effects
    network& net_;
    failure_effects& state_;
    const link_faults& faults_;
    const std::uint64_t at_;
    link_observer* log_;
    detour_finder detours_;
    /// Packets with flits on a failed cable or in a failed router, and that fate
    /// (network::flits_on_failures), while the failure judges the waiting packets.
    std::unordered_map<std::uint64_t, failure_fate> tails_;
    std::uint64_t lost_flits_ = 0;
    bool happened_ = false;
    std::uint64_t on_failed_links_ = 0, in_failed_routers_ = 0, no_route_ = 0, climbing_ = 0,
                  rerouted_ = 0, rerouted_queued_ = 0, queued_no_route_ = 0, queued_broadcasts_ = 0;
};

}  // namespace d3
