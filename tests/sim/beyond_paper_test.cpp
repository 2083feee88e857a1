// Issue 14 in the SystemC model: source vectors on MDF(K,M) (all-to-all and broadcast) and the
// depth-four broadcast trees on D3. Expected figures come from the claims and counts made
// here, not from the model.
#include <algorithm>
#include <tuple>

#include "core/network/topology.h"
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

// One exchange along `dim` by every router of D3(k,m) with an embedding: correct, 0 conflicts,
// every router's value delivered.
run_result exchange(int k, int m, int dim, const std::string& embedding) {
    run_options o;
    o.net.k = k;
    o.net.m = m;
    o.primitive = "hypercube-exchange";
    o.dimension = dim;
    o.embedding = embedding;
    const run_result r = test::run(o);
    EXPECT_TRUE(r.correct);
    EXPECT_EQ(r.totals.conflicts, 0u);
    EXPECT_EQ(r.delivered, static_cast<std::uint64_t>(k * m * m));
    return r;
}

// Hypercube exchanges along p, d and c bits of D3(2,4) and D3(4,4): 0 conflicts, 1 or 4 steps, and
// the hops counted here by hand: a p bit one local hop; a d bit g0 l g0, where g0 holds at a fixed
// point; a c bit g a then g0, which holds at a fixed point.
class HypercubeExchange : public ::testing::TestWithParam<std::tuple<int, int, int>> {};

TEST_P(HypercubeExchange, ConflictFreeWithHandCountedHops) {
    D3_REQUIRE_FRESH_KERNEL();
    const auto [k, m, dim] = GetParam();
    int mb = 0;
    while ((1 << mb) < m) ++mb;
    std::uint64_t hops = 0;
    for (int c = 0; c < k; ++c)
        for (int d = 0; d < m; ++d)
            for (int p = 0; p < m; ++p) {
                if (dim < mb) {
                    hops += 1;
                } else if (dim < 2 * mb) {
                    const int d2 = d ^ (1 << (dim - mb));
                    hops += (d != p) + 1 + (p != d2);
                } else {
                    hops += 1 + (p != d);
                }
            }
    const run_result r = exchange(k, m, dim, "swap");
    EXPECT_EQ(r.steps, dim < mb ? 1u : 4u);
    EXPECT_EQ(r.totals.hops, hops);
}

// p, d and c bits of D3(2,4) (dimensions 0..4) and D3(4,4) (0..5).
INSTANTIATE_TEST_SUITE_P(Shapes, HypercubeExchange,
                         ::testing::Values(std::tuple{2, 4, 1}, std::tuple{2, 4, 2},
                                           std::tuple{2, 4, 4}, std::tuple{4, 4, 0},
                                           std::tuple{4, 4, 3}, std::tuple{4, 4, 5}));

TEST(HypercubeAllreduce, SumsAreRightAndConflictFree) {
    D3_REQUIRE_FRESH_KERNEL();
    run_options o;
    o.net.k = 4;
    o.net.m = 4;
    o.primitive = "hypercube-allreduce";
    o.seed = 7;
    const run_result r = test::run(o);
    EXPECT_TRUE(r.correct);  // includes every node's sum against the plain sum
    EXPECT_TRUE(r.problems.empty());
    EXPECT_EQ(r.rounds, 6u);
    EXPECT_EQ(r.totals.conflicts, 0u);
    // Every node sends once per dimension: 64 * 6 messages.
    EXPECT_EQ(r.injected, 64u * 6u);
    EXPECT_EQ(r.delivered, 64u * 6u);
}

// Doubly-parallel all-to-all: K M^2 / S rounds of S packets per node, S = gcd(K,M), every pair
// once, no conflict with the schedule's delays; back to back (none) the rounds conflict.
class DoublyParallel : public ::testing::TestWithParam<std::tuple<int, int, bool>> {};

TEST_P(DoublyParallel, RoundsAgainstKM2OverS) {
    D3_REQUIRE_FRESH_KERNEL();
    const auto [k, m, paper] = GetParam();
    int s = 1;
    for (int f = 1; f <= std::min(k, m); ++f)
        if (k % f == 0 && m % f == 0) s = f;
    run_options o;
    o.net.k = k;
    o.net.m = m;
    o.primitive = "all-to-all";
    o.protocol = 4;  // doubly-parallel
    o.schedule = paper ? schedule_kind::paper : schedule_kind::none;
    const run_result r = test::run(o);
    const std::uint64_t n = static_cast<std::uint64_t>(k * m * m);
    EXPECT_TRUE(r.correct);
    EXPECT_EQ(r.rounds, n / static_cast<std::uint64_t>(s));
    EXPECT_EQ(r.injected, n * n);
    if (paper) {
        EXPECT_EQ(r.totals.conflicts, 0u);
    } else {
        EXPECT_GT(r.totals.conflicts, 0u);
    }
}

INSTANTIATE_TEST_SUITE_P(Shapes, DoublyParallel,
                         ::testing::Values(std::tuple{4, 4, true}, std::tuple{6, 4, true},
                                           std::tuple{6, 4, false}));

// Vector-matrix on D3(4,M) (L = 2): the exact product (checked by the workload against a plain
// product), four network steps per round plus the turnaround, no conflict; the matrix product's
// rounds pipeline one per step.
class VectorMatrix : public ::testing::TestWithParam<std::tuple<std::string, int>> {};

