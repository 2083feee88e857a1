// Rows of bits: the request and grant sets of arbiters and allocators, one bit per requester in
// 64-bit words, bits past the row's size clear. Plain C++.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/containers/bits.h"

namespace d3 {

/// What a search for a set bit returns when there is none (also: no grant, no match).
inline constexpr std::size_t kNone = static_cast<std::size_t>(-1);

/// Words of a row of `n` bits.
inline constexpr std::size_t words_for(std::size_t n) {
    return (n + 63) / 64;
}

inline bool test_bit(const std::uint64_t* row, std::size_t i) {
    return (row[i / 64] >> (i % 64)) & 1u;
}
inline void set_bit(std::uint64_t* row, std::size_t i) {
    row[i / 64] |= std::uint64_t{1} << (i % 64);
}
inline void clear_bit(std::uint64_t* row, std::size_t i) {
    row[i / 64] &= ~(std::uint64_t{1} << (i % 64));
}

/// Calls f(i) for each set bit i of the row, in ascending order (the row as it was on entry to
/// each word).
template <typename F>
void for_each_bit(const std::uint64_t* row, std::size_t words, F&& f) {
    for (std::size_t w = 0; w < words; ++w)
        for (std::uint64_t bits = row[w]; bits != 0; bits &= bits - 1) f(w * 64 + lowest_bit(bits));
}

/// The first set bit at or after `from`, or kNone.
inline std::size_t first_bit_from(const std::uint64_t* row, std::size_t words, std::size_t from) {
    std::size_t w = from / 64;
    if (w >= words) return kNone;
    std::uint64_t bits = row[w] & (~std::uint64_t{0} << (from % 64));
    while (bits == 0) {
        if (++w == words) return kNone;
        bits = row[w];
    }
    return w * 64 + lowest_bit(bits);
}

/// The first set bit at or after `from`, wrapping around to 0: a round-robin pointer's choice.
inline std::size_t first_bit_cyclic(const std::uint64_t* row, std::size_t words, std::size_t from) {
    const std::size_t i = first_bit_from(row, words, from);
    return i != kNone ? i : first_bit_from(row, words, 0);
}

/// Whether a row of `words` words has exactly one set bit.
inline bool single_bit(const std::uint64_t* row, std::size_t words) {
    bool seen = false;
    for (std::size_t w = 0; w < words; ++w) {
        const std::uint64_t bits = row[w];
        if (bits == 0) continue;
        if (seen || (bits & (bits - 1)) != 0) return false;
        seen = true;
    }
    return seen;
}

/// out = a & b, word by word.
inline void and_rows(std::uint64_t* out, const std::uint64_t* a, const std::uint64_t* b,
                     std::size_t words) {
    for (std::size_t w = 0; w < words; ++w) out[w] = a[w] & b[w];
}

/// Whether a and b share a set bit.
inline bool intersects(const std::uint64_t* a, const std::uint64_t* b, std::size_t words) {
    for (std::size_t w = 0; w < words; ++w)
        if (a[w] & b[w]) return true;
    return false;
}

/// Sets bits 0..n-1 of a row of words_for(n) words and clears the rest.
inline void fill_row(std::uint64_t* row, std::size_t n) {
    for (std::size_t w = 0; w < words_for(n); ++w) {
        const std::size_t left = n - w * 64;
        row[w] = left >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << left) - 1;
    }
}

}  // namespace d3
