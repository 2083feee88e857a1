// The node programs of the other networks (issue 48): the swapped networks' hypercube emulation
// and ascend/descend (swapped-networks.txt, section 3) and the hierarchical dual-net's total
// exchange (hierarchical-dual-net-total-exchange.txt, Algorithm 2), run here on data items and
// checked against the definitions they emulate (a hypercube's exchange, ascend on a true
// hypercube, every personalised message delivered once) and against the papers' step counts.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <set>
#include <sstream>

#include "core/network/graphs/dual_net.h"
#include "core/network/graphs/swapped.h"
#include "paper/network_programs/hdn_total_exchange.h"
#include "paper/network_programs/rsn_programs.h"

namespace d3 {
namespace {

struct rsn_case {
    int levels;
    std::uint32_t n;
};
const rsn_case kRsnCases[] = {{1, 2}, {2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2}, {4, 1}};

graph rsn_graph(const rsn_case& c) {
    return recursive_swapped_network(hypercube_nucleus(c.n), c.levels);
}

// The level of the link between x and y in RSN(l, Q_n): 1 for a nucleus link (they differ only
// in the lowest n bits), else the smallest i whose lowest 2^(i-1) n bits hold every difference.
int link_level(std::uint32_t x, std::uint32_t y, std::uint32_t n) {
    int level = 1;
    while (((x ^ y) >> (n << (level - 1))) != 0) ++level;
    return level;
}

// Single-dimension communication (section 3.3): every message of a round on links of one level,
// and nucleus rounds along one bit.
void expect_single_dimension(const exchange_program& p, std::uint32_t n) {
    for (const exchange_round& r : p.rounds) {
        ASSERT_FALSE(r.messages.empty());
        const exchange& first = r.messages.front();
        for (const exchange& e : r.messages) {
            EXPECT_EQ(link_level(e.src, e.dst, n), link_level(first.src, first.dst, n));
            if (link_level(e.src, e.dst, n) == 1) {
                EXPECT_EQ(e.src ^ e.dst, first.src ^ first.dst);
            }
        }
    }
}

TEST(RsnPrograms, CubeStepExchangesAlongItsDimensionInAtMostTwoLMinusOneRounds) {
    for (const rsn_case& c : kRsnCases) {
        const graph g = rsn_graph(c);
        const std::uint32_t dims = c.n << (c.levels - 1);
        std::uint32_t worst = 0, at_worst = 0;
        for (std::uint32_t j = 1; j <= dims; ++j) {
            SCOPED_TRACE("RSN(" + std::to_string(c.levels) + ",Q_" + std::to_string(c.n) +
                         ") j=" + std::to_string(j));
            const exchange_program p = rsn_cube_step(c.levels, c.n, j);
            ASSERT_EQ(program_fault(p, g), "");
            expect_single_dimension(p, c.n);
            std::vector<std::uint32_t> item(g.nodes());
            for (std::uint32_t x = 0; x < g.nodes(); ++x) item[x] = x;
            for (const exchange_round& r : p.rounds) {
                std::vector<std::uint32_t> next = item;
                for (const exchange& e : r.messages) next[e.dst] = item[e.src];
                item = next;
            }
            // A hypercube's exchange along dimension j: X holds X's neighbour's item.
            for (std::uint32_t x = 0; x < g.nodes(); ++x)
                ASSERT_EQ(item[x], x ^ (1u << (j - 1))) << "node " << x;
            const auto rounds = static_cast<std::uint32_t>(p.rounds.size());
            if (rounds > worst) worst = rounds, at_worst = 0;
            at_worst += rounds == worst;
        }
        // Section 3.3: at most 2l - 1, reached for (2^(l-1) - 1) n < j <= 2^(l-1) n.
        EXPECT_EQ(worst, static_cast<std::uint32_t>(2 * c.levels - 1));
        EXPECT_EQ(at_worst, c.levels == 1 ? dims : c.n);
    }
}

std::uint64_t mix(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    std::uint64_t z = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull) ^ (c << 17);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// The operation of emulated dimension `dim` on the item of address a and that of its partner.
std::uint64_t operation(std::uint64_t own, std::uint64_t other, std::uint32_t dim, bool high) {
    return mix(own, other, dim * 2 + (high ? 1 : 0));
}

void check_ascend_descend(const rsn_case& c, bool ascend) {
    SCOPED_TRACE("RSN(" + std::to_string(c.levels) + ",Q_" + std::to_string(c.n) + ") " +
                 (ascend ? "ascend" : "descend"));
    const graph g = rsn_graph(c);
    const std::uint32_t dims = c.n << (c.levels - 1);
    const exchange_program p = ascend ? rsn_ascend(c.levels, c.n) : rsn_descend(c.levels, c.n);
    ASSERT_EQ(program_fault(p, g), "");
    expect_single_dimension(p, c.n);
    // On the RSN: items (address, value) moved by move rounds, combined by combine rounds.
    std::vector<std::uint32_t> addr(g.nodes());
    std::vector<std::uint64_t> value(g.nodes()), truth(g.nodes());
    for (std::uint32_t x = 0; x < g.nodes(); ++x) addr[x] = x, value[x] = truth[x] = mix(x, 0, 0);
    std::vector<std::uint32_t> order;
    for (const exchange_round& r : p.rounds) {
        std::vector<std::uint32_t> next_addr = addr;
        std::vector<std::uint64_t> next_value = value;
        std::set<std::uint32_t> round_dims;
        for (const exchange& e : r.messages) {
            if (r.kind == round_kind::move) {
                next_addr[e.dst] = addr[e.src], next_value[e.dst] = value[e.src];
                continue;
            }
            const std::uint32_t differ = addr[e.src] ^ addr[e.dst];
            ASSERT_EQ(differ & (differ - 1), 0u) << "items not one dimension apart";
            const std::uint32_t dim = __builtin_ctz(differ);
            next_value[e.dst] = operation(value[e.dst], value[e.src], dim, addr[e.dst] & differ);
            round_dims.insert(dim);
        }
        if (r.kind == round_kind::combine) {
            ASSERT_EQ(round_dims.size(), 1u) << "a combine round along one emulated dimension";
            order.push_back(*round_dims.begin());
        }
        addr = next_addr, value = next_value;
    }
    // On a true hypercube: dimensions 0 .. dims - 1 in order (ascend), or the reverse.
    std::vector<std::uint32_t> expected;
    for (std::uint32_t d = 0; d < dims; ++d) expected.push_back(ascend ? d : dims - 1 - d);
    EXPECT_EQ(order, expected);
    for (const std::uint32_t dim : expected) {
        std::vector<std::uint64_t> next(truth.size());
        for (std::uint32_t a = 0; a < truth.size(); ++a)
            next[a] = operation(truth[a], truth[a ^ (1u << dim)], dim, (a >> dim) & 1);
        truth = next;
    }
    for (std::uint32_t x = 0; x < g.nodes(); ++x) {
        ASSERT_EQ(addr[x], x) << "every item back at its node";
        ASSERT_EQ(value[x], truth[x]) << "node " << x;
    }
    // Section 3.2's recurrence T(l) = 2 T(l - 1) + 2, T(1) = n; its closed form (1 + 2/n) log2 N
    // is 2 more (docs/networks.md, findings).
    std::uint32_t t = c.n;
    for (int l = 2; l <= c.levels; ++l) t = 2 * t + 2;
    EXPECT_EQ(p.rounds.size(), t);
    EXPECT_EQ(t + (c.levels > 1 ? 2u : 0u), dims + (c.levels > 1 ? 2u << (c.levels - 1) : 0u));
}

TEST(RsnPrograms, AscendAndDescendComputeWhatAHypercubeDoes) {
    for (const rsn_case& c : kRsnCases) {
        check_ascend_descend(c, true);
        check_ascend_descend(c, false);
    }
}

struct hdn_case {
    std::uint32_t cube;  // B = Q_cube
    std::vector<std::vector<std::size_t>> super_nodes;
};
// Every HDN over a hypercube of at most 256 nodes among k = 1, 2, 3; Q_2 with SN_1 = Q_1 is the
// paper's Fig. 2 (16 nodes) and with SN_2 = Q_2 its Fig. 3 (128 nodes).
const std::vector<hdn_case> kHdnCases = {{1, {{}}},
                                         {2, {{}}},
                                         {2, {{0}}},
                                         {2, {{0, 1}}},
                                         {3, {{}}},
                                         {3, {{0}}},
                                         {1, {{}, {}}},
                                         {1, {{0}, {0}}},
                                         {2, {{0, 1}, {0, 1}}},
                                         {2, {{0}, {0, 1}}},
                                         {3, {{0, 1}, {0, 1, 2}}},
                                         {1, {{0}, {0}, {0}}}};

dual_net_spec hdn_spec_of(const hdn_case& c) {
    return {std::vector<graph_factor>(c.cube, {graph_factor::kind::complete, 2}), c.super_nodes};
}

// The time of Algorithm 2 under the paper's model, derived here from the data it moves: at level
// i a node sends its partner n_k / 2 items (stage 1) and n_k items (stage 3, all it holds), and
// each inner total exchange moves n_k / N_(i-1) items between every two nodes of a cluster; the
// base's dimension exchange sends half of a node's items per dimension: T_0(m) = n (t_s + t_w m
// 2^n / 2). So T_k(m) = 2^k T_0(m n_k / n_0) + (2^k - 1)(2 t_s + 3 t_w m n_k / 2).
double algorithm_two_time(std::uint32_t cube, int k, double nk, double ts, double tw, double m) {
    const double n0 = static_cast<double>(1u << cube);
    const double t0 = cube * (ts + tw * (m * nk / n0) * n0 / 2);
    return (1 << k) * t0 + ((1 << k) - 1) * (2 * ts + 1.5 * tw * m * nk);
}

// Theorem 3 as printed: T_k(m) = (2^(k+1) - 2)(t_s + t_w m n_k / 2) + 2^k T_0(m n_k / 2).
double theorem_three(std::uint32_t cube, int k, double nk, double ts, double tw, double m) {
    const double n0 = static_cast<double>(1u << cube);
    const double t0 = cube * (ts + tw * (m * nk / 2) * n0 / 2);
    return ((2 << k) - 2) * (ts + tw * m * nk / 2) + (1 << k) * t0;
}

TEST(HdnTotalExchange, DeliversEveryMessageOnceInTheTimeOfItsStages) {
    for (const hdn_case& c : kHdnCases) {
        const dual_net_spec s = hdn_spec_of(c);
        SCOPED_TRACE(dual_net_name(s));
        const graph g = hierarchical_dual_net(s);
        const total_exchange_run run = hdn_total_exchange(s, g);
        ASSERT_EQ(program_fault(run.program, g), "");
        // Replay: node x holds (x -> d) for every d; each message takes its items from its source.
        std::vector<std::multiset<std::pair<std::uint32_t, std::uint32_t>>> held(g.nodes());
        for (std::uint32_t x = 0; x < g.nodes(); ++x)
            for (std::uint32_t d = 0; d < g.nodes(); ++d) held[x].insert({x, d});
        for (std::size_t r = 0; r < run.program.rounds.size(); ++r) {
            const auto& messages = run.program.rounds[r].messages;
            ASSERT_EQ(run.carried[r].size(), messages.size());
            for (std::size_t i = 0; i < messages.size(); ++i) {
                ASSERT_EQ(run.carried[r][i].size(), messages[i].items);
                for (const exchange_item& it : run.carried[r][i]) {
                    auto at = held[messages[i].src].find({it.src, it.dst});
                    ASSERT_NE(at, held[messages[i].src].end()) << "an item its source lacks";
                    held[messages[i].src].erase(at);
                }
            }
            for (std::size_t i = 0; i < messages.size(); ++i)
                for (const exchange_item& it : run.carried[r][i])
                    held[messages[i].dst].insert({it.src, it.dst});
        }
        for (std::uint32_t x = 0; x < g.nodes(); ++x) {
            std::set<std::uint32_t> sources;
            for (const auto& [src, dst] : held[x]) {
                ASSERT_EQ(dst, x);
                sources.insert(src);
            }
            ASSERT_EQ(held[x].size(), g.nodes());
            ASSERT_EQ(sources.size(), g.nodes());
        }
        const int k = static_cast<int>(c.super_nodes.size());
        const double nk = g.nodes();
        EXPECT_DOUBLE_EQ(program_time(run.program, 1, 1, 1),
                         algorithm_two_time(c.cube, k, nk, 1, 1, 1));
        EXPECT_DOUBLE_EQ(program_time(run.program, 3, 1, 2),
                         algorithm_two_time(c.cube, k, nk, 3, 1, 2));
        // Rounds: 2^k cube dimension exchanges and 2 (2^k - 1) cross-edge rounds.
        EXPECT_EQ(run.program.rounds.size(), (1u << k) * c.cube + 2 * ((1u << k) - 1));
        // Theorem 3 as printed undercounts stage 3 (n_k / 2 items, not n_k) and gives T_0 m n_k / 2
        // for m n_k / n_0: equal only where the two slips cancel (docs/networks.md, findings).
        const double printed = theorem_three(c.cube, k, nk, 1, 1, 1);
        EXPECT_NE(printed, program_time(run.program, 1, 1, 1));
    }
}

TEST(HdnTotalExchange, ThePapersWorkedExamplesByStage) {
    // Fig. 2: HDN(Q_2, 1, {SN_1 = Q_1}), 16 nodes. The paper: T_1 = 2(t_s + 8 t_w m) +
    // 4(t_s + 8 t_w m); stage 1 and the two inner exchanges agree, stage 3 carries 16 items.
    const dual_net_spec s = hdn_spec_of({2, {{0}}});
    const graph g = hierarchical_dual_net(s);
    const total_exchange_run run = hdn_total_exchange(s, g);
    std::vector<std::uint64_t> largest;
    for (const exchange_round& r : run.program.rounds) {
        std::uint64_t most = 0;
        for (const exchange& e : r.messages) most = std::max(most, e.items);
        largest.push_back(most);
    }
    // stage 1, two dimensions (stage 2), stage 3, two dimensions (stage 4)
    EXPECT_EQ(largest, (std::vector<std::uint64_t>{8, 8, 8, 16, 8, 8}));
}

TEST(HdnTotalExchange, RefusesABaseWithoutT0) {
    const dual_net_spec s{*parse_product("torus:3x3"), {{}}};
    EXPECT_THROW(hdn_total_exchange(s, hierarchical_dual_net(s)), std::invalid_argument);
}

TEST(ExchangeProgram, TraceWaitsForWhatItsSourceReceived) {
    exchange_program p;
    p.name = "two rounds";
    p.nodes = 3;
    p.rounds.push_back({round_kind::move, {{0, 1, 1}, {1, 2, 2}}});
    p.rounds.push_back({round_kind::move, {{1, 0, 1}, {2, 1, 3}}});
    std::ostringstream out;
    write_trace(p, 2, out);
    EXPECT_EQ(
        out.str(),
        "# two rounds: 2 rounds, 4 messages (CYCLE SOURCE DESTINATION FLITS ID WAITS_FOR...)\n"
        "0 0 1 2 0\n0 1 2 4 1\n1 1 0 2 2 0\n1 2 1 6 3 1\n");
    EXPECT_DOUBLE_EQ(program_time(p, 1, 1, 1), (1 + 2) + (1 + 3));
    EXPECT_EQ(program_items(p), 7u);
}

}  // namespace
}  // namespace d3
