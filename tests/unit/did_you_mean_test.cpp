// cli/did_you_mean: Levenshtein distance and the closest name for a misspelled one.
#include "cli/did_you_mean.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/network/config.h"

namespace {

using d3::did_you_mean;
using d3::edit_distance;

TEST(DidYouMean, TextbookDistances) {
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
    EXPECT_EQ(edit_distance("flaw", "lawn"), 2u);
    EXPECT_EQ(edit_distance("", "abc"), 3u);
    EXPECT_EQ(edit_distance("abc", ""), 3u);
    EXPECT_EQ(edit_distance("same", "same"), 0u);
    EXPECT_EQ(edit_distance("ab", "ba"), 2u);  // Levenshtein: a swap is two edits
}

TEST(DidYouMean, ClosestNameWhenClose) {
    const std::vector<std::string> options{"--primitive", "--protocol", "--perm", "--source"};
    EXPECT_EQ(did_you_mean("--primtive", options), "--primitive");
    EXPECT_EQ(did_you_mean("--protocl", options), "--protocol");
    EXPECT_EQ(did_you_mean("buffer_dept", {"buffer_depth", "vcs"}), "buffer_depth");
}

TEST(DidYouMean, FarWordGetsNothing) {
    EXPECT_EQ(did_you_mean("--xyzzy", {"--primitive", "--seed"}), std::nullopt);
    EXPECT_EQ(did_you_mean("kitten", {"sitting"}), std::nullopt);  // 3 edits > 6 / 3
    EXPECT_EQ(did_you_mean("ab", {"cd"}), std::nullopt);           // 2 edits > max(1, 2 / 3)
    EXPECT_EQ(did_you_mean("anything", {}), std::nullopt);
}

TEST(DidYouMean, FirstOfEquallyClose) {
    EXPECT_EQ(did_you_mean("cat", {"bat", "hat"}), "bat");
}

TEST(DidYouMean, EnumValueMessageNamesTheClosest) {
    CLI::Validator v = d3::member_of(d3::kArbitrationNames);
    std::string value = "oldest-frist";
    EXPECT_EQ(v(value),
              "oldest-frist not in {round-robin,oldest-first,youngest-first,matrix} (did you mean "
              "oldest-first?)");
    value = "oldest-first";
    EXPECT_EQ(v(value), "");
    value = "zzz";
    EXPECT_EQ(v(value), "zzz not in {round-robin,oldest-first,youngest-first,matrix}");
}

}  // namespace
