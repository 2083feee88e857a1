// The cache line the model lays out the data one router reads of another by (docs/performance.md,
// "Fewer cache lines per crossing"): a packet is one line, and what a crossing touches of a unit
// is one aligned block.
#pragma once

#include <cstddef>
#include <cstdint>

namespace d3 {

inline constexpr std::size_t kCacheLine = 64;

/// Whether the bytes [first, end) lie in the one cache line that begins at `first` (a layout
/// check for the units' tests).
inline bool in_one_cache_line(const void* first, const void* end) {
    const auto a = reinterpret_cast<std::uintptr_t>(first);
    const auto b = reinterpret_cast<std::uintptr_t>(end);
    return a % kCacheLine == 0 && b - a <= kCacheLine;
}

}  // namespace d3
