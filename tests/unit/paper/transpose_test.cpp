// Transpose in one global hop (issue 14): each router's launch, walked through the reference
// decoder (core/decoding/walk.h), ends at the router that holds the transposed position, counted
// here from the block layout written out by hand: entry (i, j) of the L M x L M matrix at router
// (i/M * L + j/M, i mod M, j mod M). One global hop per value off the diagonal, none on it.
#include <gtest/gtest.h>

#include <vector>

#include "core/decoding/walk.h"
#include "core/network/topology.h"
#include "paper/beyond/transpose.h"
#include "paper/programs/registry.h"

namespace d3 {
namespace {

TEST(Transpose, EveryLaunchReachesTheTransposedPositionInOneGlobalHop) {
    for (const auto& [k, m] : std::vector<std::pair<int, int>>{{1, 4}, {4, 3}, {4, 8}, {9, 2}}) {
        const topology t(k, m);
        int l = 1;
        while (l * l < k) ++l;
        primitive_options o;
        o.primitive = "transpose";
        const auto w = make_primitive_workload(t, o);
        std::vector<int> received(t.routers(), 0);
        std::uint64_t hops = 0, diagonal = 0;
        for (int i = 0; i < l * m; ++i)
            for (int j = 0; j < l * m; ++j) {
                const coord from{(i / m) * l + j / m, i % m, j % m};
                const coord to{(j / m) * l + i / m, j % m, i % m};
                std::vector<launch> out;
                w->program_for(t.id(from))->launches(0, out);
                ASSERT_EQ(out.size(), 1u);
                const walk_result r = walk(t, from, out[0].hdr);
                ASSERT_TRUE(r.error.empty()) << r.error;
                ASSERT_EQ(r.destinations.size(), 1u);
                EXPECT_EQ(r.destinations[0], t.id(to)) << to_string(from);
                EXPECT_LE(r.hops, 1u);
                EXPECT_EQ(r.hops, i == j ? 0u : 1u);
                hops += r.hops;
                diagonal += i == j;
                ++received[r.destinations[0]];
            }
        for (int n : received) EXPECT_EQ(n, 1);  // a permutation
        EXPECT_EQ(diagonal, static_cast<std::uint64_t>(l * m));
        EXPECT_EQ(hops + diagonal, t.routers());
    }
}

TEST(Transpose, ValuesAreCheckedAndKMustBeASquare) {
    primitive_options o;
    o.primitive = "transpose";
    // Before a run nothing was received: the check against the plain transpose fails.
    EXPECT_FALSE(make_primitive_workload(topology(4, 4), o)->value_problems().empty());
    EXPECT_FALSE(check_primitive(topology(4, 4), o).has_value());
    EXPECT_TRUE(check_primitive(topology(2, 4), o).has_value());
    EXPECT_TRUE(check_primitive(topology(3, 4), o).has_value());
    EXPECT_FALSE(check_primitive(topology(1, 4), o).has_value());
}

}  // namespace
}  // namespace d3
