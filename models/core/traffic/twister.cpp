// The 64-bit Mersenne twister a block at a time (twister.h). The recurrence and the tempering are
// the standard's mt19937_64 ([rand.predef]): w = 64, n = 312, m = 156, r = 31,
// a = 0xb5026f5aa96619e9, (u, d) = (29, 0x5555555555555555), (s, b) = (17, 0x71d67fffeda60000),
// (t, c) = (37, 0xfff7eee000000000), l = 43, f = 6364136223846793005.
#include "core/traffic/twister.h"

#include <cstring>

// The kernels' helpers take and return 32-byte vectors; they are always inlined into the AVX2
// kernels, so no call crosses the AVX / non-AVX ABI boundary that GCC warns of.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace d3 {

namespace {

constexpr std::size_t kN = twister64::kStateWords;
constexpr std::size_t kM = 156;
constexpr std::size_t kBlock = twister64::kBlock;
constexpr std::uint64_t kUpper = ~std::uint64_t{0} << 31;
constexpr std::uint64_t kLower = ~kUpper;
constexpr std::uint64_t kA = 0xb5026f5aa96619e9ull;

// GCC's generic vectors: two words (SSE2 on x86-64) and four (AVX2 in the *_avx2 kernels).
using two = std::uint64_t __attribute__((vector_size(16)));
using four = std::uint64_t __attribute__((vector_size(32)));

template <class V>
constexpr std::size_t kWidth = sizeof(V) / sizeof(std::uint64_t);

template <class V>
[[gnu::always_inline]] inline V load(const std::uint64_t* p) {
    V v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
template <class V>
[[gnu::always_inline]] inline void store(std::uint64_t* p, V v) {
    std::memcpy(p, &v, sizeof v);
}

// One step of the recurrence, for a word or a vector of them: the new value of word k from the
// words k, k + 1 and k + m (mod n).
template <class T>
[[gnu::always_inline]] inline T twisted(T word, T next, T far) {
    const T y = (word & kUpper) | (next & kLower);
    return far ^ (y >> 1) ^ (-(y & 1) & kA);
}

template <class T>
[[gnu::always_inline]] inline T tempered(T z) {
    z ^= (z >> 29) & 0x5555555555555555ull;
    z ^= (z << 17) & 0x71d67fffeda60000ull;
    z ^= (z << 37) & 0xfff7eee000000000ull;
    return z ^ (z >> 43);
}

template <class V>
[[gnu::always_inline]] inline void twist_with(std::uint64_t* x) {
    constexpr std::size_t w = kWidth<V>;
    static_assert((kN - kM) % w == 0);
    // Words 0..n-m-1 read words k + m, not yet rewritten; words n-m..n-1 read words k + m - n,
    // already rewritten. Word k + 1 is read before it is rewritten in both (a vector loads
    // before it stores), except by the last word, whose next word is word 0, rewritten: the
    // last vector's words go one at a time.
    std::size_t k = 0;
#pragma GCC unroll 4
    for (; k < kN - kM; k += w)
        store(x + k, twisted(load<V>(x + k), load<V>(x + k + 1), load<V>(x + k + kM)));
#pragma GCC unroll 4
    for (; k + w < kN; k += w)
        store(x + k, twisted(load<V>(x + k), load<V>(x + k + 1), load<V>(x + k + kM - kN)));
    for (; k < kN; ++k) x[k] = twisted(x[k], x[(k + 1) % kN], x[k + kM - kN]);
}

template <class V>
[[gnu::always_inline]] inline void temper_with(const std::uint64_t* from, std::uint64_t* to) {
    static_assert(kBlock % kWidth<V> == 0 && kN % kBlock == 0);
#pragma GCC unroll 4
    for (std::size_t i = 0; i < kBlock; i += kWidth<V>) store(to + i, tempered(load<V>(from + i)));
}

}  // namespace

namespace twister_kernels {

void seed_state(std::uint64_t* x, std::uint64_t s) {
    x[0] = s;
    for (std::size_t i = 1; i < kN; ++i)
        x[i] = 6364136223846793005ull * (x[i - 1] ^ (x[i - 1] >> 62)) + i;
}

void twist_portable(std::uint64_t* x) {
    twist_with<two>(x);
}
void temper_portable(const std::uint64_t* from, std::uint64_t* to) {
    temper_with<two>(from, to);
}

#if defined(__x86_64__)
[[gnu::target("avx2")]] void twist_avx2(std::uint64_t* x) {
    twist_with<four>(x);
}
[[gnu::target("avx2")]] void temper_avx2(const std::uint64_t* from, std::uint64_t* to) {
    temper_with<four>(from, to);
}
bool has_avx2() {
    __builtin_cpu_init();  // safe before static constructors have run
    return __builtin_cpu_supports("avx2");
}
#else
void twist_avx2(std::uint64_t* x) {
    twist_portable(x);
}
void temper_avx2(const std::uint64_t* from, std::uint64_t* to) {
    temper_portable(from, to);
}
bool has_avx2() {
    return false;
}
#endif

}  // namespace twister_kernels

void twister64::temper_next_block() {
    using namespace twister_kernels;
    static const bool avx2 = has_avx2();  // a property of the host, asked once
    if (block_ == kN) {
        avx2 ? twist_avx2(x_) : twist_portable(x_);
        block_ = 0;
    }
    avx2 ? temper_avx2(x_ + block_, out_) : temper_portable(x_ + block_, out_);
    block_ += kBlock;
    next_ = 0;
}

}  // namespace d3
