#include "core/containers/due_cycle_queue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

namespace d3 {
namespace {

std::vector<int> pop(due_cycle_queue<int>& q, std::uint64_t t) {
    std::vector<int> out;
    q.pop_due(t, [&](int v) { out.push_back(v); });
    return out;
}

TEST(DueCycleQueue, PopsWhatIsDueInDueOrder) {
    due_cycle_queue<int> q;
    EXPECT_EQ(q.next_due(), due_cycle_queue<int>::kNone);
    q.push(5, 1);
    q.push(3, 2);  // out of order: goes before
    q.push(5, 3);  // same cycle as the first: after it
    q.push(9, 4);
    EXPECT_EQ(q.next_due(), 3u);
    EXPECT_EQ(pop(q, 2), std::vector<int>{});
    EXPECT_EQ(pop(q, 5), (std::vector<int>{2, 1, 3}));
    EXPECT_EQ(q.size(), 1u);
    EXPECT_EQ(q.next_due(), 9u);
    EXPECT_EQ(pop(q, 100), std::vector<int>{4});
    EXPECT_TRUE(q.empty());
}

// push_in_place appends in due order into the ring's storage, and refuses (pushing nothing) what
// push would insert out of order or must grow the ring for.
TEST(DueCycleQueue, PushInPlaceAppendsOnlyInOrderAndWithoutGrowing) {
    due_cycle_queue<int> q;
    EXPECT_FALSE(q.push_in_place(5, 1));  // no storage yet
    EXPECT_TRUE(q.empty());
    q.push(5, 1);                         // the ring takes 2
    EXPECT_FALSE(q.push_in_place(4, 2));  // out of order
    EXPECT_EQ(q.size(), 1u);
    EXPECT_TRUE(q.push_in_place(5, 3));   // same cycle: after the first
    EXPECT_FALSE(q.push_in_place(6, 4));  // the storage is full
    q.push(6, 4);                         // grows
    EXPECT_TRUE(q.push_in_place(8, 5));
    EXPECT_EQ(pop(q, 5), (std::vector<int>{1, 3}));
    EXPECT_TRUE(q.push_in_place(9, 6));  // across the ring's wrap
    EXPECT_EQ(q.next_due(), 6u);
    EXPECT_EQ(pop(q, 100), (std::vector<int>{4, 5, 6}));
    // Emptied, it still refuses a value due before the last one pushed; push takes that one.
    EXPECT_FALSE(q.push_in_place(7, 7));
    EXPECT_TRUE(q.empty());
    q.push(7, 7);
    EXPECT_EQ(pop(q, 100), std::vector<int>{7});
}

// Against a brute-force reference (a stable sort by due) across wrap-around and growth.
TEST(DueCycleQueue, MatchesAStableSortUnderRandomPushesAndPops) {
    std::mt19937 rng(7);
    due_cycle_queue<int> q;
    std::vector<std::pair<std::uint64_t, int>> ref;
    int next = 0;
    for (std::uint64_t t = 0; t < 2000; ++t) {
        const int pushes = static_cast<int>(rng() % 4);
        for (int i = 0; i < pushes; ++i) {
            const std::uint64_t due = t + 1 + rng() % 6;
            q.push(due, next);
            ref.emplace_back(due, next);
            ++next;
        }
        std::stable_sort(ref.begin(), ref.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        std::vector<int> want;
        while (!ref.empty() && ref.front().first <= t) {
            want.push_back(ref.front().second);
            ref.erase(ref.begin());
        }
        ASSERT_EQ(pop(q, t), want) << "cycle " << t;
        ASSERT_EQ(q.size(), ref.size());
        ASSERT_EQ(q.next_due(), ref.empty() ? due_cycle_queue<int>::kNone : ref.front().first);
    }
}

}  // namespace
}  // namespace d3
