#include <gtest/gtest.h>

#include "core/queue.h"

namespace d3 {
namespace {

// empty() reads the vector alone: the queue must be empty exactly when every element pushed was
// popped, after the pop that clears it and after a pop that moves the rest to the front.
TEST(Queue, EmptyExactlyWhenEverythingPushedWasPopped) {
    queue<int> q;
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

}  // namespace
}  // namespace d3
