// What a run with --subnetwork reports besides the whole network's figures: per subnetwork, the
// figures of its primitive (measured on its own routers and nodes), and for the whole network
// the link uses that crossed a subnetwork boundary and the routers left idle (README,
// "Subnetworks").
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/network/partition.h"
#include "core/run/stats.h"
#include "paper/programs/partitioned.h"
#include "sc/network.h"

namespace d3 {

/// Counts packets sent on a link whose two routers are not in the same subnetwork (or whose
/// sender is in none), and passes every event on to `next` (the waveform), if any.
class crossing_counter final : public observer_chain {
  public:
    crossing_counter(const topology& t, const std::vector<int>& owner, link_observer* next)
        : observer_chain(next), t_(t), owner_(owner) {}
    void on_link(const link_event& e) override;
    std::uint64_t crossings() const { return crossings_; }

  private:
    const topology& t_;
    const std::vector<int>& owner_;
    std::uint64_t crossings_ = 0;
};

/// {"partitions": [...], "boundary_crossings": n, "idle_routers": n, "idle_router_hops": n}.
nlohmann::json partition_report(const network& net, const partitioned_workload& work,
                                std::uint64_t crossings);

/// A few summary lines, one per subnetwork.
std::string partition_table(const nlohmann::json& report);

/// Parses every --subnetwork spec for D3(k,m); throws std::invalid_argument (one line).
std::vector<subnetwork> parse_subnetworks(const std::vector<std::string>& specs, int k, int m);

}  // namespace d3
