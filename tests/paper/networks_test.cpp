// The graphs of the other networks of issue 48 (models/core/network/graphs) against small cases
// counted by hand, and their validate rows (models/paper/claims/network_claims.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <variant>

#include "core/network/graphs/bisection.h"
#include "core/network/graphs/d3_graph.h"
#include "core/network/graphs/dual_net.h"
#include "core/network/graphs/graph_network.h"
#include "core/network/graphs/hamming.h"
#include "core/network/graphs/network_spec.h"
#include "core/network/graphs/product.h"
#include "core/network/graphs/swapped.h"
#include "paper/claims/network_claims.h"

namespace d3 {
namespace {

TEST(Graph, DistancesAndMultiplicity) {
    graph g(4);  // a path 0-1-2-3, 1-2 doubled
    g.add_edge(0, 1);
    g.add_edge(1, 2, 2);
    g.add_edge(2, 3);
    EXPECT_EQ(g.degree(1), 3u);
    EXPECT_EQ(g.links(), 4u);
    const distance_figures d = all_pairs_distances(g);
    EXPECT_TRUE(d.connected);
    EXPECT_EQ(d.diameter, 3);
    EXPECT_DOUBLE_EQ(d.average, 20.0 / 12.0);
    EXPECT_THROW(g.add_edge(2, 2), std::invalid_argument);
}

TEST(Swapped, Rsn2K3ByHand) {
    // 9 nodes (d, p); K_3 within d; (d, p) - (p, d) for d != p; leaders (0,0), (1,1), (2,2).
    const graph g = recursive_swapped_network(complete_nucleus(3), 2);
    EXPECT_EQ(g.nodes(), 9u);
    EXPECT_EQ(g.links(), 9u + 3u);
    EXPECT_EQ(degrees(g).max, 3u);
    EXPECT_EQ(degrees(g).min, 2u);
    EXPECT_EQ(g.links_between(0 * 3 + 1, 1 * 3 + 0), 1u);
    EXPECT_EQ(all_pairs_distances(g).diameter, 3);  // (0,0) -> (1,1): l g l
}

TEST(Swapped, LevelThreeSwapsHalves) {
    // RSN(3, K_2): addresses x0 x1 x2 x3; level 3 swaps (x0 x1) and (x2 x3).
    const graph g = recursive_swapped_network(complete_nucleus(2), 3);
    EXPECT_EQ(g.nodes(), 16u);
    EXPECT_EQ(g.links_between(0b0001, 0b0100), 1u);  // 00|01 <-> 01|00
    EXPECT_EQ(g.links_between(0b0010, 0b0001), 1u);  // level 2: ..1 0 <-> ..0 1
    EXPECT_EQ(rsn_address(0b0110, 2, 3), (std::vector<std::uint32_t>{0, 1, 1, 0}));
    EXPECT_EQ(degrees(g).max, 3u);
    EXPECT_EQ(all_pairs_distances(g).diameter, 7);  // 2^2 (1 + 1) - 1
}

TEST(Swapped, DiameterLinksJoinLeaders) {
    const graph g = recursive_swapped_network(complete_nucleus(4), 2, true);
    EXPECT_EQ(g.links_between(0 * 4 + 0, 3 * 4 + 3), 1u);
    EXPECT_EQ(g.links_between(1 * 4 + 1, 2 * 4 + 2), 1u);
    EXPECT_EQ(degrees(g).min, 4u);
}

TEST(Swapped, D3OneMIsRsn2KM) {
    for (int m = 3; m <= 8; ++m) {
        const topology t(1, m);
        const graph r =
            recursive_swapped_network(complete_nucleus(static_cast<std::uint32_t>(m)), 2);
        EXPECT_TRUE(is_isomorphism(d3_graph(t), r, d3_to_rsn2(t))) << m;
    }
    // A wrong map is refused: (d, p) -> (p, d) is not the identity on links of the nucleus.
    const topology t(1, 4);
    std::vector<std::uint32_t> swapped(t.routers());
    for (router_id id = 0; id < t.routers(); ++id)
        swapped[id] = static_cast<std::uint32_t>(t.at(id).p * 4 + t.at(id).d);
    EXPECT_FALSE(
        is_isomorphism(d3_graph(t), recursive_swapped_network(complete_nucleus(4), 2), swapped));
}

TEST(Swapped, Nuclei) {
    EXPECT_EQ(parse_nucleus("mesh:2x3")->g.links(), 7u);
    EXPECT_EQ(parse_nucleus("hypercube:3")->g.links(), 12u);
    EXPECT_FALSE(parse_nucleus("ring:3"));
    EXPECT_FALSE(parse_nucleus("mesh:3"));
}

TEST(DualNet, SmallestByHand) {
    // B = Q_1 (two nodes, one link), k = 1, s_1 = 1: 2 * 2 = 4 clusters of 2 nodes; class 0
    // cluster U node v joins class 1 cluster v node U: (0,0,0)-(1,0,0), (0,0,1)-(1,1,0),
    // (0,1,0)-(1,0,1), (0,1,1)-(1,1,1). An 8-cycle: degree 2, diameter 4.
    const dual_net_spec s{*parse_product("hypercube:1"), {{}}};
    const graph g = hierarchical_dual_net(s);
    EXPECT_EQ(g.nodes(), 8u);
    EXPECT_EQ(g.links_between(0 * 2 + 1, 3 * 2 + 0), 1u);  // (0,0,1) - (1,1,0)
    EXPECT_EQ(g.links_between(1 * 2 + 0, 2 * 2 + 1), 1u);  // (0,1,0) - (1,0,1)
    EXPECT_EQ(degrees(g).min, 2u);
    EXPECT_EQ(degrees(g).max, 2u);
    EXPECT_EQ(all_pairs_distances(g).diameter, 4);
    EXPECT_EQ(dual_net_nodes(s), 8u);
}

TEST(DualNet, SuperNodeOfTheWholeBase) {
    // s_1 = n0: one super-node per cluster, two clusters, node N of one joined to node N of other.
    const dual_net_spec s{*parse_product("torus:3x3"), {{0, 1}}};
    const graph g = hierarchical_dual_net(s);
    EXPECT_EQ(g.nodes(), 18u);
    for (std::uint32_t v = 0; v < 9; ++v) EXPECT_EQ(g.links_between(v, 9 + v), 1u);
    EXPECT_EQ(degrees(g).max, 5u);
    EXPECT_EQ(all_pairs_distances(g).diameter, 3);
}

TEST(DualNet, TorusOfTwoHasDoubleLinks) {
    const graph b = product_graph(*parse_product("torus:2x3x5"));
    EXPECT_EQ(degrees(b).max, 6u);
    EXPECT_EQ(degrees(b).max_distinct, 5u);
}

TEST(Hamming, H33ByHand) {
    const graph g = hamming_graph({3, 3});
    EXPECT_EQ(g.nodes(), 9u);
    EXPECT_EQ(degrees(g).min, 4u);
    EXPECT_EQ(degrees(g).max, 4u);
    EXPECT_EQ(all_pairs_distances(g).diameter, 2);
    const graph t = hamming_graph({3, 3}, 2);
    EXPECT_EQ(degrees(t).max, 8u);
    EXPECT_EQ(links_between_groups(t, 3, 3).min, 6u);
}

// A built graph as a network file reads back as the same graph, every link a port at each end.
TEST(GraphNetwork, ReadsBackAsTheSameGraph) {
    const dual_net_spec hdn{*parse_product("torus:2x3"), {{0}}};
    const std::vector<std::pair<std::string, graph>> nets = {
        {"RSN(2,K_4)", recursive_swapped_network(complete_nucleus(4), 2)},
        {"RSN(3,Q_2)", recursive_swapped_network(hypercube_nucleus(2), 3)},
        {"HDN(2x3,1)", hierarchical_dual_net(hdn)},
        {"H(3,4) t=2", hamming_graph({3, 4}, 2)}};
    for (const auto& [name, g] : nets) {
        SCOPED_TRACE(name);
        const network_file f = graph_network(g, 2, 3, name);
        ASSERT_EQ(f.routers(), g.nodes());
        EXPECT_EQ(f.terminals(), 2u);
        std::vector<std::uint32_t> same(g.nodes());
        for (std::uint32_t v = 0; v < g.nodes(); ++v) {
            same[v] = v;
            EXPECT_EQ(f.ports(v).size(), g.degree(v));
            for (std::uint32_t p = 0; p < f.ports(v).size(); ++p) {
                const port_link& l = f.ports(v)[p];
                EXPECT_EQ(l.latency, 3u);
                EXPECT_EQ(f.ports(l.router).at(l.port).router, v);
                EXPECT_EQ(f.ports(l.router).at(l.port).port, p);
            }
        }
        for (std::uint32_t v = 0; v < g.nodes(); ++v)
            for (const graph_neighbor& n : g.neighbors(v)) {
                std::uint32_t ports_to = 0;
                for (const port_link& l : f.ports(v)) ports_to += l.router == n.node;
                EXPECT_EQ(ports_to, n.links);
            }
        EXPECT_TRUE(is_isomorphism(f.to_graph(), g, same));
    }
}

// Router names by the network's own addressing, read back from the file; a bad name is refused.
TEST(GraphNetwork, NamesByTheNetworksAddresses) {
    network_spec s;
    s.topology = "rsn";
    s.levels = 2;
    s.nucleus = "complete:3";
    const built_network b = std::get<built_network>(build_network(s));
    const network_file f = graph_network(b.g, 1, 1, b.name, b.names);
    // Node index = address read in base N_1, first address most significant: 7 = 2 1.
    EXPECT_EQ(f.name(7), "2_1");
    EXPECT_EQ(f.name(0), "0_0");
    s = {};
    s.topology = "hamming";
    s.dims = "3,4";
    const built_network h = std::get<built_network>(build_network(s));
    EXPECT_EQ(graph_network(h.g, 1, 1, h.name, h.names).name(11), "2_3");
    EXPECT_EQ(graph_network(h.g, 1, 1, h.name).name(11), "11");
    std::istringstream bad("routers 2\nlink 0 0 1 0\nname 1 a.b\n");
    EXPECT_THROW(network_file::parse(bad, "t.net"), std::invalid_argument);
    std::istringstream twice("routers 2\nlink 0 0 1 0\nname 1 a\nname 1 b\n");
    EXPECT_THROW(network_file::parse(twice, "t.net"), std::invalid_argument);
}

// Brute force over every balanced split: the exact bisection width of a small graph.
std::uint64_t exact_bisection(const graph& g) {
    const std::uint32_t n = g.nodes();
    std::uint64_t best = UINT64_MAX;
    for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
        if (static_cast<std::uint32_t>(__builtin_popcount(mask)) != n / 2) continue;
        std::vector<std::uint8_t> side(n);
        for (std::uint32_t v = 0; v < n; ++v) side[v] = (mask >> v) & 1;
        best = std::min(best, cut_links(g, side));
    }
    return best;
}

// The bounds bracket the exact width: by brute force on graphs of up to 16 nodes, and by the
// textbook widths of a hypercube (2^(n-1)) and a complete graph (floor(n/2) ceil(n/2)), where
// both bounds meet.
TEST(Bisection, BoundsBracketTheExactWidth) {
    const std::vector<std::pair<std::string, graph>> small = {
        {"RSN(2,K_4)", recursive_swapped_network(complete_nucleus(4), 2)},
        {"RSN(2,Q_2)", recursive_swapped_network(hypercube_nucleus(2), 2)},
        {"HDN(Q_2,1,{s1=2})", hierarchical_dual_net({*parse_product("hypercube:2"), {{0}}})},
        {"H(3,5)", hamming_graph({3, 5})},
        {"H(3,3) t=2", hamming_graph({3, 3}, 2)},
        {"torus 2x3x2", product_graph(*parse_product("torus:2x3x2"))}};
    for (const auto& [name, g] : small) {
        SCOPED_TRACE(name);
        const bisection_bounds b = bisection(g);
        const std::uint64_t exact = exact_bisection(g);
        EXPECT_EQ(b.upper, exact);
        EXPECT_EQ(cut_links(g, b.side), b.upper);
        EXPECT_LE(std::count(b.side.begin(), b.side.end(), 1), (g.nodes() + 1) / 2);
        EXPECT_GE(std::count(b.side.begin(), b.side.end(), 1), g.nodes() / 2);
        ASSERT_TRUE(b.lower);
        EXPECT_LE(*b.lower, exact + 1e-9);
    }
    for (std::uint32_t d = 2; d <= 7; ++d) {
        const bisection_bounds b =
            bisection(product_graph(*parse_product("hypercube:" + std::to_string(d))));
        EXPECT_EQ(b.upper, 1u << (d - 1));
        EXPECT_NEAR(*b.lower, 1u << (d - 1), 1e-6);
    }
    for (std::uint32_t n : {5u, 8u, 13u}) {
        const bisection_bounds b = bisection(factor_graph({graph_factor::kind::complete, n}));
        EXPECT_EQ(b.upper, (n / 2) * (n - n / 2));
        EXPECT_NEAR(*b.lower, (n / 2) * (n - n / 2), 1e-6);
    }
}

TEST(NetworkClaims, RowsAndVerdicts) {
    const std::vector<claim_row> rows = network_claims();
    std::map<std::string, int> holds, fails;
    for (const claim_row& r : rows) (r.v == verdict::holds ? holds : fails)[r.id]++;
    EXPECT_EQ(fails["rsn-nodes"] + fails["rsn-degree"] + fails["rsn-d3"], 0);
    EXPECT_EQ(holds["rsn-d3"], 6);
    EXPECT_GE(holds["rsn-nodes"], 6);
    EXPECT_EQ(fails["hdn-nodes"] + fails["hdn-table1"] + fails["hdn-degree"], 0);
    EXPECT_GE(holds["hdn-nodes"], 6);
    EXPECT_EQ(fails["ham-nodes"] + fails["ham-degree"] + fails["ham-diameter"] + fails["ham-trunk"],
              0);
    EXPECT_GE(holds["ham-nodes"], 6);
}

}  // namespace
}  // namespace d3
