// The rows of the other networks' node programs (network_claims.h, paper/network_programs): the
// swapped networks' hypercube emulation and ascend/descend (swapped-networks.txt, sections 3.2 and
// 3.3) and the hierarchical dual-net's total exchange against Theorem 3
// (hierarchical-dual-net-total-exchange.txt, section 4). Each program is run on data items here
// and checked for what it must do before its rounds or time are compared with the paper.
#include <algorithm>

#include "core/network/graphs/swapped.h"
#include "paper/claims/network_claims.h"
#include "paper/network_programs/hdn_total_exchange.h"
#include "paper/network_programs/rsn_programs.h"

namespace d3 {

namespace {

std::string rsn_cube_name(int levels, std::uint32_t n) {
    return "RSN(" + std::to_string(levels) + ",Q_" + std::to_string(n) + ")";
}

// Whether the move rounds of `p` leave node X with the item of X with bit `bit` flipped.
bool exchanges_along(const exchange_program& p, std::uint32_t bit) {
    std::vector<std::uint32_t> item(p.nodes);
    for (std::uint32_t x = 0; x < p.nodes; ++x) item[x] = x;
    for (const exchange_round& r : p.rounds) {
        std::vector<std::uint32_t> next = item;
        for (const exchange& e : r.messages) next[e.dst] = item[e.src];
        item = std::move(next);
    }
    for (std::uint32_t x = 0; x < p.nodes; ++x)
        if (item[x] != (x ^ (1u << bit))) return false;
    return true;
}

void rsn_program_rows(int levels, std::uint32_t n, std::vector<claim_row>& rows) {
    const graph g = recursive_swapped_network(hypercube_nucleus(n), levels);
    const std::string name = rsn_cube_name(levels, n);
    std::size_t worst = 0;
    bool correct = true;
    for (std::uint32_t j = 1; j <= (n << (levels - 1)); ++j) {
        const exchange_program p = rsn_cube_step(levels, n, j);
        correct = correct && program_fault(p, g).empty() && exchanges_along(p, j - 1);
        worst = std::max(worst, p.rounds.size());
    }
    const auto bound = static_cast<std::size_t>(2 * levels - 1);
    rows.push_back(network_row(
        "rsn-emul",
        "Swapped §3.3: Emul(j, l, n) does a step of the 2^(l-1)n-cube in at most 2l - 1 "
        "steps (single-dimension communication)",
        name, "<= " + std::to_string(bound),
        std::to_string(worst) + (correct ? " (every item at its neighbour)" : " (wrong items)"),
        correct && worst <= bound));
    const exchange_program up = rsn_ascend(levels, n), down = rsn_descend(levels, n);
    const std::size_t log_n = n << (levels - 1);
    const std::size_t paper = levels == 1 ? n : log_n + (2u << (levels - 1));
    std::size_t recurrence = n;
    for (int l = 2; l <= levels; ++l) recurrence = 2 * recurrence + 2;
    const bool valid = program_fault(up, g).empty() && program_fault(down, g).empty();
    rows.push_back(network_row(
        "rsn-ascend", "Swapped §3.2: ascend/descend in T(l) = 2T(l-1) + 2 = (1 + 2/n) log2 N steps",
        name, std::to_string(paper),
        std::to_string(up.rounds.size()) + " ascend, " + std::to_string(down.rounds.size()) +
            " descend",
        valid && up.rounds.size() == paper && down.rounds.size() == paper,
        up.rounds.size() == recurrence && recurrence != paper
            ? "the recurrence gives " + std::to_string(recurrence) +
                  "; its closed form adds 2 (docs/networks.md, findings)"
            : ""));
}

void hdn_program_row(const dual_net_spec& s, std::vector<claim_row>& rows) {
    const graph g = hierarchical_dual_net(s);
    const total_exchange_run run = hdn_total_exchange(s, g);
    const bool valid = program_fault(run.program, g).empty();
    const double measured = program_time(run.program, 1, 1, 1);
    const double paper = hdn_theorem_three(s, g.nodes(), 1, 1, 1);
    rows.push_back(network_row(
        "hdn-te",
        "HDN Theorem 3: total exchange in (2^(k+1) - 2)(t_s + t_w m n_k/2) + 2^k T_0(m n_k/2), "
        "t_s = t_w = m = 1",
        dual_net_name(s), std::to_string(static_cast<long long>(paper)),
        std::to_string(static_cast<long long>(measured)) + " in " +
            std::to_string(run.program.rounds.size()) + " rounds" + (valid ? "" : " (invalid)"),
        valid && measured == paper,
        "stage 3 carries n_k items, T_0's argument is m n_k / n_0 (docs/networks.md, findings)"));
}

}  // namespace

double hdn_theorem_three(const dual_net_spec& s, double nk, double ts, double tw, double m) {
    const int k = dual_net_levels(s);
    const double n0 = static_cast<double>(product_nodes(s.base));
    const double cube = static_cast<double>(s.base.size());
    return ((2 << k) - 2) * (ts + tw * m * nk / 2) +
           (1 << k) * cube * (ts + tw * (m * nk / 2) * n0 / 2);
}

std::vector<claim_row> network_program_claims() {
    std::vector<claim_row> rows;
    const std::pair<int, std::uint32_t> rsn[] = {{1, 3}, {2, 1}, {2, 2}, {2, 3},
                                                 {3, 1}, {3, 2}, {4, 1}};
    for (const auto& [l, n] : rsn) rsn_program_rows(l, n, rows);
    using f = graph_factor;
    const f k2{f::kind::complete, 2};
    const std::vector<dual_net_spec> hdn{{{k2}, {{}}},
                                         {{k2, k2}, {{0}}},
                                         {{k2, k2}, {{}}},
                                         {{k2, k2, k2}, {{0}}},
                                         {{k2}, {{0}, {0}}},
                                         {{k2, k2}, {{0, 1}, {0, 1}}},
                                         {{k2, k2}, {{0}, {0, 1}}},
                                         {{k2}, {{0}, {0}, {0}}}};
    for (const dual_net_spec& s : hdn) hdn_program_row(s, rows);
    return rows;
}

}  // namespace d3
