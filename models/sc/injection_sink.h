// What a router that takes its node's packets by a direct call offers the node, instead of the
// injection channel's transport call and the credit that comes back over it: the design-space
// router (router::direct_injection). The node keeps its injection credits as the channel would
// return them (node::inject_into).
#pragma once

#include <cstdint>

#include "core/run/packet.h"

namespace d3 {

class injection_sink {
  public:
    virtual ~injection_sink() = default;
    /// `p` enters the router from its node in the current step, usable from cycle `ready`;
    /// returns the cycle at which its injection slot's credit is back at the node.
    virtual std::uint64_t inject(packet* p, std::uint64_t ready) = 0;
};

}  // namespace d3
