// A primitive on a network with failed links or routers (--fail-links, --fail-routers with
// --primitive; issue 47 item 5, docs/resilience.md): each message whose paper route crosses a
// failure is rerouted at its source over the first surviving of section 10's other routes to its
// destination (core/traffic/route_around.h, detour_finder); a message no route reaches, a
// broadcast whose tree crosses a failure, and whatever a failed router would send are not
// launched, and the workload no longer expects them. Both are counted and named in the details'
// `faults`. Plain C++, no SystemC.
#pragma once

#include <memory>

#include "core/network/link_faults.h"
#include "core/workload/workload.h"

namespace d3 {

/// Wraps `inner` (a primitive on `t`) to route around `faults`.
std::unique_ptr<workload> around_failures(const topology& t, link_faults faults,
                                          std::unique_ptr<workload> inner);

}  // namespace d3
