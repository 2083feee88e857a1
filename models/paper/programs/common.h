// What the paper's primitives share: their options, a workload in which nodes replay one shared
// schedule, the lockstep prediction of a schedule's conflicts, and greedy placement of rounds for
// the `fixed` schedules. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/enum_names.h"
#include "core/network/topology.h"
#include "core/workload/schedule.h"
#include "core/workload/workload.h"
#include "paper/programs/lockstep.h"

namespace d3 {

/// When a node answers a packet that asks for a reply (the all-to-one's responders, Theorem 6).
enum class turnaround {
    paper,      ///< in the step the request reaches it: the reply's first hop comes 4 steps after
                ///< the request's first hop (L G L D l g l)
    next_step,  ///< one step later: 5 steps (the model's timing before issue 13)
};
inline constexpr enum_entry<turnaround> kTurnaroundNames[] = {{turnaround::paper, "paper"},
                                                              {turnaround::next_step, "next-step"}};
constexpr const auto& enum_names_of(turnaround) {
    return kTurnaroundNames;
}

/// The hypercube primitives' embeddings (--embedding).
enum class embedding_kind { swap, glgl };
inline constexpr enum_entry<embedding_kind> kEmbeddingNames[] = {{embedding_kind::swap, "swap"},
                                                                 {embedding_kind::glgl, "glgl"}};
constexpr const auto& enum_names_of(embedding_kind) {
    return kEmbeddingNames;
}

/// The options of d3sim that choose a primitive and its program (README, "d3sim").
struct primitive_options {
    std::string primitive = "all-to-all";
    schedule_kind schedule = schedule_kind::paper;
    int protocol = 0;       ///< 1, 2 or 3; 0: the one the paper uses for this primitive and source
    coord source{0, 0, 1};  ///< broadcast, one-to-all, glgl source; all-to-one sink
    int count = 1;          ///< broadcast: number of chained broadcasts
    std::string perm = "random";           ///< permutation: random | transpose | drawer-swap | FILE
    std::uint64_t seed = 1;                ///< permutation random
    turnaround reply = turnaround::paper;  ///< all-to-one responders
    bool destination_headers = false;      ///< --headers destination (primitives/converted.h)
    int dimension = 0;                     ///< hypercube-exchange: the dimension (issue 14)
    /// Hypercube primitives: swap (the later paper's section 4) or glgl (section 10's uniform
    /// dilation-four embedding over destination headers (4; c', d', p') with C = c' - c).
    std::string embedding = to_string(embedding_kind::swap);
};

/// Error text when `fixed` is asked for a case whose published schedule has no conflict.
std::string nothing_to_fix(const std::string& what);

/// The volume of `nodes` nodes each launching every slot of `s` (copies walked from `at`, the
/// same count from every router). Adds to `v`.
void add_schedule_volume(const topology& t, const schedule& s, router_id at, std::uint64_t nodes,
                         workload_volume& v);

/// Lockstep prediction of a schedule: conflicts when nothing is delayed (see lockstep.h).
struct prediction {
    std::uint64_t conflicts = 0;
    std::vector<conflict_record> first;
};

/// "(c,d,p) l3 -> (c,d,p')" for a router's output index.
std::string describe_link(const topology& t, router_id r, int port);
nlohmann::json to_json(const prediction& p, const topology& t);

/// Link uses of one slot launched at step 0 by each router in `nodes`.
std::vector<link_use> slot_uses(const topology& t, const std::vector<router_id>& nodes,
                                const slot& s);

/// Replays `s` at every router in `nodes` and counts lockstep conflicts.
prediction predict(const topology& t, const schedule& s, const std::vector<router_id>& nodes);
/// The same for a calendar built elsewhere.
prediction predict(const link_calendar& cal);

/// Greedy conflict-free layout of `rounds` (see place_rounds), as a schedule with delays.
schedule place_schedule(const topology& t, const std::vector<slot>& rounds,
                        const std::vector<router_id>& nodes, bool reorder);

/// The schedule `kind` asks for: paper as given; none: the rounds back to back; fixed:
/// make_fixed(), only when conflicts(paper) is not zero, else throws
/// std::invalid_argument(nothing_to_fix(what)).
schedule choose_schedule(schedule_kind kind, const schedule& paper, const std::vector<slot>& rounds,
                         const std::function<std::uint64_t(const schedule&)>& conflicts,
                         const std::function<schedule()>& make_fixed, const std::string& what);

/// The schedule `o.schedule` asks for, given the published one and the rounds it is made of:
/// paper as given; none: the rounds back to back; fixed: greedy conflict-free placement (in
/// `fixed_order`, reordering when `reorder`), only when the published schedule conflicts.
/// Throws std::invalid_argument (nothing_to_fix(what)) otherwise.
schedule choose_schedule(const topology& t, schedule_kind kind, const schedule& paper,
                         const std::vector<slot>& rounds, const std::vector<slot>& fixed_order,
                         const std::vector<router_id>& nodes, bool reorder,
                         const std::string& what);

/// A workload in which the routers in `nodes` replay one shared schedule and every other node is
/// idle; `expected` is the primitive-level pair count.
class schedule_workload final : public workload {
  public:
    using expectation = std::function<std::uint32_t(router_id src, router_id dst)>;
    schedule_workload(std::string primitive, std::string schedule_name, schedule s,
                      std::vector<router_id> nodes, router_id routers, expectation expected,
                      late_details details);
    /// The same when every pair (src, dst) expects `each` messages (all-to-all: 1): the pair check
    /// lists a running source's pairs without asking `expected` for each destination.
    schedule_workload(std::string primitive, std::string schedule_name, schedule s,
                      std::vector<router_id> nodes, router_id routers, std::uint32_t each,
                      late_details details);
    std::string primitive() const override { return primitive_; }
    std::string schedule_name() const override { return schedule_name_; }
    std::unique_ptr<node_program> program_for(router_id id) const override;
    std::size_t rounds() const override { return sched_.rounds(); }
    std::size_t delays() const override { return sched_.delays(); }
    std::uint32_t expected(router_id src, router_id dst) const override {
        return expected_(src, dst);
    }
    /// Nodes outside `nodes` launch nothing: only the nodes that run are asked (a broadcast from
    /// one router of D3(32,32) asks 32,768 pairs, not a billion).
    void expected_from(router_id src, router_id routers,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override {
        const std::optional<std::uint32_t> each = uniform_expected(src);
        if (!each) return workload::expected_from(src, routers, out);
        if (*each == 0) {  // an idle source
            out.clear();
            return;
        }
        out.resize(routers);
        // Through a local pointer: the stores could otherwise alias the vector, read again each
        // time (once per pair of the all-to-all).
        std::pair<router_id, std::uint32_t>* const pairs = out.data();
        for (router_id dst = 0; dst < routers; ++dst) pairs[dst] = {dst, *each};
    }
    /// The all-to-all's pairs, each_ for every destination of a running source, none (0) for an
    /// idle one; std::nullopt without each_ (expected_from lists them from expected()).
    std::optional<std::uint32_t> uniform_expected(router_id src) const override {
        if (src < runs_.size() && !runs_[src]) return 0;
        if (each_ == 0) return std::nullopt;
        return each_;
    }
    nlohmann::json details() const override { return details_.get(); }
    /// Every running node replays the schedule; a header's copies do not depend on where it starts.
    std::optional<workload_volume> volume(const topology& t) const override;

  private:
    std::string primitive_;
    std::string schedule_name_;
    schedule sched_;
    std::vector<bool> runs_;
    expectation expected_;
    std::uint32_t each_ = 0;  ///< every pair's count, when one for all (0: ask expected_)
    late_details details_;
};

}  // namespace d3
