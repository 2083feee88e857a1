#include <gtest/gtest.h>

#include "core/router/arbiter.h"

namespace d3 {
namespace {

TEST(Arbiter, RoundRobinRotates) {
    arbiter a(arbitration::round_robin, 4);
    const candidate c[] = {{0, 5, 0}, {1, 5, 1}, {3, 5, 2}};
    EXPECT_EQ(a.pick(c, 3), 0u);  // priority starts at input 0
    EXPECT_EQ(a.pick(c, 3), 1u);  // then input 1 ...
    EXPECT_EQ(a.pick(c, 3), 2u);  // ... then input 3 (2 is absent)
    EXPECT_EQ(a.pick(c, 3), 0u);  // and around
}

TEST(Arbiter, RoundRobinIsFairUnderContention) {
    arbiter a(arbitration::round_robin, 3);
    const candidate c[] = {{0, 0, 0}, {1, 0, 1}, {2, 0, 2}};
    int wins[3] = {0, 0, 0};
    for (int i = 0; i < 300; ++i) ++wins[c[a.pick(c, 3)].source];
    EXPECT_EQ(wins[0], 100);
    EXPECT_EQ(wins[1], 100);
    EXPECT_EQ(wins[2], 100);
}

TEST(Arbiter, AgePolicies) {
    const candidate c[] = {{0, 7, 0}, {1, 3, 1}, {2, 9, 2}};
    arbiter oldest(arbitration::oldest_first, 3);
    arbiter youngest(arbitration::youngest_first, 3);
    EXPECT_EQ(oldest.pick(c, 3), 1u);
    EXPECT_EQ(youngest.pick(c, 3), 2u);
}

}  // namespace
}  // namespace d3
