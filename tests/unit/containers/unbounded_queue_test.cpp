#include <gtest/gtest.h>

#include "core/containers/unbounded_queue.h"

namespace d3 {
namespace {

// empty() reads the vector alone: the queue must be empty exactly when every element pushed was
// popped, after the pop that clears it and after a pop that moves the rest to the front.
TEST(UnboundedQueue, EmptyExactlyWhenEverythingPushedWasPopped) {
    unbounded_queue<int> q;
    EXPECT_TRUE(q.empty());
    q.push_back(1);
    q.push_back(2);
    EXPECT_FALSE(q.empty());
    q.pop_front();
    EXPECT_FALSE(q.empty());
    EXPECT_EQ(q.front(), 2);
    q.pop_front();
    EXPECT_TRUE(q.empty());
    EXPECT_EQ(q.size(), 0u);
    const int items[] = {3, 4, 5};
    q.append(std::begin(items), std::end(items));
    EXPECT_EQ(q.front(), 3);
    EXPECT_EQ(q.size(), 3u);
    for (int i = 0; i < 2000; ++i) q.push_back(i);
    for (int i = 0; i < 1500; ++i) q.pop_front();  // moves the rest to the front on the way
    EXPECT_FALSE(q.empty());
    EXPECT_EQ(q.size(), 503u);
    EXPECT_EQ(q.front(), 1497);
    while (q.size() > 1) q.pop_front();
    EXPECT_FALSE(q.empty());
    EXPECT_EQ(q.front(), 1999);
    q.pop_front();
    EXPECT_TRUE(q.empty());
    q.push_back(7);
    EXPECT_FALSE(q.empty());
    EXPECT_EQ(q.front(), 7);
}

// pop_front_while takes the leading run that holds the predicate, as pop_front one by one would:
// none, some (the rest stays in order), all (the queue is empty after), and after the taken
// front was moved away.
TEST(UnboundedQueue, PopFrontWhileTakesTheLeadingRunAsPopFrontWould) {
    unbounded_queue<int> q;
    const auto below = [](int bound) { return [bound](int v) { return v < bound; }; };
    EXPECT_EQ(q.pop_front_while(below(10)), 0u);
    for (int i = 0; i < 5; ++i) q.push_back(i);
    EXPECT_EQ(q.pop_front_while(below(0)), 0u);
    EXPECT_EQ(q.front(), 0);
    EXPECT_EQ(q.pop_front_while(below(2)), 2u);
    EXPECT_EQ(q.front(), 2);
    EXPECT_EQ(q.size(), 3u);
    EXPECT_EQ(q.pop_front_while(below(10)), 3u);
    EXPECT_TRUE(q.empty());
    q.push_back(8);
    EXPECT_EQ(q.front(), 8);
    for (int i = 0; i < 3000; ++i) q.push_back(i);
    EXPECT_EQ(q.pop_front_while([](int v) { return v != 2500; }), 2501u);  // 8, then 0..2499
    EXPECT_EQ(q.size(), 500u);
    EXPECT_EQ(q.front(), 2500);
    q.pop_front();
    EXPECT_EQ(q.front(), 2501);
}

}  // namespace
}  // namespace d3
