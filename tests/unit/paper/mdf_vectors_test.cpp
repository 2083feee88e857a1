// Issue 14: source vectors on MDF(K,M). The brute force below steps the dragonfly's port table
// directly (not the decoder): a source vector (gamma, pi, delta) launched by every router at once
// is a conflict-free permutation on the palmtree arrangement and not on the consecutive one.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <vector>

#include "core/decoding/decoder.h"
#include "core/decoding/walk.h"
#include "core/network/dragonfly.h"
#include "core/network/topology.h"
#include "paper/beyond/mdf_vectors.h"
#include "support/mdf_topology.h"

namespace d3 {
namespace {

using test::mdf;

struct vector_count {
    int vectors = 0;
    int permutations = 0;   ///< every router's copy lands on a different router
    int conflict_free = 0;  ///< no (link, step) used twice, no two copies at one router mid-way
};

// All vectors, every router launching the same one: (group, router) moves by delta (local), then
// the port table's link for gamma, then pi (local).
vector_count brute_force(const dragonfly& df) {
    vector_count n;
    const int k = df.k(), m = df.m(), b = df.groups();
    for (int gamma = 0; gamma < k; ++gamma)
        for (int pi = 0; pi < m; ++pi)
            for (int delta = 0; delta < m; ++delta) {
                ++n.vectors;
                std::set<std::pair<int, int>> ends;
                std::map<std::tuple<int, int, int, int>, int> links;  // step, group, router, port
                std::set<std::pair<int, int>> middle;
                bool clash = false;
                for (int g = 0; g < b; ++g)
                    for (int r = 0; r < m; ++r) {
                        const int r1 = (r + delta) % m;
                        if (delta != 0) clash |= ++links[{0, g, r, delta}] > 1;
                        const port_end& e = df.global_neighbor(g, r1, gamma);
                        clash |= ++links[{1, g, r1, k + gamma}] > 1;
                        clash |= !middle.insert({e.group, e.router}).second;
                        if (pi != 0) clash |= ++links[{2, e.group, e.router, pi}] > 1;
                        ends.insert({e.group, (e.router + pi) % m});
                    }
                const bool perm = static_cast<int>(ends.size()) == b * m;
                n.permutations += perm ? 1 : 0;
                n.conflict_free += perm && !clash ? 1 : 0;
            }
    return n;
}

TEST(MdfVectors, PalmtreeVectorsAreConflictFreePermutations) {
    for (const auto& [k, m] : {std::pair{2, 4}, {4, 8}, {3, 5}, {1, 2}}) {
        const vector_count n = brute_force(dragonfly(k, m, arrangement::palmtree));
        EXPECT_EQ(n.vectors, k * m * m);
        EXPECT_EQ(n.permutations, k * m * m) << k << "," << m;
        EXPECT_EQ(n.conflict_free, k * m * m) << k << "," << m;
    }
}

TEST(MdfVectors, ConsecutiveVectorsAreNot) {
    for (const auto& [k, m] : {std::pair{2, 4}, {4, 8}, {3, 5}}) {
        const vector_count n = brute_force(dragonfly(k, m, arrangement::consecutive));
        EXPECT_EQ(n.vectors, k * m * m);
        EXPECT_EQ(n.permutations, 0) << k << "," << m;
        EXPECT_EQ(n.conflict_free, 0) << k << "," << m;
    }
    // K = 1 is the exception: router i of group j reaches router j or j-1 of group i or i+1, so
    // the images are distinct and every vector is a conflict-free permutation.
    for (const int m : {2, 4, 6}) {
        const vector_count n = brute_force(dragonfly(1, m, arrangement::consecutive));
        EXPECT_EQ(n.conflict_free, m * m) << "1," << m;
    }
}

// The decoder's walk of a vector ends where the port table says.
TEST(MdfVectors, DecoderFollowsThePortTable) {
    for (const arrangement a : {arrangement::palmtree, arrangement::consecutive}) {
        const topology t = mdf(3, 4, a);
        const dragonfly& df = *t.mdf();
        for (int gamma = 0; gamma < 3; ++gamma)
            for (int pi = 0; pi < 4; ++pi)
                for (int delta = 0; delta < 4; ++delta) {
                    const std::vector<router_id> image = vector_images(t, {gamma, pi, delta});
                    for (router_id r = 0; r < t.routers(); ++r) {
                        const coord at = t.at(r);
                        const port_end& e = df.global_neighbor(at.c, (at.p + delta) % 4, gamma);
                        EXPECT_EQ(image[r], t.id({e.group, 0, (e.router + pi) % 4}));
                    }
                }
    }
}

// From one router, the K*M^2 vectors reach every router outside its group exactly once (on either
// arrangement: the source's own ports cover every other group).
TEST(MdfVectors, VectorsFromOneRouterCoverEveryOtherGroupOnce) {
    for (const arrangement a : {arrangement::palmtree, arrangement::consecutive}) {
        const topology t = mdf(2, 4, a);
        for (router_id src = 0; src < t.routers(); ++src) {
            std::map<router_id, int> hits;
            for (int gamma = 0; gamma < 2; ++gamma)
                for (int pi = 0; pi < 4; ++pi)
                    for (int delta = 0; delta < 4; ++delta)
                        ++hits[vector_images(t, {gamma, pi, delta})[src]];
            EXPECT_EQ(hits.size(), t.routers() - 4u);
            for (const auto& [dst, n] : hits) {
                EXPECT_EQ(n, 1);
                EXPECT_NE(t.at(dst).c, t.at(src).c);
            }
        }
    }
}

// Broadcast (1,3;0,0,0) on MDF: every router of the network exactly once in three steps; the
// source group through router 0's extra copy at b = 2.
TEST(MdfVectors, BroadcastReachesEveryRouterOnce) {
    for (const auto& [k, m] : {std::pair{2, 4}, {4, 8}, {3, 5}})
        for (const arrangement a : {arrangement::palmtree, arrangement::consecutive}) {
            const topology t = mdf(k, m, a);
            for (const coord src : {coord{0, 0, 0}, coord{3, 0, 1}}) {
                const walk_result w = walk(t, src, make_source_vector_header(true, 3, {0, 0, 0}));
                ASSERT_TRUE(w.error.empty()) << w.error;
                std::map<router_id, int> hits;
                for (router_id d : w.destinations) ++hits[d];
                EXPECT_EQ(hits.size(), t.routers());
                for (const auto& [dst, n] : hits) EXPECT_EQ(n, 1) << dst;
                EXPECT_EQ(w.steps, 3);
                // Hops: M-1 local, K*M global, then M-1 local in each of K*M+1 groups.
                EXPECT_EQ(w.hops,
                          static_cast<std::uint64_t>((m - 1) + k * m + (k * m + 1) * (m - 1)));
            }
        }
}

TEST(MdfVectors, SourceVectorDecoding) {
    const topology t = mdf(2, 4, arrangement::palmtree);
    const coord at{5, 0, 0};
    // Global port 0 at router 0 is a link on MDF, not D3's fixed-point hold.
    const decision g = decode(make_source_vector_header(false, 2, {0, 1, 1}), at, t);
    EXPECT_EQ(g.act, action::global);
    EXPECT_FALSE(g.hold);
    EXPECT_TRUE(decode(make_source_vector_header(false, 3, {1, 2, 0}), at, t).hold);
    EXPECT_EQ(decode(make_source_vector_header(false, 1, {1, 2, 0}), at, t).port, 2);
    EXPECT_EQ(decode(make_source_vector_header(false, 3, {2, 0, 0}), at, t).act, action::invalid);
    const decision bg = decode(make_source_vector_header(true, 2, {0, 0, 0}), at, t);
    EXPECT_EQ(bg.act, action::broadcast_global);
    EXPECT_TRUE(bg.hold);  // router 0 keeps a copy
    EXPECT_FALSE(decode(make_source_vector_header(true, 2, {0, 0, 0}), {5, 0, 1}, t).hold);
}

}  // namespace
}  // namespace d3
