// What a node can see of its drawer when it launches a packet: for UGAL-style routing at launch
// (paper section 10: "D depends on the state of local ports on router (c,d,p). C depends on the
// state of the global ports on drawer (c,d)"). Plain C++.
#pragma once

#include "core/network/topology.h"

namespace d3 {

class occupancy_view {
  public:
    virtual ~occupancy_view() = default;
    /// Packets that output `output` (see port_of in core/run/stats.h) of router `r` has sent and
    /// its downstream buffers still hold, as of the start of the current step (credits in use).
    virtual int occupancy(router_id r, int output) const = 0;
};

}  // namespace d3
