// The replay's dependency tracking (core/replay/replay_state.h) without a network: arrivals are
// delivered by hand, and the test checks what each router creates and when.
#include "core/replay/replay_state.h"

#include <gtest/gtest.h>

#include "core/replay/text_trace.h"

namespace d3 {
namespace {

std::unique_ptr<replay_state> state_of(const std::string& text, int packet_length,
                                       const topology& t) {
    auto r = parse_text_trace(text, "t");
    message_trace tr = std::get<message_trace>(r);
    std::vector<router_id> linear(tr.nodes);
    for (std::uint32_t i = 0; i < tr.nodes; ++i) linear[i] = i;
    return std::make_unique<replay_state>(std::move(tr), linear, packet_length, t);
}

TEST(ReplayState, ReleasesAMessageItsGapAfterTheLastArrival) {
    const topology t(2, 4);
    // Message 2 waits for 0 and 1 (gap 10 - 5 = 5); message 3 waits for nothing.
    auto s = state_of("0 0 1 1 100\n5 1 0 3 101\n10 1 2 1 102 100 101\n2 3 0 1\n", 2, t);
    EXPECT_EQ(s->packets(), 1u + 2u + 1u + 1u);  // 3 flits in packets of 2: 2 packets
    std::vector<launch> out;
    s->launches(0, 0, out);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].payload, 0u);
    EXPECT_TRUE(s->finished(0));
    out.clear();
    s->launches(1, 4, out);
    EXPECT_TRUE(out.empty());  // message 1 is due at 5
    s->launches(1, 5, out);
    EXPECT_EQ(out.size(), 2u);
    EXPECT_FALSE(s->finished(1));  // message 2 waits
    s->delivered({0, {}, 0, 4, false, 3});
    s->delivered({1, {}, 1, 9, false, 3});
    out.clear();
    s->launches(1, 20, out);
    EXPECT_TRUE(out.empty());  // one of message 1's two packets is still on its way
    s->delivered({1, {}, 1, 12, false, 3});
    EXPECT_EQ(s->arrived_at(1), 12u);
    s->launches(1, 16, out);
    EXPECT_TRUE(out.empty());  // due at 12 + 5
    s->launches(1, 17, out);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].payload, 2u);
    EXPECT_EQ(s->created_at(2), 17u);
    EXPECT_TRUE(s->finished(1));
    EXPECT_EQ(s->destinations_from(1), std::vector<router_id>({0, 0, 2}));
    EXPECT_EQ(s->pairs(1, 0), 2u);
}

TEST(ReplayState, SummaryReportsCompletionAndPerMessageLatency) {
    const topology t(2, 4);
    auto s = state_of("0 0 1 1 1\n3 1 0 1 2 1\n", 1, t);
    std::vector<launch> out;
    s->launches(0, 0, out);
    s->delivered({0, {}, 0, 4, false, 3});
    s->launches(1, 7, out);  // 4 + gap 3
    s->delivered({1, {}, 1, 11, false, 3});
    const nlohmann::json j = s->summary();
    EXPECT_EQ(j["messages_arrived"], 2);
    EXPECT_EQ(j["completion_cycle"], 11);
    EXPECT_EQ(j["per_message"]["created"], nlohmann::json({0, 7}));
    EXPECT_EQ(j["per_message"]["arrived"], nlohmann::json({4, 11}));
    EXPECT_EQ(j["per_message"]["latency"], nlohmann::json({4, 4}));
    EXPECT_EQ(j["latency"]["max"], 4);
}

}  // namespace
}  // namespace d3
