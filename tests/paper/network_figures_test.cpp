// The brute-force figures of every shape of network_shapes.h, the table of docs/networks.md:
// D3_NETWORK_FIGURES=1 build/tests/paper/d3_paper_claims_tests --gtest_filter='NetworkFigures.*'
// prints it (Markdown). Without the variable the test only checks that every shape is connected.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include "core/network/graphs/hamming.h"
#include "core/network/graphs/swapped.h"
#include "network_shapes.h"

namespace d3 {
namespace {

void row(const std::string& name, const graph& g, bool print) {
    const degree_figures deg = degrees(g);
    const distance_figures d = all_pairs_distances(g);
    EXPECT_TRUE(d.connected) << name;
    if (!print) return;
    std::printf("| %s | %u | %llu | %u..%u | %u | %d | %.3f |\n", name.c_str(), g.nodes(),
                static_cast<unsigned long long>(g.links()), deg.min, deg.max, deg.max_distinct,
                d.diameter, d.average);
}

TEST(NetworkFigures, EveryShape) {
    const bool print = std::getenv("D3_NETWORK_FIGURES") != nullptr;
    if (print)
        std::printf(
            "| network | nodes | links | degree | distinct neighbours | diameter | average "
            "distance |\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (const shapes::rsn_shape& s : shapes::rsn_shapes()) {
        const nucleus g = *parse_nucleus(s.nucleus);
        row("RSN(" + std::to_string(s.levels) + "," + g.name + ")" +
                (s.diameter_links ? " with diameter links" : ""),
            recursive_swapped_network(g, s.levels, s.diameter_links), print);
    }
    for (const shapes::hdn_shape& x : shapes::hdn_shapes()) {
        const dual_net_spec s = shapes::hdn_spec(x);
        row(dual_net_name(s), hierarchical_dual_net(s), print);
    }
    for (const shapes::hamming_shape& s : shapes::hamming_shapes())
        row(hamming_name(s.sizes, s.trunking), hamming_graph(s.sizes, s.trunking), print);
}

}  // namespace
}  // namespace d3
