// Issue 14 in the SystemC model: source vectors on MDF(K,M) (all-to-all and broadcast) and the
// depth-four broadcast trees on D3. Expected figures come from the claims and counts made
// here, not from the model.
#include "core/topology.h"
#include "sim_util.h"

namespace d3 {
namespace {

run_options mdf_options(int k, int m, const std::string& arrangement, const std::string& prim) {
    run_options o;
    o.net.k = k;
    o.net.m = m;
    o.net.shape = topology_kind::mdf;
    o.net.arrangement = arrangement;
    o.primitive = prim;
    o.source = {0, 0, 1};
    return o;
}

// Palmtree: every router sends to every router once, K*M^2 vector rounds with Theorem 7's K*M
// delays plus M in-group rounds, no conflict.
TEST(MdfVectors, PalmtreeAllToAllIsConflictFree) {
    D3_REQUIRE_FRESH_KERNEL();
    const int k = 4, m = 8;
    const run_result r = test::run(mdf_options(k, m, "palmtree", "all-to-all"));
    const std::uint64_t n = static_cast<std::uint64_t>((k * m + 1) * m);
    EXPECT_TRUE(r.correct);
    EXPECT_EQ(r.rounds, static_cast<std::size_t>(k * m * m + m));
    EXPECT_EQ(r.delays, static_cast<std::size_t>(k * m));
    EXPECT_EQ(r.injected, n * n);
    EXPECT_EQ(r.delivered, n * n);
    EXPECT_EQ(r.totals.conflicts, 0u);
    EXPECT_EQ(r.steps, static_cast<std::uint64_t>(k * m * m + m + k * m + 2));
}

// Consecutive: the same programs deliver correctly but their vectors are not permutations, so
// packets meet on links.
TEST(MdfVectors, ConsecutiveAllToAllConflicts) {
    D3_REQUIRE_FRESH_KERNEL();
    const run_result r = test::run(mdf_options(2, 4, "consecutive", "all-to-all"));
    EXPECT_TRUE(r.correct);
    EXPECT_GT(r.totals.conflicts, 0u);
}

TEST(MdfVectors, BroadcastEveryRouterOnce) {
    D3_REQUIRE_FRESH_KERNEL();
    const int k = 4, m = 8;
    const run_result r = test::run(mdf_options(k, m, "palmtree", "broadcast"));
    EXPECT_TRUE(r.correct);
    EXPECT_EQ(r.delivered, static_cast<std::uint64_t>((k * m + 1) * m));
    EXPECT_EQ(r.steps, 3u);
    EXPECT_EQ(r.totals.conflicts, 0u);
}

struct trees_case {
    int k, m;
    coord source;
};

class BroadcastTrees : public ::testing::TestWithParam<trees_case> {};

// M-1 broadcasts from one router at once: five steps, no conflict, every router once per
// broadcast.
TEST_P(BroadcastTrees, MMinusOneBroadcastsInFiveSteps) {
    D3_REQUIRE_FRESH_KERNEL();
    const auto [k, m, source] = GetParam();
    run_options o;
    o.net.k = k;
    o.net.m = m;
    o.primitive = "broadcast-trees";
    o.source = source;
    o.count = m - 1;
    const run_result r = test::run(o);
    const std::uint64_t routers = static_cast<std::uint64_t>(k * m * m);
    EXPECT_TRUE(r.correct);
    EXPECT_EQ(r.rounds, 1u);
    EXPECT_EQ(r.injected, static_cast<std::uint64_t>(m - 1));
    EXPECT_EQ(r.delivered, routers * static_cast<std::uint64_t>(m - 1));
    EXPECT_EQ(r.steps, 5u);
    EXPECT_EQ(r.totals.conflicts, 0u);
    EXPECT_EQ(r.duplicated, 0u);
}

INSTANTIATE_TEST_SUITE_P(Shapes, BroadcastTrees,
                         ::testing::Values(trees_case{4, 8, {0, 0, 1}}, trees_case{3, 5, {1, 2, 2}},
                                           trees_case{3, 5, {2, 4, 0}}));

}  // namespace
}  // namespace d3
