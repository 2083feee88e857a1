// The Verilated separable input-first allocator (rtl/d3_separable_allocator.sv) against the C++
// allocator of the design-space routers (core/allocation/separable_allocator.h, round-robin
// arbiters), allocation by allocation: the matching (every pair) and, through the next
// allocations, the arbiters' pointers. Every sequence of two request matrices of three inputs
// and three outputs from reset, every sequence of four of two by two on the three-by-three model
// (its spare lines never asked: a pointer past the ports in use must act as pointer 0), seeded
// random runs with one and two passes, a matching not always taken (the pointers must stay), and
// the seeded fault (an output pointer left on its winner) found. Plain C++: the --cc models.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>

#include "Vd3_separable_allocator_i3o3.h"
#include "Vd3_separable_allocator_i3o3_fault.h"
#include "Vd3_separable_allocator_i5o4_it2.h"
#include "core/allocation/allocator_factory.h"
#include "rtl/model_clock.h"

namespace d3 {
namespace {

// A model of `Inputs` x `Outputs` lines and the C++ allocator of `inputs` x `outputs` ports.
template <typename Model, int Outputs>
class pair_under_test {
  public:
    pair_under_test(std::size_t inputs, std::size_t outputs, int iterations)
        : inputs_(inputs),
          outputs_(outputs),
          iterations_(iterations),
          requests_(inputs, outputs),
          grants_(inputs, outputs) {
        rtl_->clk_i = 0;
        rtl_->req_i = 0;
        rtl_->take_i = 0;
        reset();
    }
    void reset() {
        cpp_ = make_allocator("separable-input-first",
                              allocator_setup{inputs_, outputs_, "round-robin", iterations_});
        reset_model(*rtl_);
    }
    /// One allocation of `req` (bit i * outputs + o: input i asks for output o); `take`: the
    /// matching is used (the C++ allocator moves its pointers in every allocate(); a matching not
    /// taken is not allocated there). False at the first difference.
    bool cycle(std::uint64_t req, bool take = true) {
        std::uint64_t lines = 0;  // the model's layout: i * Outputs + o
        requests_.clear();
        for (std::size_t i = 0; i < inputs_; ++i)
            for (std::size_t o = 0; o < outputs_; ++o)
                if (req >> (i * outputs_ + o) & 1) {
                    requests_.add(i, o);
                    lines |= std::uint64_t{1} << (i * Outputs + o);
                }
        rtl_->req_i = lines;
        rtl_->take_i = take;
        rtl_->eval();
        const std::uint64_t got = rtl_->gnt_o;
        bool same = true;
        if (take) {
            if (requests_.empty())
                grants_.clear();
            else
                cpp_->allocate(requests_, grants_);
            std::uint64_t want = 0;
            for (std::size_t i = 0; i < inputs_; ++i)
                if (const std::size_t o = grants_.output_of(i); o != kNone)
                    want |= std::uint64_t{1} << (i * Outputs + o);
            same = got == want;
        }
        clock_edge(*rtl_);
        return same;
    }

  private:
    std::size_t inputs_, outputs_;
    int iterations_;
    request_matrix requests_;
    matching grants_;
    std::unique_ptr<allocator_if> cpp_;
    std::unique_ptr<Model> rtl_ = std::make_unique<Model>();
};

// Every sequence of `cycles` request matrices of `bits` bits from reset; the sequences that differ.
template <typename Model, int Outputs>
long differing_sequences(std::size_t inputs, std::size_t outputs, int cycles) {
    pair_under_test<Model, Outputs> p(inputs, outputs, 1);
    const std::uint64_t per_cycle = std::uint64_t{1} << (inputs * outputs);
    std::uint64_t total = 1;
    for (int c = 0; c < cycles; ++c) total *= per_cycle;
    long differing = 0;
    for (std::uint64_t s = 0; s < total; ++s) {
        p.reset();
        bool same = true;
        for (std::uint64_t rest = s; same && rest != 0; rest /= per_cycle)
            same = p.cycle(rest % per_cycle);
        differing += same ? 0 : 1;
    }
    return differing;
}

TEST(RtlSeparableAllocator, EverySequenceOfTwoThreeByThree) {
    EXPECT_EQ((differing_sequences<Vd3_separable_allocator_i3o3, 3>(3, 3, 2)), 0);
}

// Two ports a side on the three-line model: pointers that reach the spare line act as 0.
TEST(RtlSeparableAllocator, EverySequenceOfFourTwoByTwoOnAWiderModel) {
    EXPECT_EQ((differing_sequences<Vd3_separable_allocator_i3o3, 3>(2, 2, 4)), 0);
}

template <typename Model, int Outputs>
long random_differences(std::size_t inputs, std::size_t outputs, int iterations, std::uint32_t seed,
                        int cycles) {
    pair_under_test<Model, Outputs> p(inputs, outputs, iterations);
    std::mt19937 rng(seed);
    long differing = 0;
    for (int c = 0; c < cycles; ++c) {
        // Denser and sparser cycles; a matching not taken one cycle in eight.
        const std::uint64_t a = rng(), b = rng();
        const std::uint64_t req = (c % 3 == 0 ? a & b : a) & ((1ull << (inputs * outputs)) - 1);
        differing += p.cycle(req, rng() % 8 != 0) ? 0 : 1;
    }
    return differing;
}

TEST(RtlSeparableAllocator, SeededRandomRuns) {
    for (std::uint32_t seed = 1; seed <= 10; ++seed) {
        EXPECT_EQ((random_differences<Vd3_separable_allocator_i3o3, 3>(3, 3, 1, seed, 3000)), 0)
            << seed;
        EXPECT_EQ((random_differences<Vd3_separable_allocator_i5o4_it2, 4>(5, 4, 2, seed, 3000)), 0)
            << seed;
        EXPECT_EQ((random_differences<Vd3_separable_allocator_i5o4_it2, 4>(4, 3, 2, seed, 3000)), 0)
            << seed;
    }
}

TEST(RtlSeparableAllocator, SeededFaultIsFound) {
    EXPECT_GT((differing_sequences<Vd3_separable_allocator_i3o3_fault, 3>(3, 3, 2)), 0);
    EXPECT_GT((random_differences<Vd3_separable_allocator_i3o3_fault, 3>(3, 3, 1, 7, 500)), 0);
}

}  // namespace
}  // namespace d3
