// The workload of a trace replay (d3sim --trace, docs/traces.md): every router's node runs a
// replay_program that creates the messages of the trace nodes mapped onto it when they are due
// (core/replay/replay_state.h), with minimal destination headers. Plain C++.
#pragma once

#include <memory>
#include <string>

#include "core/replay/replay_state.h"
#include "core/workload/workload.h"

namespace d3 {

/// One router's node: launches what replay_state releases for it; records arrivals.
class replay_program final : public node_program {
  public:
    replay_program(replay_state& s, router_id id) : s_(s), id_(id) {}
    void launches(std::uint64_t step, std::vector<launch>& out) override {
        s_.launches(id_, step, out);
    }
    bool finished(std::uint64_t) const override { return s_.finished(id_); }
    void on_receive(const delivery& d) override { s_.delivered(d); }
    /// An arrival releases messages of any router, which steps in every cycle until its last
    /// message is created (finished() does not depend on what arrives).
    reaction reacts() const override { return reaction::records; }

  private:
    replay_state& s_;
    router_id id_;
};

class replay_workload final : public workload {
  public:
    explicit replay_workload(std::unique_ptr<replay_state> s) : state_(std::move(s)) {}
    std::string primitive() const override { return "trace"; }
    std::string schedule_name() const override { return "minimal"; }
    std::unique_ptr<node_program> program_for(router_id id) const override {
        return std::make_unique<replay_program>(*state_, id);
    }
    std::size_t rounds() const override { return 0; }
    std::size_t delays() const override { return 0; }
    std::uint64_t expected_messages() const override { return state_->packets(); }
    std::uint32_t expected(router_id src, router_id dst) const override {
        return state_->pairs(src, dst);
    }
    const std::vector<router_id>* unit_destinations(router_id src) const override {
        return &state_->destinations_from(src);
    }
    nlohmann::json details() const override { return state_->summary(); }
    replay_state& state() const { return *state_; }

  private:
    std::unique_ptr<replay_state> state_;
};

}  // namespace d3
