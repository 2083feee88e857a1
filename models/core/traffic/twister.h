// The 64-bit Mersenne twister, word for word the stream of std::mt19937_64 (whose every output
// the standard fixes), with the state's refill and the output's tempering done a block at a time
// in the vector unit. Plain C++.
//
// Why not std::mt19937_64 itself: libstdc++ refills the state a word at a time (GCC 12 does not
// vectorise that loop, at -O2 or -O3) and tempers each output as it is drawn; synthetic traffic
// draws once per terminal and step, so the engine was a visible part of a traffic run's
// instructions (docs/performance.md). Here both loops run on GCC's generic
// vectors: four words at a time with AVX2 where the host has it (asked once, at run time),
// else two (SSE2, the baseline of x86-64; other targets get their own vector unit or scalar code
// from the same source). The outputs are the same on every host; the instruction count is not
// (docs/performance.md gives both). tests/unit/twister_test.cpp checks each kernel and the engine
// against std::mt19937_64 and the standard's 10,000th output.
#pragma once

#include <cstddef>
#include <cstdint>

namespace d3 {

/// The engine's kernels, on a state of twister64::kStateWords words; public for their tests.
namespace twister_kernels {
/// The state std::mt19937_64(s) starts from.
void seed_state(std::uint64_t* state, std::uint64_t s);
/// The state's refill (the recurrence of std::mersenne_twister_engine::_M_gen_rand).
void twist_portable(std::uint64_t* state);
void twist_avx2(std::uint64_t* state);
/// Tempers twister64::kBlock words of `from` into `to`.
void temper_portable(const std::uint64_t* from, std::uint64_t* to);
void temper_avx2(const std::uint64_t* from, std::uint64_t* to);
/// Whether this host runs the AVX2 kernels (false off x86-64, where they are the portable ones).
bool has_avx2();
}  // namespace twister_kernels

class twister64 {
  public:
    using result_type = std::uint64_t;
    static constexpr result_type default_seed = 5489u;

    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return ~result_type{0}; }

    explicit twister64(result_type seed = default_seed) { this->seed(seed); }

    /// The same state as std::mt19937_64(s).
    void seed(result_type s) {
        twister_kernels::seed_state(x_, s);
        next_ = kBlock;
        block_ = kStateWords;
    }

    result_type operator()() {
        if (next_ == kBlock) temper_next_block();
        return out_[next_++];
    }

    /// The next `n` outputs in place, when the tempered block holds them all (nullptr otherwise):
    /// a caller that reads some of them in order takes them with skip(), the same stream as as
    /// many calls of operator() without the test for the block's end before each.
    const result_type* peek(std::uint32_t n) const {
        return next_ + n <= kBlock ? out_ + next_ : nullptr;
    }
    /// Takes the first `n` outputs of a peek(m) with n <= m.
    void skip(std::uint32_t n) { next_ += n; }

    static constexpr std::size_t kStateWords = 312;
    /// Words tempered at a time: a divisor of the state's 312, a multiple of the vectors' widths.
    static constexpr std::size_t kBlock = 52;

  private:
    /// Tempers the next kBlock state words into out_, refilling the state first when all of it
    /// has been used.
    void temper_next_block();

    alignas(32) std::uint64_t x_[kStateWords];
    alignas(32) std::uint64_t out_[kBlock];
    std::uint32_t next_ = kBlock;        // the next word of out_ to return
    std::uint32_t block_ = kStateWords;  // the first state word not yet tempered
};

}  // namespace d3
