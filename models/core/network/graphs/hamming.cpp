#include "core/network/graphs/hamming.h"

#include <algorithm>

#include "core/network/graphs/product.h"

namespace d3 {

graph hamming_graph(const std::vector<std::uint32_t>& sizes, std::uint32_t trunking) {
    std::vector<graph_factor> f;
    for (std::uint32_t n : sizes) f.push_back({graph_factor::kind::complete, n});
    return product_graph(f, trunking);
}

std::string hamming_name(const std::vector<std::uint32_t>& sizes, std::uint32_t trunking) {
    std::string s = "H(";
    for (std::size_t i = 0; i < sizes.size(); ++i) s += (i ? "," : "") + std::to_string(sizes[i]);
    return s + ")" + (trunking > 1 ? " t=" + std::to_string(trunking) : "");
}

group_links links_between_groups(const graph& g, std::uint32_t a, std::uint32_t b) {
    // Node (x, y) is x * b + y (product.h: the first factor most significant); its group is y.
    std::vector<std::uint64_t> count(static_cast<std::size_t>(b) * b, 0);
    for (std::uint32_t v = 0; v < g.nodes() && v < a * b; ++v)
        for (const graph_neighbor& n : g.neighbors(v))
            if (v % b < n.node % b) count[v % b * b + n.node % b] += n.links;
    group_links r;
    bool first = true;
    for (std::uint32_t y1 = 0; y1 < b; ++y1)
        for (std::uint32_t y2 = y1 + 1; y2 < b; ++y2) {
            const std::uint64_t c = count[y1 * b + y2];
            r.min = first ? c : std::min(r.min, c);
            r.max = std::max(r.max, c);
            first = false;
        }
    return r;
}

}  // namespace d3
