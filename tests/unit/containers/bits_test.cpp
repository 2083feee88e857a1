// core/containers/bits.h: the lowest set bit's index, as the bitmaps of the stepper, the calendar
// and the input unit read it.
#include "core/containers/bits.h"

#include <gtest/gtest.h>

namespace d3 {
namespace {

TEST(Bits, LowestBitIsTheIndexOfTheLowestSetBitOfEveryWord) {
    for (std::size_t i = 0; i < 64; ++i) {
        const std::uint64_t bit = std::uint64_t{1} << i;
        EXPECT_EQ(lowest_bit(bit), i);
        EXPECT_EQ(lowest_bit(bit | (~std::uint64_t{0} << i)), i);  // every bit above it set
        EXPECT_EQ(lowest_bit(bit | (std::uint64_t{1} << 63)), i);
        EXPECT_EQ(lowest_bit(bit), static_cast<std::size_t>(__builtin_ctzll(bit)));
    }
}

}  // namespace
}  // namespace d3
