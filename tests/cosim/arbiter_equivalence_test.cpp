// The Verilated round-robin arbiter (rtl/d3_rr_arbiter.sv) against the C++ arbiter of the paper's
// switch allocator (core/router/arbiter.h, round_robin), cycle by cycle: every sequence of request
// vectors of a few cycles exhaustively, and seeded random sequences beyond. The requesters of a
// cycle are candidates with their own source (the RTL's request lines), and every cycle with a
// request takes its grant (arbiter::pick moves the pointer). Built against N = 3 and N = 5, and
// against a model with the seeded fault (the pointer stays on the winner), where the check must
// find a difference. The models are built for at most N requesters and told at run time how many
// are in use (n_i): a model of five runs as an arbiter of three, its two spare lines ignored.
// Then the adapter d3sim uses (rtl/rtl_arbiters.h), where a source may offer several packets (the
// hold stage), against arbiter::pick. Plain C++: the --cc models, no SystemC kernel.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "Vd3_rr_arbiter_n3.h"
#include "Vd3_rr_arbiter_n5.h"
#include "Vd3_rr_arbiter_n5_fault.h"
#include "core/router/arbiter.h"
#include "rtl/rtl_arbiters.h"

namespace d3 {
namespace {

// One arbiter model and its C++ reference, stepped together.
template <typename Model>
class pair_under_test {
  public:
    explicit pair_under_test(std::uint32_t n) : n_(n), ref_(arbitration::round_robin, n) {
        rtl_->n_i = static_cast<std::uint8_t>(n);
        rtl_->clk_i = 0;
        rtl_->take_i = 1;
        rtl_->req_i = 0;
        reset();
    }
    /// Both back to reset (the model is kept: building one per sequence took most of the time).
    void reset() {
        ref_ = arbiter(arbitration::round_robin, n_);
        rtl_->rst_ni = 0;
        rtl_->eval();
        rtl_->rst_ni = 1;
        rtl_->eval();
    }
    /// One cycle with requests `req` (bit i: requester i; those at n and above are not the C++
    /// arbiter's, and the RTL must ignore them). False at the first difference.
    bool cycle(std::uint32_t req) {
        rtl_->req_i = static_cast<std::uint8_t>(req);
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
    pair_under_test<Model> p(n);
    for (std::uint64_t s = 0; s < count; ++s) {
        p.reset();
        bool same = true;
        std::uint64_t rest = s;  // cycle i's vector: digit i of s in base 2^n
        for (int i = 0; same && i < cycles; ++i, rest /= vectors)
            same = p.cycle(static_cast<std::uint32_t>(rest % vectors));
        differing += !same;
    }
    return differing;
}

// `lines`: the model's request lines (its N), all driven at random; n of them in use.
template <typename Model>
bool random_run_agrees(std::uint32_t n, std::uint64_t seed, int cycles, std::uint32_t lines = 0) {
    pair_under_test<Model> p(n);
    std::mt19937_64 g(seed);
    const std::uint32_t width = lines ? lines : n;
    for (int i = 0; i < cycles; ++i)
        if (!p.cycle(static_cast<std::uint32_t>(g() % (1ull << width)))) return false;
    return true;
}

TEST(RtlArbiter, EveryRequestSequenceOfSixCyclesOnThreeRequesters) {
    EXPECT_EQ(differing_sequences<Vd3_rr_arbiter_n3>(3, 6), 0);
}

TEST(RtlArbiter, EveryRequestSequenceOfFourCyclesOnFiveRequesters) {
    EXPECT_EQ(differing_sequences<Vd3_rr_arbiter_n5>(5, 4), 0);
}

TEST(RtlArbiter, EveryRequestSequenceOfFiveCyclesOnThreeOfFiveLines) {
    EXPECT_EQ(differing_sequences<Vd3_rr_arbiter_n5>(3, 5), 0);
    EXPECT_EQ(differing_sequences<Vd3_rr_arbiter_n5>(1, 8), 0);
}

TEST(RtlArbiter, SpareLinesAreIgnored) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed)
        for (std::uint32_t n = 1; n <= 4; ++n)
            EXPECT_TRUE(random_run_agrees<Vd3_rr_arbiter_n5>(n, seed, 2000, 5)) << n << " " << seed;
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

// The adapter of the switch allocator (rtl/rtl_arbiters.h) against arbiter::pick, per arbitration
// as the allocator calls it: two or more candidates, where a source may offer several packets (the
// hold stage, source n - 1) and the oldest of them is the C++ arbiter's choice among them.
template <typename Model>
long adapter_differences(std::uint32_t n, std::uint64_t seed, int picks, std::size_t arbiters) {
    arbiter_bank_setup s;
    s.router = "test";
    s.arbiters = arbiters;
    s.outputs = static_cast<int>(arbiters);
    s.sources = n;
    s.impl = unit_impl::lockstep;  // unusable grants come back as n, not reported
    verilated_arbiters<Model> rtl(s, 5, "Vd3_rr_arbiter");
    std::vector<arbiter> ref(arbiters, arbiter(arbitration::round_robin, n));
    std::mt19937_64 g(seed);
    long differ = 0;
    for (int i = 0; i < picks; ++i) {
        std::vector<candidate> c;
        for (std::uint32_t src = 0; src < n; ++src)
            if (g() % 2) c.push_back({src, g() % 4, static_cast<std::uint64_t>(i) * 8 + src});
        for (std::uint64_t extra = g() % 3; extra > 0; --extra)  // more from the hold stage
            c.push_back({n - 1, g() % 4, static_cast<std::uint64_t>(i) * 8 + 5 + extra});
        if (c.size() < 2) continue;
        std::shuffle(c.begin(), c.end(), g);
        const std::size_t which = g() % arbiters;
        differ += ref[which].pick(c.data(), c.size()) != rtl.pick(which, c.data(), c.size(), 0);
    }
    return differ;
}

TEST(RtlArbiterAdapter, PicksAsTheCppArbitersWithSeveralPacketsPerSource) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        EXPECT_EQ(adapter_differences<Vd3_rr_arbiter_n5>(5, seed, 3000, 3), 0) << seed;
        EXPECT_EQ(adapter_differences<Vd3_rr_arbiter_n5>(4, seed, 3000, 2), 0) << seed;
    }
}

TEST(RtlArbiterAdapter, TheSeededFaultIsFound) {
    EXPECT_GT(adapter_differences<Vd3_rr_arbiter_n5_fault>(5, 1, 3000, 3), 0);
}

}  // namespace
}  // namespace d3
