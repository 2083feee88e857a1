// Several subnetworks of D3(K,M) running a primitive at once (paper section 4, Theorem 1, and the
// maintenance shapes of sections 4 and 12): each subnetwork runs the primitive's node programs
// of the standalone D3(k_i, m_i), built for that network; a node converts every header its
// program launches into one for the whole network (core/network/partition.h), and reports
// deliveries with the sender's subnetwork router id. Routers in no subnetwork are idle. Plain C++.
#pragma once

#include <memory>
#include <vector>

#include "core/network/partition.h"
#include "paper/programs/common.h"

namespace d3 {

class partitioned_workload final : public workload {
  public:
    /// Throws std::invalid_argument (one line) for overlapping subnetworks, a primitive that
    /// launches broadcast headers, or options the primitive refuses on a subnetwork.
    partitioned_workload(const topology& whole, std::vector<subnetwork> parts,
                         const primitive_options& o);

    std::string primitive() const override { return works_.front()->primitive(); }
    std::string schedule_name() const override { return works_.front()->schedule_name(); }
    std::unique_ptr<node_program> program_for(router_id id) const override;
    /// The longest subnetwork's.
    std::size_t rounds() const override;
    std::size_t delays() const override;
    std::uint32_t expected(router_id src, router_id dst) const override;
    void expected_from(router_id src, router_id routers,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override;
    /// {"partitions": [the details of each subnetwork's primitive]}.
    nlohmann::json details() const override;
    /// The subnetworks' volumes added up (they run at once); none when one has none.
    std::optional<workload_volume> volume(const topology&) const override;

    const std::vector<subnetwork>& parts() const { return parts_; }
    const workload& part_work(std::size_t i) const { return *works_[i]; }
    /// Subnetwork of each router of the whole network, -1: none.
    const std::vector<int>& owner() const { return owner_; }

  private:
    /// The subnetwork router id of a router of the whole network (which must have an owner).
    router_id local_id(router_id whole_id) const;

    topology whole_;
    std::vector<subnetwork> parts_;
    std::vector<topology> tops_;
    std::vector<std::unique_ptr<workload>> works_;
    std::vector<int> owner_;
    std::vector<int> cab_index_, pos_index_;  ///< per subnetwork: inverse of kappa and lambda
};

/// Primitives whose programs launch no broadcast header (the ones a subnetwork can run).
bool runs_in_subnetwork(const std::string& primitive);

}  // namespace d3
