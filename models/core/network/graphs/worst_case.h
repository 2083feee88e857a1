// The worst-case permutation of a network's minimal routing (Towles and Dally, "Worst-case
// traffic for oblivious routing functions", 2002): for each channel, the permutation that puts
// the most source-destination pairs on it is a maximum bipartite matching of the pairs by the
// load each puts on that channel; the channel whose matching is largest gives the permutation,
// and 1 / its load bounds the throughput per terminal (one terminal per router; T terminals:
// 1 / (T load)). The file networks' minimal routing is oblivious and deterministic (every router
// takes the lowest-numbered port on a shortest path, minimal_routes::port): a pair puts a load of
// 0 or 1 on a channel, so the weighted matching is a matching of most pairs. Only routers with a
// terminal (network_file::terminals(r) > 0) send and receive. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <vector>

#include "core/network/graphs/minimal_routes.h"
#include "core/network/graphs/network_file.h"

namespace d3 {

struct worst_case_traffic {
    std::uint32_t router = 0;  ///< the worst channel: router `router`'s output port `port`
    std::uint32_t port = 0;
    /// The pairs of `destination` whose routes cross that channel: the most any permutation puts
    /// on one channel.
    std::uint32_t load = 0;
    /// Per router, where it sends: a permutation of the routers with a terminal (the matching,
    /// completed by pairing the unmatched ones in order); a router without one, itself.
    std::vector<std::uint32_t> destination;
};

/// The worst-case permutation of `routes` over `net`'s routers with a terminal.
worst_case_traffic worst_case_permutation(const network_file& net, const minimal_routes& routes);

}  // namespace d3
