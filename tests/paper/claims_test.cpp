// The topological claims' brute-force counts against closed forms derived by hand (in the
// comments), and the protocols' delay counts. Plain C++, label `paper`.
#include <gtest/gtest.h>

#include "core/workload/schedule.h"
#include "paper/claims/paper_claims.h"
#include "paper/claims/topology_claims.h"

namespace d3 {
namespace {

using u64 = std::uint64_t;

const std::vector<std::pair<int, int>> kNets{{1, 4}, {2, 4}, {3, 4}, {2, 6}, {4, 4}};

TEST(Claims, UniqueShortestPathCounts) {
    for (auto [k, m] : kNets) {
        const topology t(k, m);
        const u64 K = static_cast<u64>(k), M = static_cast<u64>(m);
        const shortest_path_count c = check_unique_shortest_path(t);
        // Sources with d != p: S = K M (M-1). Each meets the premise with K(M-1)^2 - 1 destinations
        // (itself excluded); a fixed point with K(M-1)^2.
        const u64 s = K * M * (M - 1);
        EXPECT_EQ(c.pairs, s * (K * (M - 1) * (M - 1) - 1) + K * M * K * (M - 1) * (M - 1));
        // (2.2) is longer than a shortest path for (c', d, p), c' != c (g|g) and (c, d, p'),
        // p' != p, d (one local hop): (K-1) + (M-2) per source with d != p.
        EXPECT_EQ(c.not_shortest, s * ((K - 1) + (M - 2)));
        EXPECT_EQ(c.same_drawer, s * (M - 2));
        // Destinations with d' = d or p' = p: K(2M-3) per source with d != p, less itself and the
        // longer ones; all of them have another three-hop path.
        EXPECT_EQ(c.not_unique, s * (K * (2 * M - 3) - 1 - (K - 1) - (M - 2)));
        EXPECT_EQ(c.unique + c.not_shortest + c.not_unique, c.pairs);
    }
}

TEST(Claims, CutsetCounts) {
    for (auto [k, m] : kNets) {
        const topology t(k, m);
        const u64 K = static_cast<u64>(k), M = static_cast<u64>(m);
        const cutset_count c = count_cutsets(t);
        // Every router sees K/2 of its K global ports lead into the other half of the cabinets.
        if (k % 2 == 0) {
            EXPECT_EQ(c.cabinet_halves, K * K * M * M / 2);
        }
        // (c,d,p) -> (c',p,d) crosses drawer halves iff d and p lie in different halves:
        // half of the routers, all K global ports.
        EXPECT_EQ(c.drawer_halves, K * M * M / 2 * K);
        // Router halves: M/2 local ports of every router cross, plus the same global ports.
        EXPECT_EQ(c.router_halves, K * M * M * M / 2 + K * M * M / 2 * K);
        // {d, p in one half} for both halves: half of the routers.
        EXPECT_EQ(c.km2_covered, K * M * M / 2);
    }
}

TEST(Claims, Theorem2Counts) {
    for (auto [k, m] : std::vector<std::pair<int, int>>{{1, 4}, {2, 4}, {3, 4}, {2, 6}}) {
        const topology t(k, m);
        const u64 K = static_cast<u64>(k), M = static_cast<u64>(m);
        const theorem2_count c = check_theorem2(t);
        EXPECT_EQ(c.only_if_violations, 0u);
        // Within one drawer the global step is a hold: none of the M^2(M-1)^2/2 pairs of
        // transmissions of a drawer to itself conflict (p1 < p2, q1 != q2), all others do.
        EXPECT_EQ(c.if_violations, K * M * (M * M * (M - 1) * (M - 1) / 2));
        EXPECT_EQ(c.if_violations_within, c.if_violations);
        // One source, two destinations with the same d' != p in different cabinets' drawers:
        // per d', C(KM, 2) - K C(M, 2) pairs; M-1 values of d'.
        const u64 per = (K * M) * (K * M - 1) / 2 - K * (M * (M - 1) / 2);
        EXPECT_EQ(c.same_source_violations, K * M * M * (M - 1) * per);
    }
}

TEST(Claims, Theorem1IsomorphismAndPrintedTable) {
    EXPECT_EQ(check_theorem1(9, 4, {1, 2, 5, 8}).preserved,
              check_theorem1(9, 4, {1, 2, 5, 8}).links);
    const isomorphism_count c = check_theorem1(7, 3, {0, 2, 3, 6});
    EXPECT_EQ(c.links, 4u * 9u * (4u + 2u));
    EXPECT_EQ(c.preserved, c.links);
    // By hand: k_j - k_i mod 9. kappa = {1,2,5,8}: i = 1 gives {8,0,3,6} (printed {3,0,6,8}, same
    // set), i = 3 gives {2,3,6,0} (printed {3,6,5,0}). kappa = {0,3,4,6,7}: i = 1 gives
    // {6,0,1,3,4} (printed {8,0,1,3,4}).
    EXPECT_EQ(theorem1_ports(9, {1, 2, 5, 8}, 3), (std::vector<int>{2, 3, 6, 0}));
    EXPECT_EQ(theorem1_ports(9, {0, 3, 4, 6, 7}, 1), (std::vector<int>{6, 0, 1, 3, 4}));
    int wrong = 0, reordered = 0;
    for (const claim_row& r : port_table_claims()) {
        if (r.id != "thm1-table") continue;
        wrong += r.v == verdict::does_not_hold ? 1 : 0;
        reordered += r.v == verdict::holds && !r.note.empty() ? 1 : 0;
    }
    EXPECT_EQ(wrong, 2);
    EXPECT_EQ(reordered, 1);
}

TEST(Claims, ProtocolDelayCounts) {
    for (std::size_t n : {1u, 2u, 5u, 8u}) {
        std::vector<slot> rounds(n, slot{{launch{}}});
        EXPECT_EQ(protocol_pattern(rounds, 1).delays(), 0u);
        EXPECT_EQ(protocol_pattern(rounds, 2).delays(), n / 2);
        EXPECT_EQ(protocol_pattern(rounds, 3).delays(), n);
        EXPECT_EQ(protocol_pattern(rounds, 3).rounds(), n);
    }
}

}  // namespace
}  // namespace d3
