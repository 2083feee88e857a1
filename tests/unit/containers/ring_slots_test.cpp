#include "core/containers/ring_slots.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>

namespace d3 {
namespace {

using ring16 = ring_slots<int, std::uint16_t>;

// Its storage's pointer and four 16-bit indices: 16 bytes, what the input unit keeps per buffer.
TEST(RingSlots, SixteenBitIndicesMakeARingOfSixteenBytes) {
    EXPECT_EQ(sizeof(ring16), sizeof(void*) + 4 * sizeof(std::uint16_t));
    // The storage of the largest limit (a power of two) leaves the mask's all-ones value free.
    EXPECT_EQ(ring16::kMostSlots, 32768u);
    EXPECT_EQ((ring_slots<int, std::uint32_t>::kMostSlots), std::size_t{1} << 31);
}

// The limit comes with each push that may grow and each fullness test: the same ring object
// serves any limit its owner keeps.
TEST(RingSlots, TheOwnersLimitBoundsPushesAndFullness) {
    ring16 r;
    EXPECT_EQ(r.allocated(), 0u);  // no storage before the first push
    EXPECT_FALSE(r.has_room_in_place());
    for (int round = 0; round < 7; ++round) {  // wraps around the storage of 4
        for (int i = 0; i < 3; ++i) r.push_slot(3) = round * 10 + i;
        EXPECT_TRUE(r.full(3));
        EXPECT_FALSE(r.full(4));
        EXPECT_THROW(r.push_slot(3), std::length_error);
        EXPECT_EQ(r.allocated(), 4u);  // the limit 3 rounded up
        EXPECT_EQ(r.front(), round * 10);
        EXPECT_EQ(r.remove_if([&](int x) { return x == round * 10 + 1; }), 1u);
        EXPECT_EQ(r[1], round * 10 + 2);
        r.pop_front();
        r.pop_front();
        EXPECT_TRUE(r.empty());
    }
}

// A ring at the largest limit 16-bit indices take: every slot used, the indices wrapping past
// the storage's end and back, the order kept.
TEST(RingSlots, TheLargestLimitFillsAndWraps) {
    const std::size_t most = ring16::kMostSlots;
    ring16 r;
    for (std::size_t i = 0; i < most; ++i) r.push_slot(most) = static_cast<int>(i);
    EXPECT_TRUE(r.full(most));
    EXPECT_EQ(r.allocated(), most);
    EXPECT_THROW(r.push_slot(most), std::length_error);
    for (std::size_t i = 0; i < most / 2 + 3; ++i) r.pop_front();  // the head past the middle
    for (std::size_t i = 0; i < most / 2 + 3; ++i)
        r.push_slot_in_place() = static_cast<int>(most + i);  // wraps to the storage's start
    ASSERT_EQ(r.size(), most);
    for (std::size_t i = 0; i < most; ++i)
        ASSERT_EQ(r[i], static_cast<int>(most / 2 + 3 + i)) << "element " << i;
}

}  // namespace
}  // namespace d3
