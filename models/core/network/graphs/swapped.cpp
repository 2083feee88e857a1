#include "core/network/graphs/swapped.h"

#include <charconv>
#include <stdexcept>

namespace d3 {

nucleus complete_nucleus(std::uint32_t n) {
    nucleus x{"K_" + std::to_string(n), graph(n)};
    for (std::uint32_t a = 0; a < n; ++a)
        for (std::uint32_t b = a + 1; b < n; ++b) x.g.add_edge(a, b);
    return x;
}

nucleus hypercube_nucleus(std::uint32_t dimension) {
    const std::uint32_t n = 1u << dimension;
    nucleus x{"Q_" + std::to_string(dimension), graph(n)};
    for (std::uint32_t a = 0; a < n; ++a)
        for (std::uint32_t j = 0; j < dimension; ++j)
            if ((a >> j & 1u) == 0) x.g.add_edge(a, a | 1u << j);
    return x;
}

nucleus mesh_nucleus(std::uint32_t rows, std::uint32_t columns) {
    nucleus x{"M_" + std::to_string(rows) + "x" + std::to_string(columns), graph(rows * columns)};
    for (std::uint32_t r = 0; r < rows; ++r)
        for (std::uint32_t c = 0; c < columns; ++c) {
            const std::uint32_t v = r * columns + c;
            if (c + 1 < columns) x.g.add_edge(v, v + 1);
            if (r + 1 < rows) x.g.add_edge(v, v + columns);
        }
    return x;
}

namespace {

std::optional<std::uint32_t> number(const std::string& s, std::uint32_t lo, std::uint32_t hi) {
    std::uint32_t v = 0;
    const char* last = s.data() + s.size();
    const auto [end, ec] = std::from_chars(s.data(), last, v);
    if (s.empty() || ec != std::errc() || end != last || v < lo || v > hi) return std::nullopt;
    return v;
}

}  // namespace

std::optional<nucleus> parse_nucleus(const std::string& spec) {
    const auto colon = spec.find(':');
    if (colon == std::string::npos) return std::nullopt;
    const std::string kind = spec.substr(0, colon), arg = spec.substr(colon + 1);
    if (kind == "complete")
        if (const auto n = number(arg, 2, 64)) return complete_nucleus(*n);
    if (kind == "hypercube")
        if (const auto n = number(arg, 1, 12)) return hypercube_nucleus(*n);
    if (kind == "mesh") {
        const auto x = arg.find('x');
        if (x == std::string::npos) return std::nullopt;
        const auto a = number(arg.substr(0, x), 1, 64), b = number(arg.substr(x + 1), 1, 64);
        if (a && b && *a * *b >= 2) return mesh_nucleus(*a, *b);
    }
    return std::nullopt;
}

std::optional<std::uint64_t> rsn_nodes(std::uint32_t n1, int levels) {
    std::uint64_t n = n1;
    for (int i = 1; i < levels; ++i) {
        if (n > (1ull << 16)) return std::nullopt;
        n *= n;
    }
    if (n > (1ull << 32)) return std::nullopt;
    return n;
}

std::vector<std::uint32_t> rsn_address(std::uint64_t index, std::uint32_t n1, int levels) {
    std::vector<std::uint32_t> digits(std::size_t{1} << (levels - 1));
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
        *it = static_cast<std::uint32_t>(index % n1);
        index /= n1;
    }
    return digits;
}

namespace {

// The level-i links of RSN(l, G) at every node: the last 2^(i-1) addresses of node v are
// X'X'' (each a number below N_(i-1) = `half`); X' != X'' swap, a leader X'X' (with diameter
// links) joins the leader Y'Y', Y' = N_(i-1) - X' - 1.
void add_level(graph& g, std::uint64_t half, bool diameter_links) {
    const std::uint64_t block = half * half;
    for (std::uint64_t v = 0; v < g.nodes(); ++v) {
        const std::uint64_t prefix = v - v % block, x1 = v % block / half, x2 = v % half;
        std::uint64_t to = v;
        if (x1 != x2)
            to = prefix + x2 * half + x1;
        else if (diameter_links)
            to = prefix + (half - x1 - 1) * half + (half - x1 - 1);
        if (to > v) g.add_edge(static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(to));
    }
}

}  // namespace

graph recursive_swapped_network(const nucleus& g, int levels, bool diameter_links) {
    const std::uint32_t n1 = g.g.nodes();
    const auto n = rsn_nodes(n1, levels);
    if (levels < 1 || !n) throw std::invalid_argument("RSN: l >= 1 and at most 2^32 nodes");
    graph r(static_cast<std::uint32_t>(*n));
    for (std::uint32_t v = 0; v < r.nodes(); v += n1)
        for (std::uint32_t a = 0; a < n1; ++a)
            for (const graph_neighbor& b : g.g.neighbors(a))
                if (b.node > a) r.add_edge(v + a, v + b.node, b.links);
    std::uint64_t half = n1;
    for (int i = 2; i <= levels; ++i, half *= half) add_level(r, half, diameter_links);
    return r;
}

}  // namespace d3
