#include <gtest/gtest.h>

#include <algorithm>

#include "core/fifo.h"
#include "core/ledger.h"

namespace d3 {
namespace {

TEST(Ledger, UnicastExactlyOnce) {
    const topology t(2, 4);
    ledger l(t);
    const coord src{0, 1, 2};
    const coord dst{1, 3, 0};
    const auto msg =
        l.launch(t.id(src), make_source_vector_header(false, 3, t.vector_to(src, dst)));
    EXPECT_EQ(l.summarize().lost, 1u);
    EXPECT_EQ(l.deliver(msg, t.id({0, 0, 0})), ledger::receipt::misrouted);
    EXPECT_EQ(l.deliver(msg, t.id(dst)), ledger::receipt::ok);
    EXPECT_EQ(l.deliver(msg, t.id(dst)), ledger::receipt::duplicate);
    EXPECT_EQ(l.deliver(99, t.id(dst)), ledger::receipt::unknown);
    const auto s = l.summarize();
    EXPECT_EQ(s.injected, 1u);
    EXPECT_EQ(s.delivered, 1u);
    EXPECT_EQ(s.lost, 0u);
    EXPECT_EQ(s.duplicated, 1u);
    EXPECT_EQ(s.misrouted, 1u);
    EXPECT_FALSE(s.correct());
    // Pair counts include the duplicate, so a primitive-level check sees it too.
    ledger::pair_list pairs;
    l.pairs().from(t.id(src), pairs);
    EXPECT_EQ(pairs, (ledger::pair_list{{t.id(dst), 2u}}));
    l.pairs().from(t.id(dst), pairs);
    EXPECT_TRUE(pairs.empty());
}

TEST(Ledger, BroadcastExpectsEveryRouter) {
    const topology t(2, 4);
    ledger l(t);
    const auto msg = l.launch(3, make_source_vector_header(true, 3, {0, 0, 0}));
    EXPECT_EQ(l.summarize().expected, t.routers());
    for (router_id i = 0; i < t.routers(); ++i) EXPECT_EQ(l.deliver(msg, i), ledger::receipt::ok);
    EXPECT_TRUE(l.summarize().correct());
    EXPECT_THROW(l.launch(0, make_source_vector_header(false, 3, {5, 0, 0})),
                 std::invalid_argument);
}

// A message with several destinations but not every router: each router delivered to once is
// either one of the expected destinations (ok) or misrouted, below and above them in id order.
TEST(Ledger, SeveralDestinationsFindTheirOwnAndNothingElse) {
    const topology t(2, 4);
    ledger l(t);
    const auto msg = l.launch(5, make_source_vector_header(true, 1, {0, 0, 0}));
    const auto expected = l.summarize().expected;
    ASSERT_GT(expected, 1u);
    ASSERT_LT(expected, t.routers());
    std::uint64_t ok = 0, misrouted = 0;
    router_id first_ok = t.routers();
    for (router_id i = 0; i < t.routers(); ++i) {
        const auto r = l.deliver(msg, i);
        if (r == ledger::receipt::ok) {
            ++ok;
            first_ok = std::min(first_ok, i);
        } else {
            EXPECT_EQ(r, ledger::receipt::misrouted) << "router " << i;
            ++misrouted;
        }
    }
    EXPECT_EQ(ok, expected);
    EXPECT_EQ(misrouted, t.routers() - expected);
    EXPECT_EQ(l.deliver(msg, first_ok), ledger::receipt::duplicate);
    const auto s = l.summarize();
    EXPECT_EQ(s.delivered, expected);
    EXPECT_EQ(s.lost, 0u);
    EXPECT_EQ(s.duplicated, 1u);
    EXPECT_EQ(s.misrouted, misrouted);
}

TEST(Fifo, OrderCapacityAndRemoval) {
    fifo<int> f(3);
    for (int round = 0; round < 5; ++round) {  // wraps around
        f.push_back(1);
        f.push_back(2);
        f.push_back(3);
        EXPECT_TRUE(f.full());
        EXPECT_EQ(f.remove_if([](int x) { return x == 2; }), 1u);
        EXPECT_EQ(f[0], 1);
        EXPECT_EQ(f[1], 3);
        f.pop_front();
        EXPECT_EQ(f.front(), 3);
        f.pop_front();
        EXPECT_TRUE(f.empty());
    }
}

}  // namespace
}  // namespace d3
