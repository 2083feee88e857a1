// The Verilated hold stage (rtl/d3_hold_stage.sv) against the C++ hold stage of the paper's router
// (sc/router/hold_stage.h), step by step, driven as the router drives it: collect the packets ready
// (compared in order, by tag, and the count held), let some of them leave, begin the step, admit a
// packet when there is room (the RTL's room_o against take_room), commit (the RTL's clock edge);
// with drops, a failure first takes some held packets (take_out, drop_i).
// Every sequence of a few steps exhaustively, seeded random runs beyond, and the seeded fault (a
// packet ready one cycle early) must be found. A model admitting two packets per cycle (Admits = 2,
// as d3sim's admits eight) is driven with two admissions per step. The C++ unit is an sc_object:
// SystemC's main runs the tests (tests/sim/sim_main.cpp); no simulation is started.
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "Vd3_hold_stage_s2.h"
#include "Vd3_hold_stage_s3_a2.h"
#include "Vd3_hold_stage_s4.h"
#include "Vd3_hold_stage_s4_a2.h"
#include "Vd3_hold_stage_s4_fault.h"
#include "sc/router/hold_stage.h"

namespace d3 {
namespace {

constexpr int kLocalLatency = 1;   // hold times: pipeline after_grant (0) + the link's latency
constexpr int kGlobalLatency = 3;  // (a slow global link: its packets are held three cycles)

// One step's choice: per admission, admit none, a local or a global packet (admission j: digit j of
// `admit` in base 3: 0 none, 1 local, 2 global); which ready packets leave (bit i: the i-th
// ready one, in order); and which held packets a failure takes before the step (bit i: the i-th
// held one, whatever its wait: take_out in C++, drop_i in the RTL).
struct step_choice {
    int admit = 0;
    std::uint32_t leave = 0;
    std::uint32_t drop = 0;
};

template <typename Model>
class pair_under_test {
  public:
    pair_under_test(int slots, int capacity, int admits = 1)
        : slots_(slots), capacity_(capacity), admits_(admits) {
        Model& v = *rtl_;
        v.capacity_i = static_cast<std::uint8_t>(capacity);
        v.local_time_i = kLocalLatency;
        v.global_time_i = kGlobalLatency;
        v.clk_i = 0;
        reset();
    }
    /// Both back to reset (the model is kept: building one per sequence took most of the time).
    void reset() {
        Model& v = *rtl_;
        ref_.reset();  // its name is free again before the new one takes it
        ref_ = std::make_unique<hold_stage>("hold", params(capacity_));
        packets_.clear();
        t_ = 0;
        serial_ = 1;
        v.admit_i = 0;
        v.left_i = 0;
        v.drop_i = 0;
        v.rst_ni = 0;
        v.eval();
        v.rst_ni = 1;
        v.eval();
    }
    /// One step; false at the first difference (`why` says which).
    bool step(const step_choice& c, std::string& why) {
        Model& v = *rtl_;
        const std::uint32_t drop = take_out(c.drop);
        v.eval();
        request_list ready;
        ref_->collect(t_, 0, ready);
        std::vector<std::uint32_t> rtl_ready;  // the ready slots' tags, slot 0 first
        for (int i = 0; i < slots_; ++i)
            if ((v.ready_o >> i & 1) && !(drop >> i & 1)) rtl_ready.push_back(tag(v, i));
        if (rtl_ready.size() != ready.size()) return fail(why, "ready count");
        for (std::size_t i = 0; i < ready.size(); ++i)
            if (rtl_ready[i] != (ready[i].e->pkt->serial & 0xff)) return fail(why, "ready tag");
        if (v.count_o != ref_->size()) return fail(why, "count");
        // The chosen ready packets leave: done in C++, their slots in left_i.
        std::uint32_t left = 0;
        for (std::size_t i = 0, r = 0; i < static_cast<std::size_t>(slots_); ++i) {
            if (!(v.ready_o >> i & 1) || (drop >> i & 1)) continue;
            if (c.leave >> r & 1) {
                left |= 1u << i;
                ready[r].e->done = true;
            }
            ++r;
        }
        v.left_i = static_cast<std::uint8_t>(left);
        ref_->begin_step();
        if (!admit(c.admit, why)) return false;
        ref_->commit();
        v.eval();
        v.clk_i = 1;
        v.eval();
        v.clk_i = 0;
        v.drop_i = 0;
        ++t_;
        return true;
    }

