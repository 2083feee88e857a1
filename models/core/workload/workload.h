// Workloads: which node runs which program, and what every node must receive in the end.
// Plain C++, no SystemC.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/network/topology.h"
#include "core/workload/program.h"
#include "core/workload/schedule.h"

namespace d3 {

/// What a run launches, known before it starts: the ledger reserves it exactly and the memory
/// estimate (core/run/memory_estimate.h) counts it.
struct workload_volume {
    std::uint64_t messages = 0;    ///< packets the nodes launch (broadcast copies not counted)
    std::uint64_t deliveries = 0;  ///< deliveries their headers call for
    /// Most packets (copies included) alive at once, an upper estimate: the copies launched in
    /// any four consecutive steps (a source-vector path takes three steps after its launch).
    std::uint64_t in_flight = 0;
};

/// A workload's details (the JSON's "details") with a part made only when they are first read: a
/// lockstep prediction that traces every node's whole program (N^2 headers; 7 s at D3(16,16),
/// 130 s at D3(24,24) doubly-parallel) waits until the result asks for it, after the run, so that
/// --check and --max-memory answer without it.
class late_details {
  public:
    late_details(nlohmann::json now, std::function<nlohmann::json()> later = nullptr)
        : json_(std::move(now)), later_(std::move(later)) {}
    const nlohmann::json& get() const {
        if (later_) {
            json_.update(later_());
            later_ = nullptr;
        }
        return json_;
    }

  private:
    mutable nlohmann::json json_;
    mutable std::function<nlohmann::json()> later_;
};

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
    /// The same for every dst with a non-zero count, as (dst, count) pairs in any order; a dst may
    /// appear more than once (its counts add up). The default asks expected() for each of the
    /// `routers` destinations (sorted, each once); workloads with few pairs per source override it.
    virtual void expected_from(router_id src, router_id routers,
                               std::vector<std::pair<router_id, std::uint32_t>>& out) const {
        out.clear();
        for (router_id dst = 0; dst < routers; ++dst)
            if (const std::uint32_t n = expected(src, dst)) out.emplace_back(dst, n);
    }
    /// When every pair expected_from(src) gives is (dst, 1), one per message: those destinations
    /// as the workload keeps them (the traffic's, in creation order), read in place by the pair
    /// check (ledger::dense_pair_mismatches) instead of copied into pairs. nullptr (the default):
    /// ask expected_from.
    virtual const std::vector<router_id>* unit_destinations(router_id /*src*/) const {
        return nullptr;
    }
    /// When every destination of the `routers` expects the same count from `src` (the all-to-all:
    /// 1 each; 0 for an idle source): that count, which the pair check
    /// (ledger::dense_pair_mismatches) compares each pair's sum with, without listing the pairs.
    /// std::nullopt (the default): ask unit_destinations, then expected_from.
    virtual std::optional<std::uint32_t> uniform_expected(router_id /*src*/) const {
        return std::nullopt;
    }
    /// Primitive-specific figures for the JSON result (key "details"): protocol, count, paths,
    /// the lockstep prediction of conflicts, ... Empty by default.
    virtual nlohmann::json details() const { return nlohmann::json::object(); }
    /// For programs that compute (issue 14: sums, products): one line per wrong result, read
    /// after the run; a non-empty list makes the run incorrect. Empty by default.
    virtual std::vector<std::string> value_problems() const { return {}; }
    /// The volume of the run, when it is known without running it (nothing for workloads whose
    /// launches depend on chance, such as synthetic traffic).
    virtual std::optional<workload_volume> volume(const topology&) const { return std::nullopt; }
    /// For a workload without a volume: about how many messages its run launches (0: unknown), so
    /// that the ledger sets that room aside once instead of growing and copying its list (a hint
    /// only: a run that launches more grows it as before).
    virtual std::uint64_t expected_messages() const { return 0; }
    /// The network step of the programs' step 0 (their first slot, a delay or not): a run's
    /// `steps` count from the first hop of a packet launched then (docs/architecture.md, "Steps").
    virtual std::uint64_t start_step() const { return 0; }

  protected:
    /// expected_from for a workload whose pairs from `src` all lie among `candidates` (any order,
    /// repeats allowed): expected() still gives every count, and tests/unit/expected_pairs_test
    /// checks against the default that no pair lies outside. The default asks all N
    /// destinations of all N sources: 1.07e9 calls of expected() after a D3(32,32) run.
    void expected_among(router_id src, std::vector<router_id> candidates,
                        std::vector<std::pair<router_id, std::uint32_t>>& out) const {
        out.clear();
        std::sort(candidates.begin(), candidates.end());
        candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
        for (router_id dst : candidates)
            if (const std::uint32_t n = expected(src, dst)) out.emplace_back(dst, n);
    }
};

}  // namespace d3
