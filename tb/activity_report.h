// The activity counts of a run (core/energy/activity.h) gathered from the network's routers at the
// end of the run, for the JSON `activity` and the power model.
#pragma once

#include "core/energy/activity.h"
#include "sc/network.h"

namespace d3 {

/// The crossbar layout of `net`'s routers (terminals: the traffic's concentration, else one).
crossbar_layout layout_of(const network& net);

/// Every router's activity in the run so far.
network_activity gather_activity(const network& net);

}  // namespace d3
