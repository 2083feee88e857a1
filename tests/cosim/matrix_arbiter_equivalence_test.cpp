// The Verilated matrix arbiter (rtl/d3_matrix_arbiter.sv, the second allocator policy an
// architect can name: docs/rtl-units.md, "Bring your own RTL") against the C++ matrix arbiter of
// the design-space allocators (core/allocation/matrix_arbiter.h), cycle by cycle: every sequence
// of request vectors of a few cycles exhaustively, and seeded random sequences beyond, where a
// grant is not always taken (the matrix then must not move) and the spare lines of a wider model
// are driven (they must be ignored). The same check against the round-robin reference must fail:
// the two policies differ, and the check sees it. Plain C++: the --cc models, no SystemC kernel.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "Vd3_matrix_arbiter_n3.h"
#include "Vd3_matrix_arbiter_n5.h"
#include "core/allocation/matrix_arbiter.h"
#include "core/router/arbiter.h"
#include "rtl/model_clock.h"

namespace d3 {
namespace {

// One model and its C++ reference (the matrix policy, or round robin), stepped together.
template <typename Model>
class pair_under_test {
  public:
    pair_under_test(std::uint32_t n, bool round_robin)
        : n_(n), round_robin_(round_robin), matrix_(n), rr_(arbitration::round_robin, n) {
        rtl_->n_i = static_cast<std::uint8_t>(n);
        rtl_->clk_i = 0;
        rtl_->req_i = 0;
        reset();
    }
    void reset() {
        matrix_ = matrix_arbiter(n_);
        rr_ = arbiter(arbitration::round_robin, n_);
        reset_model(*rtl_);
    }
    /// One cycle with requests `req` (bit i: requester i; lines at n and above must be ignored);
    /// `take`: the grant is used. False at the first difference.
    bool cycle(std::uint32_t req, bool take = true) {
        rtl_->req_i = static_cast<std::uint8_t>(req);
        rtl_->take_i = take;
        rtl_->eval();
        const std::uint32_t in_use = req & ((1u << n_) - 1);
        const std::size_t want = reference(in_use, take);
        const bool same = want == kNone
                              ? !rtl_->valid_o
                              : rtl_->valid_o && rtl_->idx_o == want && rtl_->gnt_o == (1u << want);
        clock_edge(*rtl_);
        return same;
    }

  private:
    std::size_t reference(std::uint32_t req, bool take) {
        if (req == 0) return kNone;
        if (round_robin_) {  // the round-robin pointer moves at every pick: picked when taken
            std::vector<candidate> c;
            for (std::uint32_t i = 0; i < n_; ++i)
                if (req >> i & 1) c.push_back({i, 0, i});
            arbiter probe = rr_;
            const std::size_t w = c[probe.pick(c.data(), c.size())].source;
            if (take) rr_ = probe;
            return w;
        }
        const std::uint64_t words[1] = {req};
        const std::size_t w = matrix_.arbitrate(words, age_view{});
        if (take) matrix_.update(w);
        return w;
    }

    std::uint32_t n_;
    bool round_robin_;
    matrix_arbiter matrix_;
    arbiter rr_;
    std::unique_ptr<Model> rtl_ = std::make_unique<Model>();
};

// Every sequence of `cycles` request vectors of n requesters, each from reset: how many differ.
template <typename Model>
long differing_sequences(std::uint32_t n, int cycles, bool round_robin = false) {
    const std::uint64_t vectors = 1ull << n;
    std::uint64_t count = 1;
    for (int i = 0; i < cycles; ++i) count *= vectors;
    long differing = 0;
    pair_under_test<Model> p(n, round_robin);
    for (std::uint64_t s = 0; s < count; ++s) {
        p.reset();
        bool same = true;
        std::uint64_t rest = s;
        for (int i = 0; same && i < cycles; ++i, rest /= vectors)
            same = p.cycle(static_cast<std::uint32_t>(rest % vectors));
        differing += !same;
    }
    return differing;
}

// `lines`: the model's request lines, all driven at random; n in use; a grant taken 3 times in 4.
template <typename Model>
bool random_run_agrees(std::uint32_t n, std::uint64_t seed, int cycles, std::uint32_t lines) {
    pair_under_test<Model> p(n, false);
    std::mt19937_64 g(seed);
    for (int i = 0; i < cycles; ++i)
        if (!p.cycle(static_cast<std::uint32_t>(g() % (1ull << lines)), g() % 4 != 0)) return false;
    return true;
}

TEST(RtlMatrixArbiter, EveryRequestSequenceOfSixCyclesOnThreeRequesters) {
    EXPECT_EQ(differing_sequences<Vd3_matrix_arbiter_n3>(3, 6), 0);
}

TEST(RtlMatrixArbiter, EveryRequestSequenceOfFourCyclesOnFiveRequesters) {
    EXPECT_EQ(differing_sequences<Vd3_matrix_arbiter_n5>(5, 4), 0);
}

TEST(RtlMatrixArbiter, SeededRandomSequencesWithSpareLinesAndGrantsNotTaken) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed)
        for (std::uint32_t n = 1; n <= 5; ++n)
            EXPECT_TRUE(random_run_agrees<Vd3_matrix_arbiter_n5>(n, seed, 3000, 5)) << n << seed;
}

// The policies differ (so the checks above can fail): against round robin some sequences of
// three requesters differ, none of two (where least recently granted is round robin).
TEST(RtlMatrixArbiter, DiffersFromRoundRobinOnlyWhereThePolicyDoes) {
    EXPECT_GT(differing_sequences<Vd3_matrix_arbiter_n3>(3, 4, true), 0);
    EXPECT_EQ(differing_sequences<Vd3_matrix_arbiter_n5>(2, 8, true), 0);
    EXPECT_EQ(differing_sequences<Vd3_matrix_arbiter_n5>(1, 8, true), 0);
}

}  // namespace
}  // namespace d3
