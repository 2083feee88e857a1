// Per directed link statistics over the measurement window: packets sent, utilization, steps in
// which packets waited for a credit (stalls) and steps with more than one requester (conflicts).
// An observer of the router model (core/run/stats.h). Plain C++.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/network/topology.h"
#include "core/run/stats.h"

namespace d3 {

class link_stats final : public observer_chain {
  public:
    /// Counts events of steps in [from, to); passes every event on to `next` (the waveform).
    link_stats(const topology& t, std::uint64_t from, std::uint64_t to,
               link_observer* next = nullptr);
    void on_link(const link_event& e) override;

    struct counts {
        std::uint64_t packets = 0;
        std::uint64_t flits = 0;
        std::uint64_t stalls = 0;
        std::uint64_t conflicts = 0;
    };
    const counts& at(router_id r, int output) const {
        return c_[static_cast<std::size_t>(r) * static_cast<std::size_t>(ports_) +
                  static_cast<std::size_t>(output)];
    }
    /// CSV, one row per directed link: router,c,d,p,kind,port,to_router,to_c,to_d,to_p,packets,
    /// utilization,stall_steps,conflict_steps.
    std::string csv() const;

  private:
    const topology& t_;
    std::uint64_t from_, to_;
    int ports_;
    std::vector<counts> c_;
};

}  // namespace d3
