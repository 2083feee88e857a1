#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "core/containers/bounded_ring.h"

namespace d3 {
namespace {

TEST(BoundedRing, OrderCapacityAndRemoval) {
    bounded_ring<int> f(3);
    for (int round = 0; round < 5; ++round) {  // wraps around
        f.push_back(1);
        f.push_back(2);
        f.push_back(3);
        EXPECT_TRUE(f.full());
        EXPECT_EQ(f.remove_if([](int x) { return x == 2; }), 1u);
        EXPECT_EQ(f[0], 1);
        EXPECT_EQ(f[1], 3);
        f.pop_front();
        EXPECT_EQ(f.front(), 3);
        f.pop_front();
        EXPECT_TRUE(f.empty());
    }
    // Removed at the front and further on, wrapped around the ring: the rest keeps its order.
    bounded_ring<int> g(4);
    for (int round = 0; round < 6; ++round) {
        for (int x : {1, 2, 3, 4}) g.push_back(x);
        EXPECT_EQ(g.remove_if([](int x) { return x == 1 || x == 3; }), 2u);
        ASSERT_EQ(g.size(), 2u);
        EXPECT_EQ(g[0], 2);
        EXPECT_EQ(g[1], 4);
        g.push_back(5);
        EXPECT_EQ(g.remove_if([](int x) { return x != 4; }), 2u);
        ASSERT_EQ(g.size(), 1u);
        EXPECT_EQ(g.front(), 4);
        g.pop_front();
    }
    // Only the first `among` elements are tested: the ones behind stay, in order, even those the
    // predicate would take.
    bounded_ring<int> h(8);
    const auto two = [](int x) { return x == 2; };
    for (int round = 0; round < 3; ++round) {  // wraps around
        for (int x : {2, 1, 2, 2, 2}) h.push_back(x);
        EXPECT_EQ(h.remove_if(two, 3), 2u);  // the front 2 and the third element
        ASSERT_EQ(h.size(), 3u);
        EXPECT_EQ(h[0], 1);
        EXPECT_EQ(h[1], 2);
        EXPECT_EQ(h[2], 2);
        EXPECT_EQ(h.remove_if(two, 1), 0u);
        EXPECT_EQ(h.remove_if(two, 0), 0u);
        ASSERT_EQ(h.size(), 3u);
        EXPECT_EQ(h.remove_if(two), 2u);
        ASSERT_EQ(h.size(), 1u);
        EXPECT_EQ(h.front(), 1);
        h.pop_front();
    }
}

// A push into a full queue is a flow-control bug: it throws in every build (an assert, off with
// NDEBUG, let it overwrite the front of a ring whose limit is a power of two, or pass a limit
// that is not one), and the queue keeps what it held.
TEST(BoundedRing, APushBeyondTheLimitThrowsAndKeepsTheQueue) {
    for (std::size_t limit : {1u, 3u, 4u, 8u}) {
        bounded_ring<int> f(limit);
        for (std::size_t i = 0; i < limit; ++i) f.push_back(static_cast<int>(i) + 10);
        ASSERT_TRUE(f.full());
        EXPECT_THROW(f.push_back(99), std::length_error) << "limit " << limit;
        ASSERT_EQ(f.size(), limit);
        for (std::size_t i = 0; i < limit; ++i) EXPECT_EQ(f[i], static_cast<int>(i) + 10);
        f.pop_front();  // room again, after the ring wrapped
        f.push_back(7);
        EXPECT_EQ(f[limit - 1], 7);
        EXPECT_THROW(f.push_back(98), std::length_error);
    }
    bounded_ring<int> none;  // no limit given: no element fits
    EXPECT_THROW(none.push_back(1), std::length_error);
}

// push_slot appends like push_back (growing the ring, refusing beyond the limit) but leaves the
// slot as it was: the caller writes it.
TEST(BoundedRing, PushSlotAppendsTheSlotAsItWas) {
    bounded_ring<int> f(2);
    f.push_slot() = 5;  // grows the storage
    f.push_back(6);
    EXPECT_THROW(f.push_slot(), std::length_error);
    f.pop_front();
    f.pop_front();
    EXPECT_EQ(f.push_slot(), 5);  // the slot the first element left
    EXPECT_EQ(f.size(), 1u);
    f.push_slot() = 8;
    EXPECT_EQ(f[0], 5);
    EXPECT_EQ(f[1], 8);
}

// has_room_in_place: a push fits without growing the storage (and the queue is not full);
// push_slot_in_place then appends as push_slot does, without that test.
TEST(BoundedRing, PushSlotInPlaceNeedsRoomInTheStorage) {
    bounded_ring<int> f(3);               // storage of 2, then 4 (the limit 3 rounded up)
    EXPECT_FALSE(f.has_room_in_place());  // no storage yet
    f.push_slot() = 1;                    // grows to 2
    ASSERT_TRUE(f.has_room_in_place());
    f.push_slot_in_place() = 2;
    EXPECT_FALSE(f.has_room_in_place());  // the storage is full: the next push grows it
    f.push_back(3);                       // grows to 4
    EXPECT_FALSE(f.has_room_in_place());  // the queue is full
    f.pop_front();
    ASSERT_TRUE(f.has_room_in_place());
    f.push_slot_in_place() = 4;
    EXPECT_EQ(f.size(), 3u);
    EXPECT_EQ(f[0], 2);
    EXPECT_EQ(f[1], 3);
    EXPECT_EQ(f[2], 4);
}

}  // namespace
}  // namespace d3
