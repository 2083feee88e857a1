// Random numbers for synthetic traffic, identical on every standard library: the std::mt19937_64
// stream (specified bit for bit by the standard; twister.h computes it a block at a time) with our
// own integer and Bernoulli draws (the standard distributions are implementation-defined). Plain
// C++.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/traffic/twister.h"

namespace d3 {

using traffic_rng = twister64;

// The draws are flattened (the engine's operator() inlined into them): GCC otherwise calls it out
// of line once a caller has two draws (traffic_program::launches: Bernoulli, then destination).

/// Uniform in 0..n-1 (n >= 1); the modulo bias is below 2^-50 for the n used here.
[[gnu::flatten]] inline int uniform_int(traffic_rng& r, int n) {
    return static_cast<int>(r() % static_cast<std::uint64_t>(n));
}

/// True with probability p (53-bit resolution).
[[gnu::flatten]] inline bool bernoulli(traffic_rng& r, double p) {
    return static_cast<double>(r() >> 11) * (1.0 / 9007199254740992.0) < p;
}

/// bernoulli(r, p) for p in [0, 1] as an integer comparison, with threshold =
/// bernoulli_threshold(p): x 2^-53 < p exactly when x < p 2^53 (a power of two scales exactly),
/// that is when x < ceil(p 2^53), for the integer x < 2^53. The same draw and the same answer,
/// without the conversion to double (traffic_program::launches: a draw per terminal and step).
inline std::uint64_t bernoulli_threshold(double p) {
    return static_cast<std::uint64_t>(std::ceil(p * 9007199254740992.0));
}
/// bernoulli_below's answer for the draw `x` (traffic_program::launches reads its draws in place).
inline bool bernoulli_of_draw(std::uint64_t x, std::uint64_t threshold) {
    return (x >> 11) < threshold;
}
[[gnu::flatten]] inline bool bernoulli_below(traffic_rng& r, std::uint64_t threshold) {
    return bernoulli_of_draw(r(), threshold);
}

/// The stream of node `id` for a run seeded with `seed` (splitmix64 of both).
inline std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t id) {
    std::uint64_t z = seed * 0x9E3779B97F4A7C15ull + id + 1;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace d3