  private:
    // The held packets `mask` names (bit i: the i-th held, slot i) taken out of both: the slots
    // dropped.
    std::uint32_t take_out(std::uint32_t mask) {
        Model& v = *rtl_;
        mask &= (std::uint32_t{1} << ref_->size()) - 1;
        std::size_t i = 0;
        ref_->take_out([&](entry&) { return (mask >> i++ & 1) != 0; });
        using bits = std::remove_reference_t<decltype(v.drop_i)>;
        v.drop_i = static_cast<bits>(mask);
        return mask;
    }
    // The step's admissions, in order, each where take_room (and room_o, counted down) allows.
    bool admit(int kinds, std::string& why) {
        Model& v = *rtl_;
        v.admit_i = 0;
        v.admit_id_i = 0;
        v.admit_global_i = 0;
        unsigned taken = 0;
        for (int j = 0; j < admits_; ++j, kinds /= 3) {
            const int kind = kinds % 3;
            if (kind == 0) continue;
            const bool room = ref_->take_room();
            if (room != (v.room_o > taken)) return fail(why, "room");
            if (!room) continue;
            ++taken;
            packets_.emplace_back();
            packets_.back().serial = serial_;
            ref_->admit(&packets_.back(), t_, kind == 2 ? action::global : action::local);
            using ids = std::remove_reference_t<decltype(v.admit_id_i)>;
            using bits = std::remove_reference_t<decltype(v.admit_i)>;
            v.admit_i = static_cast<bits>(v.admit_i | 1u << j);
            v.admit_id_i =
                static_cast<ids>(v.admit_id_i | ids{static_cast<std::uint8_t>(serial_)} << (8 * j));
            if (kind == 2) v.admit_global_i = static_cast<bits>(v.admit_global_i | 1u << j);
            ++serial_;
        }
        return true;
    }
    static router_params params(int capacity) {
        router_params p;
        p.hold_capacity = capacity;
        p.local_latency = kLocalLatency;
        p.global_latency = kGlobalLatency;
        return p;
    }
    static std::uint32_t tag(const Model& v, int i) {
        return static_cast<std::uint32_t>(v.id_o >> (8 * i) & 0xff);
    }
    bool fail(std::string& why, const char* what) const {
        why = std::string(what) + " at step " + std::to_string(t_);
        return false;
    }

