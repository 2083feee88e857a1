#include "core/network/graphs/bisection.h"

#include <metis.h>

#include <Eigen/Dense>
#include <algorithm>
#include <stdexcept>

namespace d3 {

namespace {

constexpr int kSeeds = 8;

// One METIS bisection with `seed`: side per node.
std::vector<std::uint8_t> metis_halves(const graph& g, int seed) {
    idx_t n = static_cast<idx_t>(g.nodes()), constraints = 1, parts = 2, cut = 0;
    std::vector<idx_t> xadj{0}, adjncy, weights, part(g.nodes());
    for (std::uint32_t v = 0; v < g.nodes(); ++v) {
        for (const graph_neighbor& w : g.neighbors(v)) {
            adjncy.push_back(static_cast<idx_t>(w.node));
            weights.push_back(static_cast<idx_t>(w.links));
        }
        xadj.push_back(static_cast<idx_t>(adjncy.size()));
    }
    idx_t options[METIS_NOPTIONS];
    METIS_SetDefaultOptions(options);
    options[METIS_OPTION_SEED] = seed;
    options[METIS_OPTION_UFACTOR] = 1;
    const int status = METIS_PartGraphRecursive(&n, &constraints, xadj.data(), adjncy.data(),
                                                nullptr, nullptr, weights.data(), &parts, nullptr,
                                                nullptr, options, &cut, part.data());
    if (status != METIS_OK) throw std::runtime_error("METIS_PartGraphRecursive failed");
    return {part.begin(), part.end()};
}

// Moves nodes from the larger side until the sides differ by at most one, each time the node
// whose move cuts least (links to its own side less links across).
void balance(const graph& g, std::vector<std::uint8_t>& side) {
    for (;;) {
        std::int64_t ones = std::count(side.begin(), side.end(), 1);
        const std::int64_t zeros = static_cast<std::int64_t>(side.size()) - ones;
        if (std::abs(ones - zeros) <= 1) return;
        const std::uint8_t from = ones > zeros ? 1 : 0;
        std::uint32_t best = 0;
        std::int64_t best_cost = INT64_MAX;
        for (std::uint32_t v = 0; v < g.nodes(); ++v) {
            if (side[v] != from) continue;
            std::int64_t cost = 0;
            for (const graph_neighbor& w : g.neighbors(v))
                cost += side[w.node] == from ? w.links : -static_cast<std::int64_t>(w.links);
            if (cost < best_cost) best_cost = cost, best = v;
        }
        side[best] = static_cast<std::uint8_t>(1 - from);
    }
}

double second_eigenvalue(const graph& g) {
    const auto n = static_cast<Eigen::Index>(g.nodes());
    Eigen::MatrixXd laplacian = Eigen::MatrixXd::Zero(n, n);
    for (std::uint32_t v = 0; v < g.nodes(); ++v)
        for (const graph_neighbor& w : g.neighbors(v)) {
            laplacian(v, w.node) -= w.links;
            laplacian(v, v) += w.links;
        }
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(laplacian, Eigen::EigenvaluesOnly);
    return solver.eigenvalues()(1);  // ascending
}

}  // namespace

std::uint64_t cut_links(const graph& g, const std::vector<std::uint8_t>& side) {
    std::uint64_t cut = 0;
    for (std::uint32_t v = 0; v < g.nodes(); ++v)
        for (const graph_neighbor& w : g.neighbors(v))
            if (v < w.node && side[v] != side[w.node]) cut += w.links;
    return cut;
}

bisection_bounds bisection(const graph& g) {
    if (g.nodes() < 2) throw std::invalid_argument("bisection: fewer than two nodes");
    bisection_bounds b;
    b.upper = UINT64_MAX;
    for (int seed = 1; seed <= kSeeds; ++seed) {
        std::vector<std::uint8_t> side = metis_halves(g, seed);
        balance(g, side);
        const std::uint64_t cut = cut_links(g, side);
        if (cut < b.upper) b.upper = cut, b.side = std::move(side);
    }
    if (g.nodes() <= kSpectralNodes) {
        const double n = g.nodes(), half = std::floor(n / 2);
        b.lower = second_eigenvalue(g) * half * (n - half) / n;
    }
    return b;
}

}  // namespace d3
