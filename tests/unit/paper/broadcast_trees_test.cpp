// Issue 14, Broadcast Swapped Dragonfly: the depth-four trees T_q built here by hand from (2.1)
// ((c,d,p) global a -> (c+a,p,d), local x -> (c,d,p+x)), not from the decoder: each spans every
// router exactly once, the M-1 trees with q != d are pairwise edge-disjoint (the tree q = d is
// not), and the decoder's synchronizing header walks exactly these links.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "core/decoding/decoder.h"
#include "core/decoding/walk.h"
#include "core/network/topology.h"
#include "paper/beyond/broadcast_trees.h"
#include "paper/programs/lockstep.h"

namespace d3 {
namespace {

// A directed link: router id, global or local, port.
using edge = std::tuple<router_id, bool, int>;

struct tree {
    std::set<edge> edges;
    std::map<router_id, int> reached;  // leaves: routers after the fourth level
    int edge_uses = 0;
};

tree build_tree(const topology& t, int c, int d, int q) {
    const int k = t.k(), m = t.m();
    tree tr;
    const auto use = [&](const coord& at, bool global, int port) {
        ++tr.edge_uses;
        tr.edges.insert({t.id(at), global, port});
    };
    for (int a = 0; a < k; ++a) {
        const int ca = (c + a) % k;
        use({c, d, q}, true, a);  // level 1: (c,d,q) -> (c+a,q,d); the root is no fixed point
        for (int p = 0; p < m; ++p) {
            if (p != d) use({ca, q, d}, false, (p - d + m) % m);  // level 2: to (c+a,q,p)
            if (p != q) use({ca, q, p}, true, 0);                 // level 3: to (c+a,p,q)
            for (int r = 0; r < m; ++r) {                         // level 4: to (c+a,p,r)
                if (r != q) use({ca, p, q}, false, (r - q + m) % m);
                ++tr.reached[t.id({ca, p, r})];
            }
        }
    }
    return tr;
}

std::size_t common(const tree& a, const tree& b) {
    std::size_t n = 0;
    for (const edge& e : a.edges) n += b.edges.count(e);
    return n;
}

TEST(BroadcastTrees, DepthFourTreesSpanAndAreEdgeDisjoint) {
    for (const auto& [k, m] : {std::pair{4, 8}, {3, 5}, {2, 4}, {1, 3}}) {
        const topology t(k, m);
        for (const coord src : {coord{0, 0, 1}, coord{k - 1, 2, 2}}) {
            std::vector<tree> trees;
            for (int q = 0; q < m; ++q) trees.push_back(build_tree(t, src.c, src.d, q));
            for (int q = 0; q < m; ++q) {
                const tree& tr = trees[static_cast<std::size_t>(q)];
                EXPECT_EQ(tr.reached.size(), t.routers());
                for (const auto& [r, n] : tr.reached) EXPECT_EQ(n, 1);
                // A tree: no edge twice. T_d is not (its levels 2 and 4 share drawers (c+a,d)).
                if (q != src.d) {
                    EXPECT_EQ(static_cast<int>(tr.edges.size()), tr.edge_uses);
                } else if (m > 2) {
                    EXPECT_LT(static_cast<int>(tr.edges.size()), tr.edge_uses);
                }
            }
            for (int q = 0; q < m; ++q)
                for (int r = q + 1; r < m; ++r) {
                    const std::size_t n = common(trees[static_cast<std::size_t>(q)],
                                                 trees[static_cast<std::size_t>(r)]);
                    if (q != src.d && r != src.d) {
                        EXPECT_EQ(n, 0u) << "D3(" << k << "," << m << ") trees " << q << ", " << r;
                    } else {
                        EXPECT_GT(n, 0u) << "the tree q = d shares links";
                    }
                }
        }
    }
}

// The synchronizing header (1,5;0,q-p,0) launched at (c,d,p): one delegation hop to (c,d,q), then
// exactly the hand-built tree T_q; every router once; five steps.
TEST(BroadcastTrees, SyncHeaderWalksTheTree) {
    for (const auto& [k, m] : {std::pair{4, 8}, {3, 5}}) {
        const topology t(k, m);
        const coord src{1, 2, 4};
        for (const coord& root : broadcast_tree_roots(t, src)) {
            const header h = broadcast_tree_header(t, src, root);
            const walk_result w = walk(t, src, h);
            ASSERT_TRUE(w.error.empty()) << w.error;
            EXPECT_EQ(w.steps, 5);
            std::map<router_id, int> hits;
            for (router_id d : w.destinations) ++hits[d];
            EXPECT_EQ(hits.size(), t.routers());
            for (const auto& [r, n] : hits) EXPECT_EQ(n, 1);
            std::vector<link_use> uses;
            trace_links(t, t.id(src), 0, h, uses);
            std::set<edge> walked;
            for (const link_use& u : uses) {
                if (u.cycle == kFirstHopAfterLaunch) continue;  // the delegation hop
                const port_ref p = port_of(u.port, k);
                walked.insert({u.router, p.global, p.port});
            }
            EXPECT_EQ(walked, build_tree(t, root.c, root.d, root.p).edges);
        }
        EXPECT_EQ(broadcast_tree_roots(t, src).size(), static_cast<std::size_t>(m - 1));
    }
}

// The header's rewriting: b = 4 g l g l, gamma set to 0 after its global hop, the first local port
// replaced by the second after its local hop.
TEST(BroadcastTrees, SyncHeaderRewritesItsFields) {
    const topology t(4, 8);
    const header h = make_sync_header(false, 4, 3, 5, 2);  // g3 l5 g0 l2
    coord at{1, 2, 6};
    const walk_result w = walk(t, at, h);
    // By hand: g3 -> (0,6,2); l5 -> (0,6,7); g0 -> (0,7,6); l2 -> (0,7,0).
    ASSERT_EQ(w.destinations.size(), 1u);
    EXPECT_EQ(t.at(w.destinations[0]), (coord{0, 7, 0}));
    const decision d4 = decode(h, at, t);
    EXPECT_EQ(d4.act, action::global);
    EXPECT_EQ(d4.next.f0, 0);
    const decision d3 = decode(d4.next, {0, 6, 2}, t);
    EXPECT_EQ(d3.act, action::local);
    EXPECT_EQ(d3.port, 5);
    EXPECT_EQ(d3.next.f2, 2);
    EXPECT_FALSE(valid(make_sync_header(false, 6, 0, 0, 0), 4, 8));
    EXPECT_EQ(unpack(pack(h)), h);
}

}  // namespace
}  // namespace d3

// The value checks of the computing primitives can fail: before any run no result is there.
#include "paper/programs/registry.h"

namespace d3 {
namespace {

TEST(ValueChecks, ComputingPrimitivesReportMissingResults) {
    const topology t(4, 4);
    for (const char* name : {"vector-matrix", "matrix-product", "hypercube-allreduce"}) {
        primitive_options o;
        o.primitive = name;
        const auto w = make_primitive_workload(t, o);
        EXPECT_FALSE(w->value_problems().empty()) << name;
    }
    primitive_options o;
    o.primitive = "hypercube-exchange";
    EXPECT_TRUE(make_primitive_workload(t, o)->value_problems().empty());
    o.dimension = 6;  // D3(4,4) has k + 2m = 6 dimensions
    EXPECT_TRUE(check_primitive(t, o).has_value());
    EXPECT_TRUE(check_primitive(topology(3, 4), o).has_value());  // K not a power of two
}

}  // namespace
}  // namespace d3