    int slots_;
    int capacity_;
    int admits_;
    std::unique_ptr<Model> rtl_ = std::make_unique<Model>();
    std::unique_ptr<hold_stage> ref_;
    std::deque<packet> packets_;  // addresses stay put
    std::uint64_t t_ = 0;
    std::uint32_t serial_ = 1;
};

// Every sequence of `steps` choices (admit 3 ways x leave masks of `slots` bits, x drop masks of
// `slots` bits with `drops`) from reset: the number that differ.
template <typename Model>
long differing_sequences(int slots, int capacity, int steps, int admits = 1, bool drops = false) {
    const std::uint64_t kinds = admits == 1 ? 3 : 9;
    const std::uint64_t choices = kinds << (drops ? 2 * slots : slots);
    std::uint64_t count = 1;
    for (int i = 0; i < steps; ++i) count *= choices;
    long differing = 0;
    std::string why;
    pair_under_test<Model> p(slots, capacity, admits);
    for (std::uint64_t s = 0; s < count; ++s) {
        p.reset();
        bool same = true;
        std::uint64_t rest = s;
        for (int i = 0; same && i < steps; ++i, rest /= choices) {
            const auto c = static_cast<std::uint32_t>(rest % choices);
            const auto masks = static_cast<std::uint32_t>(c / kinds);
            const std::uint32_t leave = masks & ((1u << slots) - 1), drop = masks >> slots;
            same = p.step({static_cast<int>(c % kinds), leave, drop}, why);
        }
        differing += !same;
    }
    return differing;
}

// `drops`: a failure takes random held packets in about one step in eight.
template <typename Model>
bool random_run_agrees(int slots, int capacity, std::uint64_t seed, int steps, std::string& why,
                       int admits = 1, bool drops = false) {
    pair_under_test<Model> p(slots, capacity, admits);
    std::mt19937_64 g(seed);
    const std::uint64_t kinds = admits == 1 ? 3 : 9;
    for (int i = 0; i < steps; ++i) {
        const int admit = static_cast<int>(g() % kinds);
        const auto leave = static_cast<std::uint32_t>(g());
        const auto drop = static_cast<std::uint32_t>(drops && g() % 8 == 0 ? g() : 0);
        if (!p.step({admit, leave, drop}, why)) return false;
    }
    return true;
}

TEST(RtlHoldStage, EverySequenceOfFiveStepsWithTwoSlots) {
    EXPECT_EQ(differing_sequences<Vd3_hold_stage_s2>(2, 2, 5), 0);
    EXPECT_EQ(differing_sequences<Vd3_hold_stage_s2>(2, 1, 4), 0);
}

// Two admissions per step (the router admits several packets in a step).
TEST(RtlHoldStage, EverySequenceOfThreeStepsWithTwoAdmissions) {
    EXPECT_EQ(differing_sequences<Vd3_hold_stage_s3_a2>(3, 3, 3, 2), 0);
    EXPECT_EQ(differing_sequences<Vd3_hold_stage_s3_a2>(3, 2, 3, 2), 0);
    std::string why;
    for (std::uint64_t seed = 1; seed <= 10; ++seed)
        for (int capacity = 1; capacity <= 4; ++capacity)
            EXPECT_TRUE(random_run_agrees<Vd3_hold_stage_s4_a2>(4, capacity, seed, 2000, why, 2))
                << "seed " << seed << " capacity " << capacity << ": " << why;
}

TEST(RtlHoldStage, SeededRandomRuns) {
    std::string why;
    for (std::uint64_t seed = 1; seed <= 10; ++seed)
        for (int capacity = 1; capacity <= 4; ++capacity)
            EXPECT_TRUE(random_run_agrees<Vd3_hold_stage_s4>(4, capacity, seed, 2000, why))
                << "seed " << seed << " capacity " << capacity << ": " << why;
}

// A failure takes held packets (drop_i), whatever their wait: out of count_o and room_o at once,
// out of the slots at the edge, the others closing up.
TEST(RtlHoldStage, EverySequenceOfThreeStepsWithDrops) {
    EXPECT_EQ(differing_sequences<Vd3_hold_stage_s2>(2, 2, 3, 1, true), 0);
    EXPECT_EQ(differing_sequences<Vd3_hold_stage_s2>(2, 1, 3, 1, true), 0);
    std::string why;
    for (std::uint64_t seed = 1; seed <= 10; ++seed)
        for (int capacity = 1; capacity <= 4; ++capacity) {
            EXPECT_TRUE(random_run_agrees<Vd3_hold_stage_s4>(4, capacity, seed, 2000, why, 1, true))
                << "seed " << seed << " capacity " << capacity << ": " << why;
            EXPECT_TRUE(
                random_run_agrees<Vd3_hold_stage_s4_a2>(4, capacity, seed, 2000, why, 2, true))
                << "seed " << seed << " capacity " << capacity << " two admissions: " << why;
        }
}

TEST(RtlHoldStage, TheSeededFaultIsFound) {
    EXPECT_GT(differing_sequences<Vd3_hold_stage_s4_fault>(4, 4, 3), 0);
    std::string why;
    EXPECT_FALSE(random_run_agrees<Vd3_hold_stage_s4_fault>(4, 4, 1, 2000, why));
}

}  // namespace
}  // namespace d3
