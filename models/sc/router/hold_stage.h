// Hold stage: where a packet spends a step when its port is 0 (local port 0, or global port 0 at
// a fixed point (c,p,p)) while its sync counter b still counts down, so that every source-vector
// path takes exactly three steps (paper, sections 8 and 9). A held packet waits one hop time (the
// allocate and traverse cycles of the pipeline, core/router/pipeline.h, plus the latency of the
// link it did not take) and is routed again with its next header. `capacity` bounds the packets
// held at once (0: unbounded, the paper's router); with two service classes (core/router/service.h)
// each class has its own capacity, so that standard packets never take a privileged packet's place.
// The held packets wait in a list in the order they entered; in the step of a router with slow
// links (Step::tracks_next, core/router/step_traits.h), whose packets are held long, in two lanes
// instead, one per hold time (local, global): each lane's ready cycles rise in the order its
// packets entered, so that a step reads the packets ready (a prefix of each lane) and the first not
// ready, not every packet held; the lanes' ready packets are merged in the order they entered.
// The caller uses one `Step` throughout.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <systemc>
#include <vector>

#include "core/containers/bounded_ring.h"
#include "core/containers/calendar.h"
#include "core/network/config.h"
#include "core/router/service.h"
#include "core/router/step_traits.h"
#include "sc/router/entry.h"
#include "sc/router/hold_unit.h"

namespace d3 {

class hold_stage : public sc_core::sc_object {
  public:
    hold_stage(const char* name, const router_params& p);

    /// Cycles a packet stays for a hold that replaces a hop of this action (local or global).
    std::uint64_t hold_time(action act) const {
        const bool global = act == action::global || act == action::broadcast_global;
        return global ? global_time_ : local_time_;
    }

    /// Starts a step: the room for new packets is the capacity left (per class). `Step`: what the
    /// caller's step handles (core/router/step_traits.h: classes).
    template <typename Step = any_step>
    void begin_step() {
        if constexpr (Step::hold_unit) return begin_step_unit();
        if (Step::tracks_next) step_entered_ = entered_;
        if (!Step::classes || classes_ == 1) {  // the common case, inline
            room_[0] =
                room_left(Step::tracks_next ? lanes_[0].size() + lanes_[1].size() : held_.size());
            return;
        }
        begin_step_classes();
    }
    /// Takes one place of this step's room of service class `cls`; false when there is none.
    /// (When there is none, the router still lets a packet held here hold again in its own place,
    /// router::keeps_hold_place: it leaves and re-enters in the same step.)
    bool take_room(int cls = 0) {
        if (room_[cls] == 0) return false;
        --room_[cls];
        return true;
    }
    /// A packet enters the hold stage in step `t` (served by the route stage's decision `act`);
    /// it may leave from t + hold_time(act) on. Inline: the router's step admits a packet where it
    /// serves one, and a call there saved and restored its registers.
    template <typename Step = any_step>
    void admit(packet* p, std::uint64_t t, action act) {
        const bool global = act == action::global || act == action::broadcast_global;
        // The lanes: into its lane at once when that has room in place (no packet there moves, as
        // a request may point to it), else at commit.
        bounded_ring<held_entry>& lane = lanes_[global ? 1 : 0];
        held_entry& h = Step::tracks_next && lane.has_room_in_place()
                            ? (lane.push_slot_in_place() = held_entry{})
                            : entering_.emplace_back();
        h.e.pkt = p;
        h.e.ready = t + (global ? global_time_ : local_time_);
        if (Step::tracks_next || Step::hold_unit) {
            h.seq = entered_;
            h.lane = global ? 1 : 0;
        }
        ++entered_;
    }

    /// Appends the held packets that are ready at `t`, in the order they entered.
    template <typename Step = any_step>
    void collect(std::uint64_t t, std::uint32_t source, request_list& out) {
        if constexpr (Step::hold_unit) return collect_unit(t, source, out);
        if (!Step::tracks_next) {
            for (held_entry& h : held_)
                if (h.e.ready <= t) out.push_back({&h.e, source});
            return;
        }
        // The common case, inline: no lane's first packet is ready.
        if (!ready_first(0, t) && !ready_first(1, t)) return;
        collect_lanes(t, source, out);
    }
    /// Ends a step: drops packets that left, then takes in the ones admitted in this step.
    /// True when the number held changed.
    template <typename Step = any_step>
    bool commit() {
        if constexpr (Step::hold_unit) commit_unit();
        if (!Step::tracks_next) {
            if (entering_.empty() && held_.empty()) return false;  // the common case, inline
            return commit_held();
        }
        // The common case, inline: none waits to enter, none was asked for (so none left).
        if (entering_.empty() && asked_[0] == 0 && asked_[1] == 0) return entered_ != step_entered_;
        return commit_lanes();
    }
    /// The earliest cycle after `t` at which a held packet may leave (calendar::kNever: none).
    template <typename Step = any_step>
    std::uint64_t next_work(std::uint64_t t) const {
        std::uint64_t next = calendar::kNever;
        if (!Step::tracks_next) {
            for (const held_entry& h : held_) {
                if (h.e.ready <= t && h.e.stalled) continue;  // waits for a credit
                next = std::min(next, std::max(h.e.ready, t + 1));
            }
            return next;
        }
        for (const bounded_ring<held_entry>& lane : lanes_)
            for (std::size_t i = 0; i < lane.size(); ++i) {
                const entry& e = lane[i].e;
                if (e.ready > t) {  // the lane's first not ready: the others are not before it
                    next = std::min(next, e.ready);
                    break;
                }
                if (!e.stalled) return t + 1;  // else it waits for a credit
            }
        return next;
    }

