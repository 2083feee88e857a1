// The input unit's buffers and stages (core/vc_router/input_vcs.h): which VCs hold a flit at a
// stage, as its visits and any_active see them.
#include <gtest/gtest.h>

#include <vector>

#include "core/vc_router/input_vcs.h"

namespace d3 {
namespace {

std::vector<int> visited_at(const input_vcs& in, vc_stage s) {
    std::vector<int> v;
    in.for_each_at(s, [&](int i) { v.push_back(i); });
    return v;
}

// A VC is active once its head holds an output VC; an empty VC is none of the stages' visits, and
// any_active is whether the active visit finds one.
TEST(InputVcs, AnyActiveIsWhetherAnActiveVcHoldsAFlit) {
    input_vcs in(2, {4, 4, 4});
    EXPECT_FALSE(in.any_active());
    packet p;
    ASSERT_TRUE(in.arrive(1, 1, {&p, 0, 0}));
    EXPECT_FALSE(in.any_active());
    EXPECT_EQ(visited_at(in, vc_stage::idle), std::vector<int>{3});
    in.move_stage<vc_stage::idle, vc_stage::vc_alloc>(3);
    EXPECT_FALSE(in.any_active());
    in.move_stage<vc_stage::vc_alloc, vc_stage::active>(3);
    EXPECT_TRUE(in.any_active());
    EXPECT_EQ(visited_at(in, vc_stage::active), std::vector<int>{3});
    in.pop(3);  // empty, still active (its packet's other flits to come)
    EXPECT_FALSE(in.any_active());
    EXPECT_TRUE(visited_at(in, vc_stage::active).empty());
    ASSERT_TRUE(in.arrive(1, 1, {&p, 1, 1}));
    EXPECT_TRUE(in.any_active());
}

}  // namespace
}  // namespace d3
