// The replies' bookkeeping (core/traffic/request_reply.h): a reply's payload keeps what its
// request's carried, and the round trip and the reply's latency come out of it.
#include <gtest/gtest.h>

#include "core/traffic/request_reply.h"

namespace d3 {
namespace {

TEST(ReplyBook, AReplyCarriesItsRequestsCreationAndItsOwn) {
    // A measured request created in step 123 (index 7 above bit 32), answered in step 130.
    const std::uint64_t request = kReplyMeasured | (7ull << 32) | 123;
    const std::uint64_t reply = reply_book::payload_for(request, 130);
    EXPECT_TRUE(reply & kReplyBit);
    EXPECT_TRUE(reply & kReplyMeasured);
    EXPECT_FALSE(request & kReplyBit);  // a request is never taken for a reply
    reply_book b;
    b.created();
    b.delivered(reply, 135);  // round trip 135 - 123, the reply's own trip 135 - 130
    const nlohmann::json j = b.summary(1, 1, 1);
    EXPECT_EQ(j["round_trip"]["max"], 12);
    EXPECT_EQ(j["reply_latency"]["max"], 5);
    EXPECT_EQ(j["replies_created"], 1);
    EXPECT_EQ(j["replies_delivered"], 1);
    EXPECT_EQ(j["measured_replies_delivered"], 1);
    EXPECT_EQ(b.last_measured_delivery(), 135u);
}

TEST(ReplyBook, TheReplyOfAnUnmeasuredRequestIsCountedButNotTimed) {
    const std::uint64_t reply = reply_book::payload_for(42, 50);  // no measured bit
    EXPECT_FALSE(reply & kReplyMeasured);
    reply_book b;
    b.created();
    b.delivered(reply, 60);
    const nlohmann::json j = b.summary(1, 1, 0);
    EXPECT_EQ(j["replies_delivered"], 1);
    EXPECT_EQ(j["measured_replies_delivered"], 0);
    EXPECT_TRUE(j["round_trip"].is_null());
}

// A reply with no route around failed links is not created: a measured request's round trip
// ends there (settled, not delivered), an unmeasured one's counts only as unreachable.
TEST(ReplyBook, AnUnreachableReplySettlesItsMeasuredRequest) {
    reply_book b;
    b.unreachable(kReplyMeasured | 5);
    b.unreachable(5);
    EXPECT_EQ(b.measured_delivered(), 0u);
    EXPECT_EQ(b.measured_settled(), 1u);
    const nlohmann::json j = b.summary(2, 2, 1);
    EXPECT_EQ(j["replies_unreachable"], 2);
    EXPECT_EQ(j["replies_created"], 0);
    EXPECT_EQ(j["measured_replies_delivered"], 0);
}

}  // namespace
}  // namespace d3
