// What a node that takes its router's deliveries by a direct call offers the router, instead of
// the ejection channel's transport call: the design-space router's edges (design_io) hand a
// packet to it when its tail reaches the node (node::direct_delivery).
#pragma once

#include <cstdint>

#include "core/run/packet.h"

namespace d3 {

class delivery_sink {
  public:
    virtual ~delivery_sink() = default;
    /// The tail of `p` reaches the node at cycle `at` (now or later), in the current step.
    virtual void deliver(packet* p, std::uint64_t at) = 0;
};

}  // namespace d3
