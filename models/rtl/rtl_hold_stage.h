// The adapter of the hold stage's unit interface (sc/router/hold_unit.h) to the Verilated
// rtl/d3_hold_stage.sv (issue 49, docs/rtl-units.md): one model per router, built with kHoldSlots
// slots, kHoldAdmits admissions per step, 32-bit tags (a packet's number of entry) and 8-bit hold
// times. The model's clock is the router's cycle: a step's commit is one edge (the packets that
// left, those admitted), and the cycles the router was not stepped in are idle edges, clocked at
// its next step before the outputs are read. rtl: ready_o decides which held packets may leave and
// room_o the room (with a --hold-capacity); lockstep: the C++ unit decides, and the first step
// where ready_o, id_o or room_o say otherwise stops the run (SC_REPORT_ERROR("d3/lockstep")). The
// packets a failure took out of the hold stage (their tags at the collect) are the slots drop_i
// names from the collect to the commit's edge: the slots compared are the others. A
// template over the model: d3sim's build and the seeded-fault build share it; include the model's
// generated header (V*.h) before this file.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/router/unit_wave.h"
#include "sc/router/hold_unit.h"

namespace d3 {

/// What the RTL says in a step: per slot not dropped, its tag and whether it is ready, and the
/// count held.
struct hold_rtl_view {
    std::vector<std::uint32_t> ids;
    std::uint64_t ready = 0;  ///< bit i: slot i
    std::size_t count = 0;
};

/// "<router> (c,d,p) step S: hold_stage: held packet P (tag T, local|global, due step D), ...:
/// C++ reference: ready tags ...; RTL: count_o C, slots (tag T ready|waiting) ...".
std::string describe_hold_mismatch(const hold_unit_setup& s, std::uint64_t t,
                                   const std::vector<hold_slot>& held, const hold_rtl_view& rtl);
/// Reports it: d3/lockstep (lockstep) or d3/unit-impl (rtl: the RTL lost track of the packets).
void report_hold_mismatch(const hold_unit_setup& s, std::uint64_t t,
                          const std::vector<hold_slot>& held, const hold_rtl_view& rtl);
/// Reports d3/lockstep: room_o differs from the C++ unit's room.
void report_hold_room_mismatch(const hold_unit_setup& s, std::uint64_t t, std::size_t reference,
                               std::size_t rtl, std::size_t count);
/// Reports d3/unit-impl: a step admits more than kHoldAdmits or holds more than kHoldSlots.
void report_hold_overflow(const hold_unit_setup& s, std::uint64_t t, std::size_t kept,
                          std::size_t entering);

template <class Model>
class verilated_hold_stage final : public hold_unit_if {
  public:
    explicit verilated_hold_stage(const hold_unit_setup& s) : setup_(s), router_(s.router) {
        setup_.router = router_.c_str();
        v_.clk_i = 0;
        v_.rst_ni = 1;  // a falling edge: the asynchronous reset takes effect
        v_.eval();
        v_.rst_ni = 0;
        v_.capacity_i = static_cast<std::uint8_t>(s.capacity == 0 ? kHoldSlots : s.capacity);
        v_.local_time_i = static_cast<std::uint8_t>(s.local_time);
        v_.global_time_i = static_cast<std::uint8_t>(s.global_time);
        v_.admit_i = 0;
        v_.admit_global_i = 0;
        v_.left_i = 0;
        v_.drop_i = 0;
        v_.eval();
        v_.rst_ni = 1;
        v_.eval();
        declare_wave(unit_wave_for(s.at));
    }
    ~verilated_hold_stage() override { v_.final(); }
    verilated_hold_stage(const verilated_hold_stage&) = delete;
    verilated_hold_stage& operator=(const verilated_hold_stage&) = delete;

    void collect(std::uint64_t t, std::vector<hold_slot>& held,
                 const std::vector<std::uint32_t>& dropped) override {
        catch_up(t);
        now_ = t;
        drop(dropped);
        const hold_rtl_view rtl = view();
        bool same = rtl.count == held.size();
        for (std::size_t i = 0; same && i < held.size(); ++i)
            same = rtl.ids[i] == held[i].tag &&
                   (setup_.impl == unit_impl::rtl || (rtl.ready >> i & 1) == held[i].ready);
        if (!same) report_hold_mismatch(setup_, t, held, rtl);
        if (setup_.impl == unit_impl::rtl)
            for (std::size_t i = 0; i < held.size(); ++i) held[i].ready = rtl.ready >> i & 1;
        if (wave_) {
            wave_->set(t, w_count_, v_.count_o);
            wave_->set(t, w_ready_, v_.ready_o);
            wave_->set(t, w_room_, v_.room_o);
        }
    }

