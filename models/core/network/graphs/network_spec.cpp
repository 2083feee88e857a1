#include "core/network/graphs/network_spec.h"

#include <sstream>

#include "core/network/config.h"
#include "core/network/graphs/d3_graph.h"
#include "core/network/graphs/hamming.h"
#include "core/network/graphs/product.h"

namespace d3 {

namespace {

constexpr std::uint64_t kMaxNodes = 16384;  // network_file's limit on routers

std::string joined(const std::vector<std::uint32_t>& parts, char sep) {
    std::string s;
    for (std::size_t i = 0; i < parts.size(); ++i)
        s += (i ? std::string(1, sep) : "") + std::to_string(parts[i]);
    return s;
}

std::vector<std::string> rsn_names(const graph& g, std::uint32_t n1, int levels) {
    std::vector<std::string> names;
    for (std::uint32_t v = 0; v < g.nodes(); ++v)
        names.push_back(joined(rsn_address(v, n1, levels), '_'));
    return names;
}

// Node index ((C n_i + U) N_(i-1) + v) at level i (dual_net.h), from the top level down.
std::vector<std::string> hdn_names(const dual_net_spec& s, std::uint32_t nodes) {
    std::vector<std::uint64_t> block{product_nodes(s.base)};
    for (int i = 1; i <= dual_net_levels(s); ++i)
        block.push_back(2 * block.back() * block.back() / super_node_size(s, i));
    std::vector<std::string> names;
    for (std::uint64_t x = 0; x < nodes; ++x) {
        std::string name;
        for (int i = dual_net_levels(s); i >= 1; --i) {
            const std::uint64_t n_i = block[i - 1] / super_node_size(s, i);
            const std::uint64_t c = x % block[i] / block[i - 1];
            name += std::to_string(c / n_i) + "-" + std::to_string(c % n_i) + "_";
        }
        names.push_back(name + std::to_string(x % block[0]));
    }
    return names;
}

std::vector<std::string> product_names(const std::vector<graph_factor>& factors) {
    std::vector<std::string> names;
    for (std::uint64_t v = 0; v < product_nodes(factors); ++v)
        names.push_back(joined(product_coords(factors, v), '_'));
    return names;
}

// "4,4" or "3,4,5": two or three sizes of at least two.
std::optional<std::vector<std::uint32_t>> parse_sizes(const std::string& text) {
    std::vector<std::uint32_t> out;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
        if (item.empty() || item.size() > 4 ||
            item.find_first_not_of("0123456789") != std::string::npos)
            return std::nullopt;
        const auto v = static_cast<std::uint32_t>(std::stoul(item));
        if (v < 2) return std::nullopt;
        out.push_back(v);
    }
    if (out.size() < 2 || out.size() > 3) return std::nullopt;
    return out;
}

// "-;0,1": per level the factor indices of the super-node, - for none.
std::optional<std::vector<std::vector<std::size_t>>> parse_super_nodes(const std::string& text,
                                                                       std::size_t factors) {
    std::vector<std::vector<std::size_t>> out;
    std::stringstream in(text);
    for (std::string level; std::getline(in, level, ';');) {
        out.emplace_back();
        if (level == "-") continue;
        std::stringstream items(level);
        for (std::string item; std::getline(items, item, ',');) {
            if (item.empty() || item.size() > 2 ||
                item.find_first_not_of("0123456789") != std::string::npos)
                return std::nullopt;
            const std::size_t f = std::stoul(item);
            if (f >= factors) return std::nullopt;
            for (std::size_t g : out.back())
                if (g == f) return std::nullopt;
            out.back().push_back(f);
        }
        if (out.back().empty()) return std::nullopt;
    }
    return out;
}

std::variant<built_network, std::string> build_rsn(const network_spec& s) {
    const std::optional<nucleus> g = parse_nucleus(s.nucleus);
    if (!g)
        return "--nucleus must be complete:N, hypercube:n or mesh:AxB (got '" + s.nucleus + "')";
    if (s.levels < 1) return "--levels must be at least 1 for rsn";
    const std::optional<std::uint64_t> n = rsn_nodes(g->g.nodes(), s.levels);
    if (!n || *n > kMaxNodes)
        return "RSN(" + std::to_string(s.levels) + "," + g->name + ") has more than " +
               std::to_string(kMaxNodes) + " nodes";
    built_network b;
    b.g = recursive_swapped_network(*g, s.levels, s.diameter_links);
    b.name = "RSN(" + std::to_string(s.levels) + "," + g->name + ")" +
             (s.diameter_links ? " with diameter links" : "");
    b.names = rsn_names(b.g, g->g.nodes(), s.levels);
    b.rsn_nucleus = *g;
    b.levels = s.levels;
    b.diameter_links = s.diameter_links;
    return b;
}

std::variant<built_network, std::string> build_hdn(const network_spec& s) {
    const auto base = parse_product(s.base);
    if (!base) return "--base must be torus:AxB[xC] or hypercube:n (got '" + s.base + "')";
    std::string sn = s.super_nodes;
    if (sn.empty() && s.levels >= 1)
        for (int i = 0; i < s.levels; ++i) sn += i ? ";-" : "-";
    const auto super_nodes = parse_super_nodes(sn, base->size());
    if (!super_nodes || super_nodes->empty())
        return "--supernodes must list each level's super-node as base factor indices "
               "(0.." +
               std::to_string(base->size() - 1) +
               ") joined by ',', or -, levels joined by ';' "
               "(got '" +
               sn + "')";
    if (s.levels != 0 && static_cast<std::size_t>(s.levels) != super_nodes->size())
        return "--levels " + std::to_string(s.levels) + " but --supernodes gives " +
               std::to_string(super_nodes->size()) + " levels";
    dual_net_spec spec{*base, *super_nodes};
    const std::uint64_t n = dual_net_nodes(spec);
    if (n == 0 || n > kMaxNodes)
        return dual_net_name(spec) + " has more than " + std::to_string(kMaxNodes) + " nodes";
    built_network b;
    b.g = hierarchical_dual_net(spec);
    b.name = dual_net_name(spec);
    b.names = hdn_names(spec, b.g.nodes());
    b.hdn = spec;
    b.levels = static_cast<int>(super_nodes->size());
    return b;
}

std::variant<built_network, std::string> build_hamming(const network_spec& s) {
    const auto sizes = parse_sizes(s.dims);
    if (!sizes)
        return "--dims must be two or three sizes of at least 2, e.g. 4,4 (got '" + s.dims + "')";
    if (s.trunking < 1 || s.trunking > 16) return "--trunking must be 1 .. 16";
    std::uint64_t n = 1;
    for (std::uint32_t a : *sizes) n *= a;
    if (n > kMaxNodes)
        return "the Hamming graph has more than " + std::to_string(kMaxNodes) + " nodes";
    built_network b;
    b.g = hamming_graph(*sizes, s.trunking);
    b.name = hamming_name(*sizes, s.trunking);
    std::vector<graph_factor> factors;
    for (std::uint32_t a : *sizes) factors.push_back({graph_factor::kind::complete, a});
    b.names = product_names(factors);
    return b;
}

std::variant<built_network, std::string> build_dragonfly(const network_spec& s) {
    network_config c;
    c.k = s.k;
    c.m = s.m;
    c.shape = s.topology == "mdf" ? topology_kind::mdf : topology_kind::d3;
    if (auto err = c.validate()) return *err;
    try {
        const topology t = make_topology(c);
        if (t.routers() > kMaxNodes)
            return t.name() + " has more than " + std::to_string(kMaxNodes) + " routers";
        built_network b;
        b.g = d3_graph(t);
        b.name = t.name();
        for (router_id r = 0; r < t.routers(); ++r) {
            const coord x = t.at(r);
            b.names.push_back(
                t.is_d3()
                    ? joined({std::uint32_t(x.c), std::uint32_t(x.d), std::uint32_t(x.p)}, '_')
                    : joined({std::uint32_t(x.c), std::uint32_t(x.p)}, '_'));
        }
        return b;
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
}

}  // namespace

std::variant<built_network, std::string> build_network(const network_spec& s) {
    if (s.topology == "d3" || s.topology == "mdf") return build_dragonfly(s);
    if (s.topology == "rsn") return build_rsn(s);
    if (s.topology == "hdn") return build_hdn(s);
    if (s.topology == "hamming") return build_hamming(s);
    return "--topology must be rsn, hdn, hamming, d3 or mdf (got '" + s.topology + "')";
}

}  // namespace d3
