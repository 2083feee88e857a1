// Node programs as schedules: the list of header sets a node launches, one entry per time step
// (appendix of the paper). An empty entry is a delay, the paper's "false header". Plain C++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/decoding/header.h"
#include "core/enum_names.h"
#include "core/workload/program.h"

namespace d3 {

/// One time step of a node program: the packets launched together (at most the injection width).
struct slot {
    std::vector<launch> launches;
    bool is_delay() const { return launches.empty(); }
};

struct schedule {
    std::vector<slot> slots;
    std::size_t rounds() const;  ///< steps that launch something
    std::size_t delays() const;  ///< steps that launch nothing
};

enum class schedule_kind {
    paper,  ///< the algorithm exactly as published, with its delays
    none,   ///< the same rounds back to back, without delays
    fixed,  ///< a corrected, conflict-free schedule (only where `paper` has conflicts)
};

inline constexpr enum_entry<schedule_kind> kScheduleKindNames[] = {{schedule_kind::paper, "paper"},
                                                                   {schedule_kind::none, "none"},
                                                                   {schedule_kind::fixed, "fixed"}};
constexpr const auto& enum_names_of(schedule_kind) {
    return kScheduleKindNames;
}

/// The appendix's pipelining protocols applied to a list of rounds (one slot each):
/// 1: back to back; 2: two rounds, one delay; 3: two rounds, two delays. The pattern repeats to
/// the end, trailing delays included (the paper counts N/2 and N delays for N rounds); a lone last
/// round gets floor(gap/2) delays (Protocol 2: N/2 rounded down, Protocol 3: N delays).
schedule protocol_pattern(const std::vector<slot>& rounds, int protocol);
/// Rounds back to back, with a delay before round i wherever delay_before[i] is true.
schedule with_delays(const std::vector<slot>& rounds, const std::vector<bool>& delay_before);

/// Theorem 7: all-to-all with Protocol 1. Round i = pi + delta*M + gamma*M^2 launches
/// (0,3;gamma,pi,delta); with `paper`, a delay precedes round i when pi(i) - 2 = delta(i) mod M.
schedule all_to_all_schedule(int k, int m, schedule_kind kind);

/// Theorem 4: a single broadcast (1,3;0,0,0).
schedule broadcast_schedule();

/// A node program that replays a shared schedule (all nodes of an all-to-all share one).
class schedule_program final : public node_program {
  public:
    explicit schedule_program(const schedule& s) : s_(s), steps_(s.slots.size()) {}
    void launches(std::uint64_t step, std::vector<launch>& out) override;
    bool finished(std::uint64_t step) const override { return step >= steps_; }
    /// finished(step) exactly: the node asks it only once the schedule has run.
    std::uint64_t unfinished_before() const override { return steps_; }
    reaction reacts() const override { return reaction::none; }
    bool launches_alone() const override { return true; }  ///< its schedule, read only
    const std::vector<slot>* planned() const override { return &s_.slots; }

  private:
    const schedule& s_;
    const std::size_t steps_;  ///< s_.slots.size(), read once: size() divides by the 24-byte slot
};

}  // namespace d3
