#include "core/network/graphs/dual_net.h"

#include <stdexcept>

namespace d3 {

int dual_net_levels(const dual_net_spec& s) {
    return static_cast<int>(s.super_nodes.size());
}

namespace {

std::vector<graph_factor> super_node_factors(const dual_net_spec& s, int level) {
    std::vector<graph_factor> f;
    for (std::size_t i : s.super_nodes.at(static_cast<std::size_t>(level - 1)))
        f.push_back(s.base.at(i));
    return f;
}

bool in_super_node(const dual_net_spec& s, int level, std::size_t factor) {
    for (std::size_t i : s.super_nodes.at(static_cast<std::size_t>(level - 1)))
        if (i == factor) return true;
    return false;
}

// A base node as (index among the copies of SN_i in B, index within its copy), both in mixed
// radix over their factors, and back.
struct base_split {
    std::vector<std::uint64_t> rest, inner;
    std::vector<std::vector<std::uint32_t>> back;  // [rest][inner] -> base node
};

base_split split_base(const dual_net_spec& s, int level) {
    const std::uint64_t n0 = product_nodes(s.base), si = super_node_size(s, level);
    base_split b;
    b.back.assign(n0 / si, std::vector<std::uint32_t>(si));
    for (std::uint64_t v = 0; v < n0; ++v) {
        const std::vector<std::uint32_t> x = product_coords(s.base, v);
        std::uint64_t r = 0, in = 0;
        for (std::size_t f = 0; f < x.size(); ++f) {
            std::uint64_t& acc = in_super_node(s, level, f) ? in : r;
            acc = acc * s.base[f].size + x[f];
        }
        b.rest.push_back(r);
        b.inner.push_back(in);
        b.back[r][in] = static_cast<std::uint32_t>(v);
    }
    return b;
}

// HDN(B, i, S) from `cluster` = HDN(B, i-1, S).
graph dual_construction(const dual_net_spec& s, int level, const graph& cluster) {
    const std::uint64_t n0 = product_nodes(s.base), si = super_node_size(s, level);
    const std::uint64_t prev = cluster.nodes(), ni = prev / si, per_base = n0 / si;
    const std::uint64_t total = 2 * ni * prev;
    if (total > (1ull << 32)) throw std::invalid_argument("HDN: more than 2^32 nodes");
    graph g(static_cast<std::uint32_t>(total));
    for (std::uint64_t c = 0; c < 2 * ni; ++c)
        for (std::uint32_t v = 0; v < prev; ++v)
            for (const graph_neighbor& n : cluster.neighbors(v))
                if (n.node > v)
                    g.add_edge(static_cast<std::uint32_t>(c * prev + v),
                               static_cast<std::uint32_t>(c * prev + n.node), n.links);
    const base_split b = split_base(s, level);
    for (std::uint64_t u = 0; u < ni; ++u)
        for (std::uint64_t v = 0; v < prev; ++v) {
            const std::uint64_t h = v / n0, base = v % n0;
            const std::uint64_t sn = h * per_base + b.rest[base], in = b.inner[base];
            // (1, SN, U, N): node N of super-node U in cluster SN of class 1.
            const std::uint64_t w = u / per_base * n0 + b.back[u % per_base][in];
            g.add_edge(static_cast<std::uint32_t>(u * prev + v),
                       static_cast<std::uint32_t>((ni + sn) * prev + w));
        }
    return g;
}

}  // namespace

std::uint64_t super_node_size(const dual_net_spec& s, int level) {
    return product_nodes(super_node_factors(s, level));
}

int super_node_diameter(const dual_net_spec& s, int level) {
    int d = 0;
    for (const graph_factor& f : super_node_factors(s, level)) d += factor_diameter(f);
    return d;
}

std::uint64_t dual_net_nodes(const dual_net_spec& s) {
    std::uint64_t n = product_nodes(s.base);
    for (int i = 1; i <= dual_net_levels(s); ++i) {
        if (n > (1ull << 20)) return 0;
        n = 2 * n * n / super_node_size(s, i);
    }
    return n > (1ull << 32) ? 0 : n;
}

graph hierarchical_dual_net(const dual_net_spec& s) {
    if (dual_net_nodes(s) == 0) throw std::invalid_argument("HDN: more than 2^32 nodes");
    graph g = product_graph(s.base);
    for (int i = 1; i <= dual_net_levels(s); ++i) g = dual_construction(s, i, g);
    return g;
}

std::string dual_net_name(const dual_net_spec& s) {
    std::string sn;
    for (int i = 1; i <= dual_net_levels(s); ++i) {
        sn += (i > 1 ? "," : "") + std::string("s") + std::to_string(i) + "=" +
              std::to_string(super_node_size(s, i));
    }
    return "HDN(" + product_name(s.base) + "," + std::to_string(dual_net_levels(s)) + ",{" + sn +
           "})";
}

}  // namespace d3
