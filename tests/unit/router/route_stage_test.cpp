// Route stage: one decode per visit, targets from core/decoding/expand, context passed to the
// decoder, illegal decisions reported.
#include "sc/router/route_stage.h"

#include <gtest/gtest.h>

#include "core/decoding/header.h"

namespace d3 {
namespace {

/// Records what the router told the decoder, and can lie.
class spy_decoder final : public decoder_if {
  public:
    decode_context last;
    int calls = 0;
    bool lie = false;

  private:
    decision decode_at(const header& h, const coord& at, const decode_context& ctx) override {
        last = ctx;
        ++calls;
        decision d = d3::decode(h, at, 4, 3);
        if (lie) d.port = 9;  // no such port
        return d;
    }
};

TEST(RouteStage, DecodesOnceWithTheRouterAndStepAndSetsTheTarget) {
    const topology t(4, 3);
    spy_decoder dec;
    fanout lists;
    route_stage r("route_stage", dec, t, {1, 2, 0}, "tb.router_1_2_0", lists);
    packet p;
    p.hdr = make_source_vector_header(false, 2, {3, 1, 1});  // b=2: global port 3
    entry e;
    e.pkt = &p;
    r.route(e, 17);
    EXPECT_TRUE(e.decoded);
    EXPECT_EQ(e.to, 3u);
    EXPECT_FALSE(e.broadcast());
    EXPECT_EQ(dec.calls, 1);
    EXPECT_EQ(dec.last.step, 17u);
    EXPECT_EQ(dec.last.router, t.id({1, 2, 0}));
    EXPECT_STREQ(dec.last.name, "tb.router_1_2_0");
    EXPECT_EQ(r.decodes(), 1u);
}

TEST(RouteStage, ABroadcastGetsEveryCopyHoldFirst) {
    const topology t(4, 3);
    spy_decoder dec;
    fanout lists;
    route_stage r("route_stage", dec, t, {0, 1, 2}, "router", lists);
    packet p;
    p.hdr = make_source_vector_header(true, 3, {0, 0, 0});  // local broadcast
    entry e;
    e.pkt = &p;
    r.route(e, 0);
    ASSERT_TRUE(e.broadcast());
    EXPECT_EQ(lists[e.fan],
              (std::vector<target>{kHoldTarget, static_cast<target>(4), static_cast<target>(5)}));
}

TEST(RouteStage, AnIllegalDecisionIsAnError) {
    const topology t(4, 3);
    spy_decoder dec;
    dec.lie = true;
    fanout lists;
    route_stage r("route_stage", dec, t, {0, 1, 2}, "router", lists);
    packet p;
    p.hdr = make_source_vector_header(false, 3, {0, 0, 1});
    entry e;
    e.pkt = &p;
    EXPECT_THROW(r.route(e, 0), sc_core::sc_report);
}

}  // namespace
}  // namespace d3
