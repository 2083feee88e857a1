// The collectives' generators (core/replay/collectives.h) against message counts, steps, sizes
// and partners counted by hand from the algorithms' definitions (docs/collectives.md).
#include "core/replay/collectives.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

namespace d3 {
namespace {

collective_trace make(const std::string& c, const std::string& a, std::uint32_t ranks,
                      std::uint32_t size = 64, std::uint32_t iterations = 1) {
    collective_options o;
    o.collective = c;
    o.algorithm = a;
    o.ranks = ranks;
    o.size = size;
    o.iterations = iterations;
    auto t = make_collective(o);
    if (auto* err = std::get_if<std::string>(&t)) {
        ADD_FAILURE() << *err;
        return {};
    }
    return std::get<collective_trace>(t);
}

std::string refusal(const std::string& c, const std::string& a, std::uint32_t ranks) {
    collective_options o;
    o.collective = c;
    o.algorithm = a;
    o.ranks = ranks;
    const auto err = check_collective(o);
    return err ? *err : "";
}

TEST(Collectives, RingAllreduceIsTwoPMinusOneStepsToTheRight) {
    const collective_trace t = make("allreduce", "ring", 4, 64);
    EXPECT_EQ(t.steps, 6u);
    ASSERT_EQ(t.trace.messages.size(), 24u);
    for (std::size_t i = 0; i < 24; ++i) {
        const trace_message& m = t.trace.messages[i];
        EXPECT_EQ(m.destination, (m.source + 1) % 4);
        EXPECT_EQ(m.flits, 16u);    // 64 / 4
        EXPECT_EQ(m.cycle, i / 4);  // step i / 4
        if (i < 4)
            EXPECT_TRUE(m.waits_for.empty());
        else {  // what it received in the step before: from its left neighbour
            ASSERT_EQ(m.waits_for.size(), 1u);
            const trace_message& w = t.trace.messages[m.waits_for[0]];
            EXPECT_EQ(w.destination, m.source);
            EXPECT_EQ(w.cycle + 1, m.cycle);
        }
    }
    EXPECT_EQ(make("allreduce", "", 4).algorithm, "ring");                     // the default
    EXPECT_EQ(make("allreduce", "ring", 5, 64).trace.messages[0].flits, 13u);  // ceil(64 / 5)
}

TEST(Collectives, IterationsChainOnEachRanksLastReceive) {
    const collective_trace t = make("allreduce", "ring", 4, 8, 3);
    ASSERT_EQ(t.trace.messages.size(), 72u);
    EXPECT_EQ(t.iteration_end, (std::vector<std::size_t>{24, 48, 72}));
    const trace_message& first2 = t.trace.messages[24];  // iteration 2, step 0, rank 0
    ASSERT_EQ(first2.waits_for.size(), 1u);
    EXPECT_EQ(first2.waits_for[0], 23u);  // rank 3 -> rank 0 in iteration 1's last step
    EXPECT_EQ(first2.cycle, 6u);
    EXPECT_EQ(t.trace.messages.back().cycle, 17u);
}

TEST(Collectives, RecursiveDoublingPartnersAndPowerOfTwo) {
    const collective_trace t = make("allreduce", "recursive-doubling", 8, 32);
    EXPECT_EQ(t.steps, 3u);
    ASSERT_EQ(t.trace.messages.size(), 24u);
    for (std::size_t i = 0; i < 24; ++i) {
        const trace_message& m = t.trace.messages[i];
        EXPECT_EQ(m.destination, m.source ^ (1u << (i / 8)));
        EXPECT_EQ(m.flits, 32u);
    }
    EXPECT_NE(refusal("allreduce", "recursive-doubling", 6).find("power-of-two"),
              std::string::npos);
}

TEST(Collectives, PairwiseAlltoallReachesEveryPairOnce) {
    const collective_trace t = make("alltoall", "pairwise", 5, 3);
    EXPECT_EQ(t.steps, 4u);
    ASSERT_EQ(t.trace.messages.size(), 20u);
    std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (std::size_t i = 0; i < 20; ++i) {
        const trace_message& m = t.trace.messages[i];
        EXPECT_EQ(m.destination, (m.source + 1 + i / 5) % 5);
        EXPECT_EQ(m.flits, 3u);
        pairs.insert({m.source, m.destination});
    }
    EXPECT_EQ(pairs.size(), 20u);
}

TEST(Collectives, BruckSendsTheBlocksWithBitKSet) {
    const collective_trace t = make("alltoall", "bruck", 5, 2);
    EXPECT_EQ(t.steps, 3u);  // ceil(log2 5)
    ASSERT_EQ(t.trace.messages.size(), 15u);
    const std::uint32_t blocks[] = {2, 2, 1};  // j in 1..4 with bit 0: 1,3; bit 1: 2,3; bit 2: 4
    for (std::size_t i = 0; i < 15; ++i) {
        const trace_message& m = t.trace.messages[i];
        EXPECT_EQ(m.destination, (m.source + (1u << (i / 5))) % 5);
        EXPECT_EQ(m.flits, 2 * blocks[i / 5]);
    }
}

TEST(Collectives, BinomialBroadcastReachesEveryRankOnceFarthestFirst) {
    const collective_trace t = make("bcast", "binomial", 6, 7);
    EXPECT_EQ(t.steps, 3u);
    ASSERT_EQ(t.trace.messages.size(), 5u);
    std::map<std::uint32_t, int> received;
    for (const trace_message& m : t.trace.messages) ++received[m.destination];
    EXPECT_EQ(received.size(), 5u);
    EXPECT_EQ(received.count(0), 0u);
    // 0 -> 4, then 0 -> 2, then 0 -> 1, 2 -> 3, 4 -> 5; every send of a rank one step after its
    // receive (all of them: eager sends), the root's at 0.
    EXPECT_EQ(t.trace.messages[0].destination, 4u);
    EXPECT_EQ(t.trace.messages[1].destination, 2u);
    for (const trace_message& m : t.trace.messages)
        EXPECT_EQ(m.cycle, m.source == 0 ? 0u : 1u) << m.id;
    const collective_trace two = make("bcast", "binomial", 8, 1, 2);
    ASSERT_EQ(two.trace.messages.size(), 14u);
    EXPECT_EQ(two.trace.messages[7].waits_for.size(), 7u);  // the root waits for all 7
}

TEST(Collectives, Halo3dSendsToTwentySixNeighbours) {
    EXPECT_EQ(three_factors(27), (std::array<std::uint32_t, 3>{3, 3, 3}));
    EXPECT_EQ(three_factors(256), (std::array<std::uint32_t, 3>{8, 8, 4}));
    EXPECT_EQ(three_factors(12), (std::array<std::uint32_t, 3>{3, 2, 2}));
    const collective_trace t = make("halo3d", "", 27, 4, 2);
    EXPECT_EQ(t.algorithm, "neighbours");
    ASSERT_EQ(t.trace.messages.size(), 2u * 27 * 26);
    std::map<std::uint32_t, std::set<std::uint32_t>> to;
    for (std::size_t i = 0; i < 27 * 26; ++i) {
        const trace_message& m = t.trace.messages[i];
        EXPECT_TRUE(m.waits_for.empty());
        to[m.source].insert(m.destination);
    }
    for (const auto& [r, n] : to) EXPECT_EQ(n.size(), 26u) << r;  // all distinct on 3x3x3
    EXPECT_EQ(t.trace.messages[27 * 26].waits_for.size(), 26u);   // the last iteration's receives
}

TEST(Collectives, FftIsAlltoallInRowsThenColumns) {
    const collective_trace t = make("fft", "transpose", 12, 5);
    EXPECT_EQ(t.steps, 5u);  // 3 x 4 grid: 3 steps in rows, 2 in columns
    ASSERT_EQ(t.trace.messages.size(), 60u);
    for (std::size_t i = 0; i < 36; ++i)
        EXPECT_EQ(t.trace.messages[i].source / 4, t.trace.messages[i].destination / 4);
    for (std::size_t i = 36; i < 60; ++i)
        EXPECT_EQ(t.trace.messages[i].source % 4, t.trace.messages[i].destination % 4);
}

TEST(Collectives, RefusesUnknownNamesListingTheValidOnes) {
    EXPECT_EQ(refusal("allreduce", "bruck", 8),
              "--algorithm bruck: not an algorithm of allreduce (ring, recursive-doubling)");
    EXPECT_NE(refusal("gather", "", 8).find("unknown collective"), std::string::npos);
    EXPECT_NE(refusal("bcast", "", 1).find("at least 2"), std::string::npos);
}

}  // namespace
}  // namespace d3
