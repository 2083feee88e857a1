// When a run restarts on transparent huge pages (cli/huge_pages.h): the threshold, D3_HUGE_PAGES,
// and GLIBC_TUNABLES kept and never given the tunable twice (no restart loop).
#include "cli/huge_pages.h"

#include <gtest/gtest.h>

namespace d3 {
namespace {

TEST(HugePages, RunsBelowTheThresholdStayAsTheyAre) {
    EXPECT_FALSE(huge_pages_tunables(kHugePagesMib - 1, nullptr, nullptr));
    EXPECT_EQ(huge_pages_tunables(kHugePagesMib, nullptr, nullptr), "glibc.malloc.hugetlb=1");
}

TEST(HugePages, TheSettingMovesOrRemovesTheThreshold) {
    EXPECT_EQ(huge_pages_tunables(1, "0", nullptr), "glibc.malloc.hugetlb=1");
    EXPECT_FALSE(huge_pages_tunables(99, "100", nullptr));
    EXPECT_FALSE(huge_pages_tunables(1e9, "off", nullptr));
    EXPECT_FALSE(huge_pages_tunables(1e9, "12x", nullptr));
    EXPECT_FALSE(huge_pages_tunables(1e9, "-1", nullptr));
    EXPECT_EQ(huge_pages_tunables(kHugePagesMib, "", nullptr), "glibc.malloc.hugetlb=1");
}

TEST(HugePages, OtherTunablesAreKeptAndTheTunableIsNeverAddedTwice) {
    EXPECT_EQ(huge_pages_tunables(1e9, nullptr, "glibc.malloc.arena_max=2"),
              "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1");
    EXPECT_FALSE(huge_pages_tunables(1e9, nullptr, "glibc.malloc.hugetlb=1"));
    EXPECT_FALSE(huge_pages_tunables(1e9, nullptr, "glibc.malloc.hugetlb=0"));  // the user's choice
    EXPECT_EQ(huge_pages_tunables(1e9, nullptr, ""), "glibc.malloc.hugetlb=1");
}

}  // namespace
}  // namespace d3
