// Background traffic under a primitive (paper, section 12: two service levels). Plain C++.
//
// A background_workload runs a primitive's workload together with open-loop synthetic traffic
// (core/traffic: pattern, destination routing) at every node. The background is standard
// traffic; the primitive runs in the class it is given (core/router/service.h). Timeline:
//   steps 0 .. warmup-1        background only (the network reaches its loaded state)
//   step warmup                the primitive's step 0 (its programs see their own steps)
//   warmup .. warmup+span-1    the background's measurement window, span = the primitive's rounds
//                              plus delays (its length on an idle network): accepted load and
//                              latency are measured over these steps
//   then                       the background goes on creating packets until the primitive's last
//                              packet has arrived and every measured packet has arrived (or its
//                              drain limit has passed), then stops; the network drains.
// The primitive's packets and the background's are told apart (launch::background), so that the
// primitive's figures (steps, hops, conflicts) exclude the background.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/router/service.h"
#include "core/traffic/traffic.h"
#include "core/workload/workload.h"

namespace d3 {

/// How far the primitive has got, shared by every node's program of one run.
class foreground_progress {
  public:
    explicit foreground_progress(std::uint64_t deliveries) : expected_(deliveries) {}
    void delivered(std::uint64_t step) {
        ++delivered_;
        last_ = std::max(last_, step);
    }
    /// True when every delivery of the primitive happened before `step` (the same answer whether
    /// the deliveries of `step` itself are recorded before or after a node asks).
    bool done_before(std::uint64_t step) const {
        return delivered_ >= expected_ && (expected_ == 0 || last_ < step);
    }

  private:
    std::uint64_t expected_;
    std::uint64_t delivered_ = 0;
    std::uint64_t last_ = 0;
};

class background_workload final : public workload {
  public:
    /// `traffic.warmup` is the background's head start; its measure is set to the primitive's
    /// rounds + delays. Throws std::invalid_argument when the primitive's volume is not known
    /// in advance (its end could not be recognized).
    background_workload(const topology& t, std::unique_ptr<workload> primitive,
                        traffic_options traffic, service primitive_class);

    std::string primitive() const override { return inner_->primitive(); }
    std::string schedule_name() const override { return inner_->schedule_name(); }
    std::unique_ptr<node_program> program_for(router_id id) const override;
    std::size_t rounds() const override { return inner_->rounds(); }
    std::size_t delays() const override { return inner_->delays(); }
    std::uint32_t expected(router_id src, router_id dst) const override {
        return inner_->expected(src, dst) + traffic_.state().pairs(src, dst);
    }
    void expected_from(router_id src, router_id routers,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override;
    nlohmann::json details() const override { return inner_->details(); }
    std::vector<std::string> value_problems() const override;

    service primitive_class() const { return class_; }
    /// The primitive's own workload (what size estimates may run: its programs share no state).
    const workload& foreground() const { return *inner_; }
    std::uint64_t warmup() const { return warmup_; }
    /// The primitive starts after the background's head start.
    std::uint64_t start_step() const override { return warmup_; }
    /// The background's figures: the traffic summary (core/traffic/traffic.h: offered, accepted,
    /// latency, ...) plus its class and the primitive's start step.
    nlohmann::json summary() const;
    traffic_state& traffic() const { return traffic_.state(); }

  private:
    std::unique_ptr<workload> inner_;
    traffic_workload traffic_;
    service class_;
    std::uint64_t warmup_;
    std::unique_ptr<foreground_progress> progress_;
    mutable std::vector<std::pair<router_id, std::uint32_t>> scratch_;
};

}  // namespace d3
