// The block-wise Mersenne twister (core/traffic/twister.h) against the standard: the standard
// fixes mt19937_64's 10,000th output from the default seed, and every output of
// std::mt19937_64 for any seed.
#include "core/traffic/twister.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "core/traffic/random.h"

namespace d3 {
namespace {

TEST(Twister, TheStandardsTenThousandthOutput) {
    // [rand.predef]: the 10000th consecutive invocation of a default-constructed mt19937_64
    // produces 9981545732273789042.
    twister64 t;
    std::uint64_t v = 0;
    for (int i = 0; i < 10000; ++i) v = t();
    EXPECT_EQ(v, 9981545732273789042ull);
}

TEST(Twister, SameStreamAsTheStandardEngine) {
    // Seeds at the edges and the ones traffic uses; more draws than three refills of the state,
    // so that every block of every refill, and the refill's last two words, are compared.
    const std::uint64_t seeds[] = {0,
                                   1,
                                   twister64::default_seed,
                                   ~std::uint64_t{0},
                                   std::uint64_t{1} << 63,
                                   stream_seed(1, 0),
                                   stream_seed(20261127, 4095)};
    for (const std::uint64_t s : seeds) {
        twister64 ours(s);
        std::mt19937_64 theirs(s);
        for (int i = 0; i < 3 * 312 + 101; ++i) {
            const std::uint64_t want = theirs();
            const std::uint64_t got = ours();
            ASSERT_EQ(got, want) << "seed " << s << ", draw " << i;
        }
    }
}

// Each kernel on its own: seeded state, one refill, the six blocks tempered, against the standard
// engine's first 312 outputs (the engine above runs one of the two kernels only).
void expect_kernels_give_the_standard_stream(void (*twist)(std::uint64_t*),
                                             void (*temper)(const std::uint64_t*, std::uint64_t*)) {
    for (const std::uint64_t s : {std::uint64_t{0}, std::uint64_t{5489}, stream_seed(3, 9)}) {
        std::uint64_t state[twister64::kStateWords];
        twister_kernels::seed_state(state, s);
        std::mt19937_64 theirs(s);
        for (int refill = 0; refill < 2; ++refill) {
            twist(state);
            for (std::size_t b = 0; b < twister64::kStateWords; b += twister64::kBlock) {
                std::uint64_t out[twister64::kBlock];
                temper(state + b, out);
                for (std::size_t i = 0; i < twister64::kBlock; ++i)
                    ASSERT_EQ(out[i], theirs())
                        << "seed " << s << ", refill " << refill << ", word " << b + i;
            }
        }
    }
}

TEST(Twister, PortableKernelsGiveTheStandardStream) {
    expect_kernels_give_the_standard_stream(twister_kernels::twist_portable,
                                            twister_kernels::temper_portable);
}

TEST(Twister, Avx2KernelsGiveTheStandardStream) {
    // Off x86-64 these are the portable kernels again; on an x86-64 host without AVX2 they cannot
    // run, and the engine never calls them there.
    if (!twister_kernels::has_avx2()) GTEST_SKIP() << "this host has no AVX2";
    expect_kernels_give_the_standard_stream(twister_kernels::twist_avx2,
                                            twister_kernels::temper_avx2);
}

TEST(Twister, ReseedingStartsTheStreamAgain) {
    twister64 t(42);
    const std::uint64_t first = t();
    for (int i = 0; i < 500; ++i) t();  // past a refill and into a block
    t.seed(42);
    EXPECT_EQ(t(), first);
}

TEST(Twister, PeekedOutputsAreTheStream) {
    // Outputs read in place (peek) and taken (skip), mixed with single draws across several
    // blocks, are the standard's stream; a peek past the block's end gives nothing.
    twister64 t(11);
    std::mt19937_64 s(11);
    for (std::uint32_t n = 1; n < 40; ++n) {
        if (const std::uint64_t* w = t.peek(n)) {
            const std::uint32_t taken = n / 2 + 1;
            for (std::uint32_t i = 0; i < taken; ++i) ASSERT_EQ(w[i], s()) << n;
            t.skip(taken);
        } else {
            EXPECT_EQ(t.peek(static_cast<std::uint32_t>(twister64::kBlock) + 1), nullptr);
        }
        ASSERT_EQ(t(), s()) << n;
    }
}

TEST(Twister, IsAUniformRandomBitGenerator) {
    static_assert(twister64::min() == 0 && twister64::max() == ~std::uint64_t{0});
    // A standard distribution takes it (the model's own draws do not use them: random.h).
    twister64 t(7);
    std::mt19937_64 s(7);
    std::uniform_int_distribution<int> d(0, 99);
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(d(t), d(s));
}

}  // namespace
}  // namespace d3
