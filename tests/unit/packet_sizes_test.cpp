// Packet sizes (core/network/packet_sizes.h) and their draws (core/traffic/sized_packets.h),
// against shares worked out by hand and a count of many draws.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <variant>

#include "core/network/packet_sizes.h"
#include "core/traffic/sized_packets.h"

namespace d3 {
namespace {

packet_sizes parsed(const std::string& text) {
    auto p = packet_sizes::parse(text);
    if (auto* e = std::get_if<std::string>(&p)) ADD_FAILURE() << *e;
    return std::get<packet_sizes>(p);
}

std::string error_of(const std::string& text) {
    auto p = packet_sizes::parse(text);
    const auto* e = std::get_if<std::string>(&p);
    return e ? *e : std::string();
}

TEST(PacketSizes, WeightsAreNormalisedAsBookSimsPacketSizeRate) {
    const packet_sizes p = parsed("1:1,8:3");  // BookSim2: packet_size {1,8}, rate {1,3}
    ASSERT_EQ(p.sizes().size(), 2u);
    EXPECT_DOUBLE_EQ(p.sizes()[0].share, 0.25);
    EXPECT_DOUBLE_EQ(p.sizes()[1].share, 0.75);
    EXPECT_EQ(p.largest(), 8);
    EXPECT_EQ(p.smallest(), 1);
    EXPECT_DOUBLE_EQ(p.mean(), 0.25 * 1 + 0.75 * 8);  // 6.25
    EXPECT_EQ(p.text(), "1:0.25,8:0.75");
    EXPECT_EQ(parsed(p.text()).text(), p.text());  // a result's config reruns to the same
    EXPECT_DOUBLE_EQ(parsed("4").mean(), 4);       // a size alone
}

TEST(PacketSizes, DrawsFallInTheirSharesOfTheWord) {
    const packet_sizes p = parsed("2:0.5,5:0.25,9:0.25");
    EXPECT_EQ(p.size_of_draw(0), 2);
    EXPECT_EQ(p.size_of_draw((1ull << 63) - 1), 2);  // just below half
    EXPECT_EQ(p.size_of_draw(1ull << 63), 5);
    EXPECT_EQ(p.size_of_draw(3ull << 62), 9);
    EXPECT_EQ(p.size_of_draw(UINT64_MAX), 9);
}

TEST(PacketSizes, ManyDrawsMatchTheShares) {
    sized_packets s(parsed("1:0.5,8:0.5"));
    traffic_rng rng(7);
    std::map<int, int> seen;
    constexpr int kDraws = 40000;
    for (int i = 0; i < kDraws; ++i) ++seen[s.draw(rng)];
    ASSERT_EQ(seen.size(), 2u);
    // Binomial(40000, 0.5): standard deviation 100; five of them.
    EXPECT_NEAR(seen[1], kDraws / 2, 500);
    EXPECT_NEAR(seen[8], kDraws / 2, 500);
}

TEST(PacketSizes, CountsSplitTheWindowFromTheRun) {
    sized_packets s(parsed("1:0.5,8:0.5"));
    s.created(8, false);
    s.created(1, true);
    s.created(8, true);
    s.delivered(8, true);
    EXPECT_EQ(s.window_created(), 9u);
    EXPECT_EQ(s.window_delivered(), 8u);
    EXPECT_DOUBLE_EQ(s.mean_created(), 17.0 / 3);
    EXPECT_EQ(s.summary()["flits_created"], 17);
}

TEST(PacketSizes, BadTextIsRefusedWithItsReason) {
    EXPECT_NE(error_of("").find("SIZE:SHARE pairs"), std::string::npos);
    EXPECT_NE(error_of("1:0.5,").find("SIZE:SHARE pairs"), std::string::npos);
    EXPECT_NE(error_of("1:0.5,,8:1").find("is not SIZE:SHARE"), std::string::npos);
    EXPECT_NE(error_of("x:1").find("is not SIZE:SHARE"), std::string::npos);
    EXPECT_NE(error_of("4:1x").find("is not SIZE:SHARE"), std::string::npos);
    EXPECT_NE(error_of("0:1").find("outside 1..64"), std::string::npos);
    EXPECT_NE(error_of("65:1").find("outside 1..64"), std::string::npos);
    EXPECT_NE(error_of("4:0").find("positive"), std::string::npos);
    EXPECT_NE(error_of("4:-1").find("positive"), std::string::npos);
    EXPECT_NE(error_of("4:nan").find("positive"), std::string::npos);
    EXPECT_NE(error_of("4:inf").find("positive"), std::string::npos);
    EXPECT_NE(error_of("4:1,4:2").find("given twice"), std::string::npos);
}

}  // namespace
}  // namespace d3
