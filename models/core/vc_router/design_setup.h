// A design-space router's setup from the network's configuration (core/network/config.h's
// microarchitecture and pipeline) and topology. Plain C++.
#pragma once

#include "core/network/config.h"
#include "core/network/topology.h"
#include "core/vc_router/vc_router_setup.h"

namespace d3 {

/// The setup of the routers of `t` configured by `c` (resolved), with `terminals` terminal ports.
vc_router_setup design_setup(const network_config& c, const topology& t, int terminals);

}  // namespace d3
