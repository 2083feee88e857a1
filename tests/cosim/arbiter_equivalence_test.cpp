// The Verilated round-robin arbiter (rtl/d3_rr_arbiter.sv) against the C++ arbiter of the paper's
// switch allocator (core/router/arbiter.h, round_robin), cycle by cycle: every sequence of request
// vectors of a few cycles exhaustively, and seeded random sequences beyond. The requesters of a
// cycle are candidates with their own source (the RTL's request lines), and every cycle with a
// request takes its grant (arbiter::pick moves the pointer). Built against N = 3 and N = 5, and
// against a model with the seeded fault (the pointer stays on the winner), where the check must
// find a difference. Plain C++: the --cc models, no SystemC kernel.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "Vd3_rr_arbiter_n3.h"
#include "Vd3_rr_arbiter_n5.h"
#include "Vd3_rr_arbiter_n5_fault.h"
#include "core/router/arbiter.h"

namespace d3 {
namespace {

// One arbiter model and its C++ reference, stepped together.
template <typename Model>
class pair_under_test {
  public:
    explicit pair_under_test(std::uint32_t n) : n_(n), ref_(arbitration::round_robin, n) {
        rtl_->clk_i = 0;
        rtl_->rst_ni = 0;
        rtl_->take_i = 1;
        rtl_->req_i = 0;
        rtl_->eval();
        rtl_->rst_ni = 1;
        rtl_->eval();
    }
    /// One cycle with requests `req` (bit i: requester i). False at the first difference.
    bool cycle(std::uint32_t req) {
        rtl_->req_i = req;
        rtl_->eval();
        std::vector<candidate> c;
        for (std::uint32_t i = 0; i < n_; ++i)
            if (req >> i & 1) c.push_back({i, 0, i});
        const bool same = c.empty() ? !rtl_->valid_o
                                    : rtl_->valid_o &&
                                          rtl_->idx_o == c[ref_.pick(c.data(), c.size())].source &&
                                          rtl_->gnt_o == (1u << rtl_->idx_o);
        rtl_->clk_i = 1;  // the pointer moves at the edge
        rtl_->eval();
        rtl_->clk_i = 0;
        rtl_->eval();
        return same;
    }

  private:
    std::uint32_t n_;
    std::unique_ptr<Model> rtl_ = std::make_unique<Model>();
    arbiter ref_;
};

// Every sequence of `cycles` request vectors of n requesters, each from reset: the number of
// sequences with a difference.
template <typename Model>
long differing_sequences(std::uint32_t n, int cycles) {
    const std::uint64_t vectors = 1ull << n;
    std::uint64_t count = 1;
    for (int i = 0; i < cycles; ++i) count *= vectors;
    long differing = 0;
    for (std::uint64_t s = 0; s < count; ++s) {
        pair_under_test<Model> p(n);
        bool same = true;
        std::uint64_t rest = s;  // cycle i's vector: digit i of s in base 2^n
        for (int i = 0; same && i < cycles; ++i, rest /= vectors)
            same = p.cycle(static_cast<std::uint32_t>(rest % vectors));
        differing += !same;
    }
    return differing;
}

template <typename Model>
bool random_run_agrees(std::uint32_t n, std::uint64_t seed, int cycles) {
    pair_under_test<Model> p(n);
    std::mt19937_64 g(seed);
    for (int i = 0; i < cycles; ++i)
        if (!p.cycle(static_cast<std::uint32_t>(g() % (1ull << n)))) return false;
    return true;
}

TEST(RtlArbiter, EveryRequestSequenceOfSixCyclesOnThreeRequesters) {
    EXPECT_EQ(differing_sequences<Vd3_rr_arbiter_n3>(3, 6), 0);
}

TEST(RtlArbiter, EveryRequestSequenceOfFourCyclesOnFiveRequesters) {
    EXPECT_EQ(differing_sequences<Vd3_rr_arbiter_n5>(5, 4), 0);
}

TEST(RtlArbiter, SeededRandomSequences) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        EXPECT_TRUE(random_run_agrees<Vd3_rr_arbiter_n3>(3, seed, 5000)) << seed;
        EXPECT_TRUE(random_run_agrees<Vd3_rr_arbiter_n5>(5, seed, 5000)) << seed;
    }
}

TEST(RtlArbiter, TheSeededFaultIsFound) {
    EXPECT_GT(differing_sequences<Vd3_rr_arbiter_n5_fault>(5, 3), 0);
    EXPECT_FALSE(random_run_agrees<Vd3_rr_arbiter_n5_fault>(5, 1, 5000));
}

}  // namespace
}  // namespace d3
