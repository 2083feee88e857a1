// The text trace format (core/replay/text_trace.h): fields, dependencies, gaps and one-line errors.
#include "core/replay/text_trace.h"

#include <gtest/gtest.h>

namespace d3 {
namespace {

message_trace parsed(const std::string& text) {
    auto r = parse_text_trace(text, "t.trace");
    if (auto* err = std::get_if<std::string>(&r)) ADD_FAILURE() << *err;
    return std::get<message_trace>(r);
}

std::string refused(const std::string& text) {
    auto r = parse_text_trace(text, "t.trace");
    if (std::holds_alternative<message_trace>(r)) return "accepted";
    return std::get<std::string>(r);
}

TEST(TextTrace, ReadsFieldsIdsAndDependencies) {
    const message_trace t = parsed(
        "# cycle src dst flits id waits-for\n"
        "0 0 5 1 10\n"
        "\n"
        "3 2 1 4   # no id\n"
        "7 5 0 2 11 10\n"
        "9 1 2 1 12 10 11\n");
    ASSERT_EQ(t.messages.size(), 4u);
    EXPECT_EQ(t.format, "text");
    EXPECT_EQ(t.nodes, 6u);
    EXPECT_EQ(t.messages[1].flits, 4u);
    EXPECT_EQ(t.messages[1].id, 1u);  // its index
    EXPECT_EQ(t.messages[2].waits_for, std::vector<std::uint32_t>({0}));
    EXPECT_EQ(t.messages[3].waits_for, std::vector<std::uint32_t>({0, 2}));
    EXPECT_EQ(creation_gap(t, 0), 0u);
    EXPECT_EQ(creation_gap(t, 2), 7u);  // 7 - 0
    EXPECT_EQ(creation_gap(t, 3), 2u);  // 9 - max(0, 7)
    EXPECT_FALSE(check_trace(t));
}

TEST(TextTrace, RefusesBadLinesWithTheirNumber) {
    EXPECT_EQ(refused("0 0 1\n"),
              "t.trace:1: expected CYCLE SOURCE DESTINATION FLITS [ID "
              "[WAITS_FOR ...]], got 3 fields");
    EXPECT_EQ(refused("0 0 1 0\n"), "t.trace:1: FLITS must be 1..65536 (got '0')");
    EXPECT_EQ(refused("x 0 1 1\n"), "t.trace:1: CYCLE must be a whole number (got 'x')");
    EXPECT_EQ(refused("0 -1 1 1\n").rfind("t.trace:1: SOURCE and DESTINATION", 0), 0u);
    EXPECT_EQ(refused("0 0 1 1 5\n1 0 1 1 5\n"), "t.trace:2: ID 5 is given twice");
    EXPECT_EQ(refused("0 0 1 1 5 6\n"), "t.trace:1: waits for '6', not the ID of an earlier line");
    EXPECT_EQ(refused("4 0 1 1 5\n4 1 0 1 6 5\n"),
              "t.trace:2: CYCLE 4 is not after cycle 4 of a message it waits for");
    EXPECT_EQ(refused("# nothing\n"), "t.trace: no message in the trace");
}

}  // namespace
}  // namespace d3
