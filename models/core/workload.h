// Workloads: which node runs which program, and what every node must receive in the end.
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/program.h"
#include "core/schedule.h"
#include "core/topology.h"

namespace d3 {

class workload {
  public:
    virtual ~workload() = default;
    virtual std::string primitive() const = 0;
    virtual std::string schedule_name() const = 0;
    /// The program of the node at router `id`, or nullptr for an idle node.
    virtual std::unique_ptr<node_program> program_for(router_id id) const = 0;
    virtual std::size_t rounds() const = 0;
    virtual std::size_t delays() const = 0;
    /// Messages from src that dst must receive: the primitive-level check, independent of headers.
    virtual std::uint32_t expected(router_id src, router_id dst) const = 0;
    /// The same for every dst with a non-zero count, sorted by dst. The default asks expected()
    /// for each of the `routers` destinations; workloads with few pairs per source override it.
    virtual void expected_from(router_id src, router_id routers,
                               std::vector<std::pair<router_id, std::uint32_t>>& out) const {
        out.clear();
        for (router_id dst = 0; dst < routers; ++dst)
            if (const std::uint32_t n = expected(src, dst)) out.emplace_back(dst, n);
    }
    /// Primitive-specific figures for the JSON result (key "details"): protocol, count, paths,
    /// the lockstep prediction of conflicts, ... Empty by default.
    virtual nlohmann::json details() const { return nlohmann::json::object(); }
    /// For programs that compute (issue 14: sums, products): one line per wrong result, read
    /// after the run; a non-empty list makes the run incorrect. Empty by default.
    virtual std::vector<std::string> value_problems() const { return {}; }
};

/// Theorem 7: every node runs the Protocol 1 all-to-all schedule.
class all_to_all_workload final : public workload {
  public:
    all_to_all_workload(const topology& t, schedule_kind kind)
        : kind_(kind), sched_(all_to_all_schedule(t.k(), t.m(), kind)) {}
    std::string primitive() const override { return "all-to-all"; }
    std::string schedule_name() const override { return to_string(kind_); }
    std::unique_ptr<node_program> program_for(router_id) const override {
        return std::make_unique<schedule_program>(sched_);
    }
    std::size_t rounds() const override { return sched_.rounds(); }
    std::size_t delays() const override { return sched_.delays(); }
    std::uint32_t expected(router_id, router_id) const override { return 1; }
    const schedule& plan() const { return sched_; }

  private:
    schedule_kind kind_;
    schedule sched_;
};

/// Theorem 4: one broadcast (1,3;0,0,0) from `source`.
class broadcast_workload final : public workload {
  public:
    broadcast_workload(const topology& t, const coord& source)
        : source_(t.id(source)), sched_(broadcast_schedule()) {}
    std::string primitive() const override { return "broadcast"; }
    std::string schedule_name() const override { return "paper"; }
    std::unique_ptr<node_program> program_for(router_id id) const override {
        if (id != source_) return nullptr;
        return std::make_unique<schedule_program>(sched_);
    }
    std::size_t rounds() const override { return sched_.rounds(); }
    std::size_t delays() const override { return sched_.delays(); }
    std::uint32_t expected(router_id src, router_id) const override {
        return src == source_ ? 1 : 0;
    }
    void expected_from(router_id src, router_id routers,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override {
        out.clear();
        if (src == source_)
            for (router_id dst = 0; dst < routers; ++dst) out.emplace_back(dst, 1);
    }

  private:
    router_id source_;
    schedule sched_;
};

}  // namespace d3
