// core/containers/cache_line.h: the layout check the router units' tests use.
#include "core/containers/cache_line.h"

#include <gtest/gtest.h>

namespace d3 {
namespace {

TEST(CacheLine, AnAlignedBlockOfAtMostOneLineIsInOneLine) {
    alignas(kCacheLine) char bytes[3 * kCacheLine] = {};
    EXPECT_TRUE(in_one_cache_line(bytes, bytes + kCacheLine));
    EXPECT_TRUE(in_one_cache_line(bytes + kCacheLine, bytes + kCacheLine + 8));
    EXPECT_FALSE(in_one_cache_line(bytes, bytes + kCacheLine + 1));  // one byte into the next
    EXPECT_FALSE(in_one_cache_line(bytes + 8, bytes + 16));          // not at a line's start
}

}  // namespace
}  // namespace d3
