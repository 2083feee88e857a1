// What one router counts as it runs for the activity figures (core/energy/activity.h). Plain C++,
// no JSON: the router's header includes it.
#pragma once

#include <cstdint>
#include <vector>

namespace d3 {

/// What one router counted in the whole run. Link ports in the router's own numbering (port_of).
struct router_counts {
    std::vector<std::uint64_t> link_out;  ///< flits sent on each link output
    /// A design-space router counts its crossbar per port (link ports, the hold port, then the
    /// terminals); empty: the paper's router, whose crossbar figures follow from the rest.
    std::vector<std::uint64_t> crossed_in, crossed_out;
    std::uint64_t injected_flits = 0;  ///< from its nodes into its injection buffers
    std::uint64_t ejected_flits = 0;   ///< to its nodes
    std::uint64_t hold_flits = 0;      ///< into the hold stage
    std::uint64_t buffered_flits = 0;  ///< in its input buffers and hold stage at the end
    std::uint64_t decodes = 0, holds = 0, replications = 0;
    std::uint64_t sa_requests = 0, sa_grants = 0, va_requests = 0, va_grants = 0;
};

}  // namespace d3
