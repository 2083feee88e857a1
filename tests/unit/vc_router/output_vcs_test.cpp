// The output unit's credits on their way back (core/vc_router/output_vcs.h): each becomes usable
// at its due cycle, whatever the order the outputs' credits came in (links of two latencies).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/vc_router/output_vcs.h"

namespace d3 {
namespace {

struct credit_back {
    int output, vc;
    std::uint64_t due;
};

TEST(OutputVcs, CreditsOfTwoLatenciesAreUsableFromTheirDueCycles) {
    constexpr int kDepth = 4;
    output_vcs outs(2, {kDepth, kDepth}, false);
    for (int o = 0; o < 2; ++o)
        for (int v = 0; v < 2; ++v)
            for (int k = 0; k < kDepth; ++k) outs.send(o, v, false);
    // In the order they arrive; each output's in due order, output 1's before output 0's last.
    const std::vector<credit_back> credits = {{0, 0, 10}, {1, 1, 3},  {0, 1, 12}, {1, 0, 5},
                                              {0, 0, 13}, {1, 1, 14}, {0, 1, 20}, {1, 0, 16}};
    for (const credit_back& c : credits) outs.credit_arrived(c.output, c.vc, c.due);
    // Credits given after the first ones are back: the unit starts its common ring again.
    std::vector<credit_back> later = {{1, 0, 25}, {0, 0, 23}};
    for (std::uint64_t t = 0; t <= 30; ++t) {
        if (t == 21)
            for (const credit_back& c : later) outs.credit_arrived(c.output, c.vc, c.due);
        outs.return_credits(t);
        std::uint64_t next = UINT64_MAX;
        std::vector<credit_back> all = credits;
        if (t >= 21) all.insert(all.end(), later.begin(), later.end());
        for (int o = 0; o < 2; ++o)
            for (int v = 0; v < 2; ++v) {
                const auto back = std::count_if(all.begin(), all.end(), [&](const credit_back& c) {
                    return c.output == o && c.vc == v && c.due <= t;
                });
                EXPECT_EQ(outs.credits(o, v), back)
                    << "cycle " << t << " output " << o << " vc " << v;
            }
        for (const credit_back& c : all)
            if (c.due > t) next = std::min(next, c.due);
        EXPECT_EQ(outs.next_credit(), next) << "cycle " << t;
    }
    EXPECT_EQ(outs.outstanding(), 4u * kDepth - credits.size() - later.size());
}

// A VC is free until a packet takes it and again after its tail: free() and free_at() of its
// index agree.
TEST(OutputVcs, AVcIsFreeUntilTakenAndAfterItsTail) {
    output_vcs outs(2, {4, 4, 4}, false);
    outs.take(1, 1, 7);
    for (int o = 0; o < outs.outputs(); ++o)
        for (int v = 0; v < 2; ++v) {
            EXPECT_EQ(outs.free(o, v), o != 1 || v != 1);
            EXPECT_EQ(outs.free_at(outs.index(o, v)), outs.free(o, v));
        }
    outs.send(1, 1, true);
    EXPECT_TRUE(outs.free_at(outs.index(1, 1)));
}

}  // namespace
}  // namespace d3
