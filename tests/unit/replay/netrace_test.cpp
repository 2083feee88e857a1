// netrace v1 decoding (core/replay/netrace.h) on files the test encodes and compresses itself.
#include "core/replay/netrace.h"

#include <gtest/gtest.h>

#include "support/trace_writer.h"

namespace d3 {
namespace {

std::string temp(const std::string& name) {
    return testing::TempDir() + "netrace_test_" + name;
}

TEST(Netrace, SizesFollowThePacketTypes) {
    EXPECT_EQ(netrace_packet_bytes(1), 8u);   // ReadReq
    EXPECT_EQ(netrace_packet_bytes(2), 72u);  // ReadResp
    EXPECT_EQ(netrace_flits(1), 1u);
    EXPECT_EQ(netrace_flits(2), 5u);  // 72 bytes in 16-byte flits
    EXPECT_EQ(netrace_flits(0), 1u);  // no size in netrace: a control packet
}

TEST(Netrace, ReadsHeaderPacketsAndDependencies) {
    using test::netrace_packet;
    const std::vector<netrace_packet> p = {
        {100, 7, 1, 3, 9, {8, 42}},  // a request released by nothing, releasing 8 (and 42: absent)
        {104, 8, 2, 9, 3, {}},       // its response
        {130, 9, 4, 63, 0, {}},
    };
    const std::string path = temp("a.tra.bz2");
    test::write_bzip2(path, test::netrace_bytes(64, p));
    ASSERT_TRUE(is_bzip2_file(path));
    auto r = read_netrace_file(path);
    ASSERT_TRUE(std::holds_alternative<message_trace>(r)) << std::get<std::string>(r);
    const message_trace& t = std::get<message_trace>(r);
    EXPECT_EQ(t.format, "netrace");
    EXPECT_EQ(t.benchmark, "test-benchmark");
    EXPECT_EQ(t.nodes, 64u);
    ASSERT_EQ(t.messages.size(), 3u);
    EXPECT_EQ(t.messages[0].cycle, 0u);  // from the first packet's cycle on
    EXPECT_EQ(t.messages[1].cycle, 4u);
    EXPECT_EQ(t.messages[1].source, 9u);
    EXPECT_EQ(t.messages[1].destination, 3u);
    EXPECT_EQ(t.messages[1].flits, 5u);
    EXPECT_EQ(t.messages[1].id, 8u);
    EXPECT_EQ(t.messages[1].waits_for, std::vector<std::uint32_t>({0}));
    EXPECT_EQ(t.messages[2].source, 63u);
    EXPECT_EQ(t.dropped_dependencies, 1u);
    EXPECT_EQ(creation_gap(t, 1), 4u);
}

TEST(Netrace, RefusesBadFilesInOneLine) {
    const std::string bad = temp("bad.bz2");
    std::string bytes = test::netrace_bytes(4, {{0, 1, 1, 0, 1, {}}});
    bytes[0] = 'X';
    test::write_bzip2(bad, bytes);
    auto r = read_netrace_file(bad);
    EXPECT_EQ(std::get<std::string>(r), bad + ": not a netrace file (bad magic)");

    const std::string cut = temp("cut.bz2");
    bytes = test::netrace_bytes(4, {{0, 1, 1, 0, 1, {}}});
    test::write_bzip2(cut, bytes.substr(0, bytes.size() - 3));
    EXPECT_EQ(std::get<std::string>(read_netrace_file(cut)),
              cut + ": the file ends inside a record (truncated?)");

    const std::string node = temp("node.bz2");
    test::write_bzip2(node, test::netrace_bytes(4, {{0, 1, 1, 0, 4, {}}}));
    EXPECT_EQ(std::get<std::string>(read_netrace_file(node)),
              node + ": packet 1: a node beyond the header's 4");

    const std::string plain = temp("plain.txt");
    test::write_text(plain, "not compressed");
    EXPECT_FALSE(is_bzip2_file(plain));
    EXPECT_NE(std::get<std::string>(read_netrace_file(plain)).find("not a valid bzip2 stream"),
              std::string::npos);
}

}  // namespace
}  // namespace d3
