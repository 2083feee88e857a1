// The reference decoder, case by case against sections 8 and 10 of the paper.
#include <gtest/gtest.h>

#include <memory>

#include "core/decoding/decoder.h"
#include "core/decoding/walk.h"
#include "core/network/dragonfly.h"

namespace d3 {
namespace {

constexpr int K = 3, M = 5;
const coord kPlain{1, 2, 4};  // d != p
const coord kFixed{1, 3, 3};  // d == p: global port 0 loops back

decision run(bool bcast, int b, source_vector v, coord at) {
    return decode(make_source_vector_header(bcast, b, v), at, K, M);
}

TEST(Decoder, SourceVectorEachCounterValue) {
    // b = 3: local port delta; b = 2: global port gamma; b = 1: local port pi; b = 0: eject.
    decision d = run(false, 3, {2, 1, 4}, kPlain);
    EXPECT_EQ(d.act, action::local);
    EXPECT_EQ(d.port, 4);
    EXPECT_FALSE(d.hold);
    EXPECT_EQ(d.next, make_source_vector_header(false, 2, {2, 1, 4}));
    d = run(false, 2, {2, 1, 4}, kPlain);
    EXPECT_EQ(d.act, action::global);
    EXPECT_EQ(d.port, 2);
    EXPECT_FALSE(d.hold);
    EXPECT_EQ(d.next.b, 1);
    d = run(false, 1, {2, 1, 4}, kPlain);
    EXPECT_EQ(d.act, action::local);
    EXPECT_EQ(d.port, 1);
    EXPECT_EQ(d.next.b, 0);
    d = run(false, 0, {2, 1, 4}, kPlain);
    EXPECT_EQ(d.act, action::eject);
    EXPECT_EQ(d.next, make_source_vector_header(false, 0, {2, 1, 4}));
}

TEST(Decoder, PortZeroHolds) {
    EXPECT_TRUE(run(false, 3, {1, 1, 0}, kPlain).hold);  // delta = 0
    EXPECT_TRUE(run(false, 1, {1, 0, 1}, kPlain).hold);  // pi = 0
    // Global port 0 is a real link (c,d,p) -> (c,p,d) unless d = p.
    EXPECT_FALSE(run(false, 2, {0, 1, 1}, kPlain).hold);
    EXPECT_TRUE(run(false, 2, {0, 1, 1}, kFixed).hold);
    EXPECT_FALSE(run(false, 2, {1, 1, 1}, kFixed).hold);
    EXPECT_EQ(run(false, 2, {0, 1, 1}, kFixed).next.b, 1);  // the counter still steps down
}

TEST(Decoder, Broadcast) {
    decision d = run(true, 3, {0, 0, 0}, kPlain);
    EXPECT_EQ(d.act, action::broadcast_local);
    EXPECT_TRUE(d.hold);  // the port-0 copy stays
    EXPECT_EQ(d.next, make_source_vector_header(true, 2, {0, 0, 0}));
    d = run(true, 2, {0, 0, 0}, kPlain);
    EXPECT_EQ(d.act, action::broadcast_global);
    EXPECT_FALSE(d.hold);
    EXPECT_TRUE(run(true, 2, {0, 0, 0}, kFixed).hold);
    EXPECT_EQ(run(true, 1, {0, 0, 0}, kPlain).act, action::broadcast_local);
    EXPECT_EQ(run(true, 0, {0, 0, 0}, kPlain).act, action::eject);
}

TEST(Decoder, InvalidHeaders) {
    EXPECT_EQ(run(false, 3, {K, 0, 0}, kPlain).act, action::invalid);
    EXPECT_EQ(run(false, 3, {0, M, 0}, kPlain).act, action::invalid);
    EXPECT_EQ(decode(make_destination_header(6, {0, 0, 0}), kPlain, K, M).act, action::invalid);
}

TEST(Decoder, DestinationTables) {
    const coord dst{2, 4, 1};
    const header h = make_destination_header(3, dst);
    // (3; dest) at (c,d,p): local (d' - p) mod M.
    decision d = decode(h, kPlain, K, M);
    EXPECT_EQ(d.act, action::local);
    EXPECT_EQ(d.port, mod(dst.d - kPlain.p, M));
    // (2; dest): global (c' - c) mod K.
    d = decode(make_destination_header(2, dst), kPlain, K, M);
    EXPECT_EQ(d.act, action::global);
    EXPECT_EQ(d.port, mod(dst.c - kPlain.c, K));
    // (1; dest): local (p' - p) mod M.
    d = decode(make_destination_header(1, dst), kPlain, K, M);
    EXPECT_EQ(d.port, mod(dst.p - kPlain.p, M));
    // Deflection: b = 5 local port D, b = 4 global port C.
    d = decode(make_destination_header(5, dst, 2, 3), kPlain, K, M);
    EXPECT_EQ(d.act, action::local);
    EXPECT_EQ(d.port, 3);
    d = decode(make_destination_header(4, dst, 2, 3), kPlain, K, M);
    EXPECT_EQ(d.act, action::global);
    EXPECT_EQ(d.port, 2);
    EXPECT_TRUE(decode(make_destination_header(4, dst, 0, 3), kFixed, K, M).hold);
}

// Table lookup equals the source-vector route for every pair: same routers, same steps.
TEST(Decoder, DestinationRouteEqualsSourceVectorRoute) {
    for (auto [k, m] : std::vector<std::pair<int, int>>{{1, 2}, {2, 4}, {3, 5}}) {
        const topology t(k, m);
        for (router_id s = 0; s < t.routers(); ++s)
            for (router_id e = 0; e < t.routers(); ++e) {
                const coord src = t.at(s), dst = t.at(e);
                const walk_result a = walk(t, src, make_destination_header(3, dst));
                const walk_result b =
                    walk(t, src, make_source_vector_header(false, 3, t.vector_to(src, dst)));
                ASSERT_TRUE(a.error.empty());
                ASSERT_EQ(a.destinations, std::vector<router_id>{e});
                EXPECT_EQ(b.destinations, a.destinations);
                EXPECT_EQ(a.hops, b.hops);
                EXPECT_EQ(a.steps, 3);
                // glgl: (4; dest) with C = c' - c reaches dest in four steps.
                const walk_result g =
                    walk(t, src, make_destination_header(4, dst, mod(dst.c - src.c, k)));
                EXPECT_EQ(g.destinations, std::vector<router_id>{e});
                EXPECT_EQ(g.steps, 4);
            }
    }
}

TEST(Walk, BroadcastReachesEveryRouterOnce) {
    for (auto [k, m] : std::vector<std::pair<int, int>>{{1, 4}, {3, 4}, {2, 6}}) {
        const topology t(k, m);
        for (const coord src : {coord{0, 0, 1}, coord{0, 1, 1}}) {
            walk_result r = walk(t, src, make_source_vector_header(true, 3, {0, 0, 0}));
            std::sort(r.destinations.begin(), r.destinations.end());
            ASSERT_EQ(r.destinations.size(), t.routers());
            for (router_id i = 0; i < t.routers(); ++i) EXPECT_EQ(r.destinations[i], i);
            EXPECT_EQ(r.steps, 3);
            // M-1 local hops, K*M global ports minus the fixed point's port 0, K*M*(M-1) local
            // hops.
            EXPECT_EQ(r.hops, static_cast<std::uint64_t>((m - 1) + (k * m - 1) + k * m * (m - 1)));
        }
    }
}

// decode_valid skips the validity check that decode makes, which the route stage and the walk do
// once per path: that is right only if a valid header's next header is valid again. Every header
// with fields up to one past their range, at every router of D3(3,4) and MDF(2,3).
void check_every_header(const topology& t) {
    int checked = 0;
    const auto check = [&](const header& h) {
        const bool ok = valid(h, t);
        for (router_id r = 0; r < t.routers(); ++r) {
            const coord at = t.at(r);
            const decision d = decode(h, at, t);
            if (!ok) {
                ASSERT_EQ(d.act, action::invalid) << to_string(h);
                continue;
            }
            ++checked;
            ASSERT_EQ(decode_valid(h, at, t), d) << to_string(h);
            if (d.act == action::eject || d.act == action::invalid) continue;
            ASSERT_TRUE(valid(d.next, t)) << to_string(h) << " -> " << to_string(d.next);
        }
    };
    header h;
    const auto u8 = [](int x) { return static_cast<std::uint8_t>(x); };
    for (int kind = 0; kind < 3; ++kind) {
        h.kind = static_cast<header_kind>(kind);
        for (int bc = 0; bc < 2; ++bc) {
            h.broadcast = bc == 1;
            for (int b = 0; b <= 5; ++b) {
                h.b = u8(b);
                for (int f0 = 0; f0 <= t.groups(); ++f0) {
                    h.f0 = u8(f0);
                    for (int f1 = 0; f1 <= t.m(); ++f1) {
                        h.f1 = u8(f1);
                        for (int f2 = 0; f2 <= t.m(); ++f2) {
                            h.f2 = u8(f2);
                            for (int dc = 0; dc <= t.k(); ++dc) {
                                h.defl_c = u8(dc);
                                for (int dd = 0; dd <= t.m(); ++dd) {
                                    h.defl_d = u8(dd);
                                    check(h);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    EXPECT_GT(checked, 1000);
}

TEST(Decoder, AValidHeadersNextHeaderIsValidAndDecodeValidAgrees) {
    check_every_header(topology(3, 4));
    check_every_header(topology(std::make_shared<const dragonfly>(2, 3, arrangement::palmtree)));
}

}  // namespace
}  // namespace d3