    /// A failure during the run (router::fail_waiting): calls visit(entry) for every held packet,
    /// between steps; those it returns true for are taken out (with a hold unit, use(), their tags
    /// are kept for the unit's next collect).
    template <typename Visit>
    void take_out(Visit&& visit) {
        std::size_t kept = 0;
        for (held_entry& h : held_) {
            if (!visit(h.e))
                held_[kept++] = h;
            else if (unit_)
                unit_->dropped.push_back(hold_tag(h.seq));
        }
        held_.resize(kept);
        for (bounded_ring<held_entry>& lane : lanes_) {
            for (std::size_t i = 0; i < lane.size(); ++i) lane[i].e.done = visit(lane[i].e);
            lane.remove_if([](const held_entry& h) { return h.e.done; });
        }
    }

    std::size_t size() const { return held_.size() + lanes_[0].size() + lanes_[1].size(); }
    /// The held packets, in the order they entered (deadlock diagnosis).
    std::vector<const entry*> held() const;
    std::uint64_t entered() const { return entered_; }

    /// From now on `unit` decides which held packets are ready and the room (--unit-impl
    /// hold_stage=rtl|lockstep); the router then steps as unit_step, the only step that asks it.
    void use(std::unique_ptr<hold_unit_if> unit);

  private:
    const std::uint64_t local_time_;
    const std::uint64_t global_time_;
    static constexpr std::size_t kUnbounded = std::numeric_limits<std::size_t>::max();
    void begin_step_classes();  ///< begin_step with two service classes
    /// commit() when packets are held or entering: out of line, so that the common case (none)
    /// is a test in the router's step rather than a call.
    bool commit_held();
    [[gnu::noinline]] bool merge_held();  ///< commit_held when some held packets stay
    /// collect() of the lanes when a first packet is ready (out of line: the lanes' merge).
    void collect_lanes(std::uint64_t t, std::uint32_t source, request_list& out);
    bool commit_lanes();  ///< commit() of the lanes when something entered or was asked for
    /// Whether lane `l`'s first packet is ready at `t`.
    bool ready_first(int l, std::uint64_t t) const {
        return !lanes_[l].empty() && lanes_[l].front().e.ready <= t;
    }
    /// The room of a class that holds `held` packets now.
    std::size_t room_left(std::size_t held) const {
        return capacity_ - std::min(capacity_, capacity_ == kUnbounded ? 0 : held);
    }
    const std::size_t capacity_;  ///< kUnbounded, or the capacity per class
    const int classes_;
    std::size_t room_[kServiceClasses] = {};
    /// A held packet with its place in the order of entry.
    struct held_entry {
        entry e;
        std::uint64_t seq = 0;
        std::uint32_t lane = 0;  ///< 0: the local hold time, 1: the global one
    };
    std::vector<held_entry> held_;       ///< without tracks_next
    bounded_ring<held_entry> lanes_[2];  ///< with tracks_next
    std::vector<held_entry> entering_;
    /// Per lane, the packets the last collect asked for (its first ones: no later one left).
    std::size_t asked_[2] = {};
    std::uint64_t entered_ = 0;
    std::uint64_t step_entered_ = 0;  ///< with tracks_next: entered_ at begin_step

    // The unit's path (unit_step, one service class, the list held_): hold_stage_unit.cpp.
    void collect_unit(std::uint64_t t, std::uint32_t source, request_list& out);
    void begin_step_unit();
    void commit_unit();
    /// The unit and what it is told.
    struct unit_state {
        std::unique_ptr<hold_unit_if> unit;
        std::vector<hold_slot> held;  ///< the held packets as the unit sees them
        std::vector<hold_slot> entering;
        std::vector<std::uint32_t> dropped;  ///< tags take_out took since the last collect_unit
        std::uint64_t now = 0;               ///< the step of the last collect_unit
    };
    /// One pointer, so that a hold stage without a unit (every router but with --unit-impl
    /// hold_stage) keeps its size.
    std::unique_ptr<unit_state> unit_;
};

}  // namespace d3
