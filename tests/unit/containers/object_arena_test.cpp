// The arena of --threads' link ends: each object is made from its arguments, keeps its address,
// and is destroyed once, the last made first, when the arena goes.
#include "core/containers/object_arena.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace d3 {
namespace {

struct counted {
    counted(std::vector<int>& gone, int id) : gone_(gone), id_(id) {}
    virtual ~counted() { gone_.push_back(id_); }
    std::vector<int>& gone_;
    int id_;
};

TEST(ObjectArena, MakesObjectsThatLiveAsLongAsTheArena) {
    std::vector<int> gone;
    std::vector<counted*> made;
    {
        object_arena arena;
        for (int i = 0; i < 10000; ++i) made.push_back(arena.make<counted>(gone, i));
        EXPECT_EQ(arena.size(), 10000u);
        for (int i = 0; i < 10000; ++i) {
            ASSERT_EQ(made[static_cast<std::size_t>(i)]->id_, i);  // each kept where it was made
            ASSERT_EQ(reinterpret_cast<std::uintptr_t>(made[static_cast<std::size_t>(i)]) %
                          alignof(counted),
                      0u);
        }
        EXPECT_TRUE(gone.empty());
    }
    ASSERT_EQ(gone.size(), 10000u);
    for (int i = 0; i < 10000; ++i) ASSERT_EQ(gone[static_cast<std::size_t>(i)], 9999 - i);
}

// As many objects as a large network's link ends (4 M on D3(32,32)) are made in linear time: a
// list grown one entry at a time would not finish before the test's timeout.
TEST(ObjectArena, MillionsOfObjectsAreMadeInLinearTime) {
    std::vector<int> gone;
    {
        object_arena arena;
        for (int i = 0; i < 4000000; ++i) arena.make<counted>(gone, i);
        EXPECT_EQ(arena.size(), 4000000u);
    }
    EXPECT_EQ(gone.size(), 4000000u);
}

}  // namespace
}  // namespace d3
