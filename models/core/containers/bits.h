// The index of a word's lowest set bit, as a std::size_t: what the bitmaps of clients and buffers
// (core/containers/calendar.h, the stepper) index their tables with. Plain C++.
#pragma once

#include <cstddef>
#include <cstdint>

namespace d3 {

/// The index of the lowest set bit of `bits`, which must not be 0. GCC 12 widens
/// __builtin_ctzll's int with a sign extension and clears the result register before it (a
/// dependency breaker), two instructions more per bit than the one bsf needs here (D3(8,8)
/// all-to-all: two loops of the stepper per router step).
inline std::size_t lowest_bit(std::uint64_t bits) {
#if defined(__GNUC__) && defined(__x86_64__)
    std::uint64_t i;
    __asm__("bsfq %1, %0" : "=r"(i) : "rm"(bits) : "cc");
    return static_cast<std::size_t>(i);
#else
    return static_cast<std::size_t>(__builtin_ctzll(bits));
#endif
}

}  // namespace d3
