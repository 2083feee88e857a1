#include "core/network/graphs/product.h"

#include <charconv>
#include <sstream>

namespace d3 {

graph factor_graph(const graph_factor& f, std::uint32_t links) {
    graph g(f.size);
    if (f.k == graph_factor::kind::complete) {
        for (std::uint32_t a = 0; a < f.size; ++a)
            for (std::uint32_t b = a + 1; b < f.size; ++b) g.add_edge(a, b, links);
    } else if (f.size >= 2) {
        for (std::uint32_t a = 0; a < f.size; ++a) g.add_edge(a, (a + 1) % f.size, links);
    }
    return g;
}

int factor_diameter(const graph_factor& f) {
    if (f.size <= 1) return 0;
    return f.k == graph_factor::kind::complete ? 1 : static_cast<int>(f.size / 2);
}

std::uint64_t product_nodes(const std::vector<graph_factor>& factors) {
    std::uint64_t n = 1;
    for (const graph_factor& f : factors) n *= f.size;
    return n;
}

std::vector<std::uint32_t> product_coords(const std::vector<graph_factor>& factors,
                                          std::uint64_t v) {
    std::vector<std::uint32_t> x(factors.size());
    for (std::size_t i = factors.size(); i-- > 0;) {
        x[i] = static_cast<std::uint32_t>(v % factors[i].size);
        v /= factors[i].size;
    }
    return x;
}

graph product_graph(const std::vector<graph_factor>& factors, std::uint32_t links) {
    graph g(static_cast<std::uint32_t>(product_nodes(factors)));
    std::uint64_t stride = g.nodes();
    for (const graph_factor& f : factors) {
        stride /= f.size;
        const graph h = factor_graph(f, links);
        for (std::uint64_t v = 0; v < g.nodes(); ++v) {
            const auto a = static_cast<std::uint32_t>(v / stride % f.size);
            for (const graph_neighbor& b : h.neighbors(a))
                if (b.node > a)
                    g.add_edge(static_cast<std::uint32_t>(v),
                               static_cast<std::uint32_t>(v + (b.node - a) * stride), b.links);
        }
    }
    return g;
}

namespace {

std::optional<std::uint32_t> small_number(const std::string& s) {
    std::uint32_t v = 0;
    const char* last = s.data() + s.size();
    const auto [end, ec] = std::from_chars(s.data(), last, v);
    if (s.empty() || ec != std::errc() || end != last || v < 1 || v > 64) return std::nullopt;
    return v;
}

}  // namespace

std::optional<std::vector<graph_factor>> parse_product(const std::string& spec) {
    std::vector<graph_factor> out;
    if (spec.rfind("hypercube:", 0) == 0) {
        const auto n = small_number(spec.substr(10));
        if (!n || *n > 16) return std::nullopt;
        return std::vector<graph_factor>(*n, {graph_factor::kind::complete, 2});
    }
    if (spec.rfind("torus:", 0) != 0) return std::nullopt;
    std::istringstream is(spec.substr(6));
    std::string item;
    while (std::getline(is, item, 'x')) {
        const auto n = small_number(item);
        if (!n || *n < 2) return std::nullopt;
        out.push_back({graph_factor::kind::ring, *n});
    }
    if (out.empty()) return std::nullopt;
    return out;
}

std::string product_name(const std::vector<graph_factor>& factors) {
    bool cube = !factors.empty();
    for (const graph_factor& f : factors)
        cube = cube && f.k == graph_factor::kind::complete && f.size == 2;
    if (cube) return "Q_" + std::to_string(factors.size());
    std::string s;
    for (const graph_factor& f : factors)
        s += (s.empty() ? "" : "x") + std::string(f.k == graph_factor::kind::complete ? "K" : "") +
             std::to_string(f.size);
    return s;
}

}  // namespace d3
