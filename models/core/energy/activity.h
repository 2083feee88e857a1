// Activity counts (issue 47 item 1): what every router's buffers, crossbar and allocators did in a
// run and what every link carried, worked out from the few counters the routers keep as they run
// (a flit count per link output, the router_stats figures) and the topology, which says where each
// link arrives. Plain C++; docs/energy.md.
//
// The crossbar's ports, in the order the power model lays them out (BookSim2's iq_router order):
//   terminals 0..T-1, local links (ports 1..M-1), global links (ports 0..K-1).
// A held packet (the paper's port 0) is counted apart: the hold stage is a register stage beside
// the crossbar, not one of its ports, and a packet held is not written into an input buffer again
// (docs/energy.md).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/energy/router_counts.h"
#include "core/network/topology.h"

namespace d3 {

/// One router's activity, worked out.
struct router_activity {
    std::uint64_t buffer_writes = 0, buffer_reads = 0;
    std::uint64_t crossbar = 0;  ///< flits through the crossbar
    /// Per crossbar port in the layout order above: flits in and flits out.
    std::vector<std::uint64_t> xbar_in, xbar_out;
    std::uint64_t sa_requests = 0, sa_grants = 0, va_requests = 0, va_grants = 0;
    std::uint64_t decodes = 0, holds = 0, replications = 0;
    std::uint64_t hold_flits = 0;  ///< flits into the hold stage
    /// Flits its link outputs carried, local and global (the link's power goes to its driver).
    std::uint64_t local_flits = 0, global_flits = 0;
    std::uint64_t injection_flits = 0, ejection_flits = 0;  ///< over its terminal links
};

/// The network's crossbar layout: terminals and links per router.
struct crossbar_layout {
    int terminals = 1;
    int local = 0;   ///< M - 1
    int global = 0;  ///< K
    int ports() const { return terminals + local + global; }
    /// The layout position of link port `index` (port_of numbering).
    int link_position(int index) const {
        return index < global ? terminals + local + index : terminals + index - global;
    }
};

/// The whole run's activity.
struct network_activity {
    crossbar_layout layout;
    std::vector<router_activity> routers;  ///< by router id
    router_activity total;                 ///< the sums (xbar_in/out empty)
    std::uint64_t steps = 0;               ///< cycles the counts cover (the run's end cycle)
    nlohmann::json to_json() const;        ///< the summed figures (JSON `activity`)
};

/// Works out every router's activity from `counts` (by router id) on `t`.
network_activity work_out_activity(const topology& t, const std::vector<router_counts>& counts,
                                   const crossbar_layout& layout, std::uint64_t steps);

}  // namespace d3