    std::size_t room(std::size_t reference) override {
        const std::size_t rtl = v_.room_o;
        if (setup_.impl == unit_impl::lockstep && rtl != reference)
            report_hold_room_mismatch(setup_, now_, reference, rtl, v_.count_o);
        return setup_.impl == unit_impl::lockstep ? reference : rtl;
    }

    void commit(std::uint64_t t, const std::vector<hold_slot>& held,
                const std::vector<hold_slot>& entering) override {
        std::uint32_t left = 0;
        std::size_t kept = 0;
        for (std::size_t i = 0; i < held.size(); ++i) {
            if (held[i].left) left |= std::uint32_t{1} << (i < slots_.size() ? slots_[i] : i);
            kept += held[i].left ? 0 : 1;
        }
        if (entering.size() > kHoldAdmits || kept + entering.size() > kHoldSlots)
            return report_hold_overflow(setup_, t, kept, entering.size());
        std::uint8_t admit = 0, global = 0;
        for (std::size_t j = 0; j < entering.size(); ++j) {
            admit = static_cast<std::uint8_t>(admit | 1u << j);
            if (entering[j].global) global = static_cast<std::uint8_t>(global | 1u << j);
            v_.admit_id_i[j] = entering[j].tag;
        }
        v_.left_i = left;
        v_.admit_i = admit;
        v_.admit_global_i = global;
        if (wave_) {
            wave_->set(t, w_left_, left);
            wave_->set(t, w_admit_, admit);
            wave_->set(t, w_drop_, v_.drop_i);
        }
        edge();
        v_.left_i = 0;
        v_.drop_i = 0;
        v_.admit_i = 0;
        v_.admit_global_i = 0;
        edged_ = t;
    }

  private:
    /// --wave-rtl: the ports under the router's scope, hold_stage.*.
    void declare_wave(unit_wave_if* w) {
        wave_ = w;
        if (!w) return;
        w_count_ = w->add("hold_stage", "count_o", 6);
        w_room_ = w->add("hold_stage", "room_o", 6);
        w_ready_ = w->add("hold_stage", "ready_o", kHoldSlots);
        w_left_ = w->add("hold_stage", "left_i", kHoldSlots);
        w_admit_ = w->add("hold_stage", "admit_i", kHoldAdmits);
        w_drop_ = w->add("hold_stage", "drop_i", kHoldSlots);
    }
    /// drop_i: the slots holding the tags `dropped` (the RTL's slots are the C++ list before the
    /// failure took them, every collect compares them), until the commit's edge.
    void drop(const std::vector<std::uint32_t>& dropped) {
        if (dropped.empty()) return;
        v_.eval();
        std::uint32_t mask = 0;
        for (std::size_t i = 0; i < v_.count_o; ++i)
            if (std::find(dropped.begin(), dropped.end(), v_.id_o[i]) != dropped.end())
                mask |= std::uint32_t{1} << i;
        v_.drop_i = mask;
    }
    void edge() {
        v_.eval();
        v_.clk_i = 1;
        v_.eval();
        v_.clk_i = 0;
    }
    /// The cycles since the last edge the router was not stepped in: idle edges (after
    /// kHoldMostTime of them every count is 0 and another changes nothing).
    void catch_up(std::uint64_t t) {
        if (v_.count_o == 0 || t <= edged_ + 1) return;
        const std::uint64_t idle = std::min<std::uint64_t>(t - edged_ - 1, kHoldMostTime);
        v_.eval();
        for (std::uint64_t i = 0; i < idle; ++i) edge();
    }
    /// The slots not dropped, in order (slots_: each one's slot).
    hold_rtl_view view() {
        v_.eval();
        hold_rtl_view r;
        r.count = v_.count_o;
        const std::uint32_t drop = v_.drop_i;
        const std::size_t valid = r.count + static_cast<std::size_t>(__builtin_popcount(drop));
        slots_.clear();
        for (std::size_t i = 0; i < valid && i < kHoldSlots; ++i) {
            if (drop >> i & 1) continue;
            if (v_.ready_o >> i & 1) r.ready |= std::uint64_t{1} << r.ids.size();
            r.ids.push_back(v_.id_o[i]);
            slots_.push_back(i);
        }
        return r;
    }

    hold_unit_setup setup_;
    std::string router_;  ///< setup_.router, kept
    Model v_;
    std::uint64_t now_ = 0;         ///< the step of the last collect
    std::uint64_t edged_ = 0;       ///< the step of the last commit's edge
    unit_wave_if* wave_ = nullptr;  ///< --wave-rtl of this router
    std::uint32_t w_count_ = 0, w_room_ = 0, w_ready_ = 0, w_left_ = 0, w_admit_ = 0, w_drop_ = 0;
    std::vector<std::size_t> slots_;  ///< the last collect's held packets' slots, in order
};

}  // namespace d3