TEST_P(VectorMatrix, ExactProductNoConflict) {
    D3_REQUIRE_FRESH_KERNEL();
    const auto [prim, m] = GetParam();
    run_options o;
    o.net.k = 4;
    o.net.m = m;
    o.primitive = prim;
    o.seed = 11;
    if (prim == "matrix-product") o.count = m;  // X of M rows (d3sim's default --count)
    const run_result r = test::run(o);
    EXPECT_TRUE(r.correct);  // includes every y against the plain C++ product
    EXPECT_EQ(r.totals.conflicts, 0u);
    const std::uint64_t rows = prim == "vector-matrix" ? 1u : static_cast<std::uint64_t>(m);
    EXPECT_EQ(r.rounds, rows);
    // Per round: M broadcasts of x, then one product per router.
    EXPECT_EQ(r.injected, rows * static_cast<std::uint64_t>(m + 4 * m * m));
    // Steps: two broadcast steps, the turnaround (deliver, launch), two accumulation steps, and
    // one more step per further round.
    EXPECT_EQ(r.steps, 2u + 2u + 2u + (rows - 1));
}

INSTANTIATE_TEST_SUITE_P(Shapes, VectorMatrix,
                         ::testing::Values(std::tuple{std::string("vector-matrix"), 4},
                                           std::tuple{std::string("vector-matrix"), 6},
                                           std::tuple{std::string("matrix-product"), 4}));

// Section 10's glgl embedding (--embedding glgl): every exchange is the deflection header
// (4; partner, C = c' - c): g C, l (d' - d), g 0, l (p' - p), four steps for every dimension.
// Hops counted here by hand: the g C hop holds when C = 0 at a fixed point d = p; the local hops
// hold when they do not move; the g 0 hop from (c', p, d') holds when p = d'.
std::uint64_t glgl_hops(int k, int m, int dim) {
    int mb = 0;
    while ((1 << mb) < m) ++mb;
    std::uint64_t hops = 0;
    for (int c = 0; c < k; ++c)
        for (int d = 0; d < m; ++d)
            for (int p = 0; p < m; ++p) {
                int c2 = c, d2 = d, p2 = p;
                if (dim < mb)
                    p2 ^= 1 << dim;
                else if (dim < 2 * mb)
                    d2 ^= 1 << (dim - mb);
                else
                    c2 ^= 1 << (dim - 2 * mb);
                hops += (c2 != c || d != p) + (d2 != d) + (p != d2) + (p2 != p);
            }
    return hops;
}

class GlglExchange : public ::testing::TestWithParam<std::tuple<int, int, int>> {};

TEST_P(GlglExchange, FourStepsEveryDimensionNoConflict) {
    D3_REQUIRE_FRESH_KERNEL();
    const auto [k, m, dim] = GetParam();
    const run_result r = exchange(k, m, dim, "glgl");
    EXPECT_EQ(r.steps, 4u);  // uniform: the same for p, d and c bits
    EXPECT_EQ(r.totals.hops, glgl_hops(k, m, dim));
}

INSTANTIATE_TEST_SUITE_P(Shapes, GlglExchange,
                         ::testing::Values(std::tuple{2, 4, 0}, std::tuple{2, 4, 3},
                                           std::tuple{2, 4, 4}, std::tuple{4, 8, 1},
                                           std::tuple{4, 8, 5}, std::tuple{4, 8, 7}));

TEST(GlglAllreduce, SumsAreRightAndConflictFree) {
    D3_REQUIRE_FRESH_KERNEL();
    run_options o;
    o.net.k = 4;
    o.net.m = 4;
    o.primitive = "hypercube-allreduce";
    o.embedding = "glgl";
    o.seed = 3;
    const run_result r = test::run(o);
    std::uint64_t hops = 0;
    for (int dim = 0; dim < 6; ++dim) hops += glgl_hops(4, 4, dim);
    EXPECT_TRUE(r.correct);  // every node's sum against the plain sum
    EXPECT_EQ(r.rounds, 6u);
    EXPECT_EQ(r.totals.conflicts, 0u);
    EXPECT_EQ(r.totals.hops, hops);
}

// Transpose in one global hop on D3(L^2, M): every entry of the L M x L M matrix moves over one
// global hop (the diagonal loops back at its fixed point: a hold, no hop), one round, 0 conflicts,
// every router's final value equal to a plain C++ transpose (checked by the workload). Hops counted
// here: the off-diagonal entries, N^2 - N; holds: each value's b = 1 hold plus the diagonal's loop.
class Transpose : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(Transpose, OneGlobalHopPerValue) {
    D3_REQUIRE_FRESH_KERNEL();
    const auto [k, m] = GetParam();
    int l = 1;
    while (l * l < k) ++l;
    const std::uint64_t n = static_cast<std::uint64_t>(l * m);
    std::uint64_t off_diagonal = 0;
    for (std::uint64_t i = 0; i < n; ++i)
        for (std::uint64_t j = 0; j < n; ++j) off_diagonal += i != j;
    run_options o;
    o.net.k = k;
    o.net.m = m;
    o.primitive = "transpose";
    o.seed = 5;
    const run_result r = test::run(o);
    EXPECT_TRUE(r.correct);  // every entry against the plain transpose
    EXPECT_EQ(r.rounds, 1u);
    EXPECT_EQ(r.totals.conflicts, 0u);
    EXPECT_EQ(r.injected, n * n);
    EXPECT_EQ(r.delivered, n * n);
    EXPECT_EQ(r.totals.hops, off_diagonal);
    EXPECT_EQ(r.totals.holds, n * n + n);
    EXPECT_EQ(r.steps, 2u);
}

INSTANTIATE_TEST_SUITE_P(Shapes, Transpose,
                         ::testing::Values(std::tuple{1, 5}, std::tuple{4, 4}, std::tuple{9, 3}));

}  // namespace
}  // namespace d3
