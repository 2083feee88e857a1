#include "core/replay/node_mapping.h"

#include <charconv>
#include <numeric>
#include <optional>
#include <random>
#include <sstream>

namespace d3 {
namespace {

std::optional<std::uint64_t> whole(const std::string& s) {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

// A permutation of 0..n-1 drawn from `seed` (Fisher-Yates over mt19937_64: the same on every
// standard library, unlike std::shuffle).
std::vector<router_id> permutation(std::uint32_t n, std::uint64_t seed) {
    std::vector<router_id> p(n);
    std::iota(p.begin(), p.end(), router_id{0});
    std::mt19937_64 rng(seed);
    for (std::uint32_t i = n; i > 1; --i) std::swap(p[i - 1], p[rng() % i]);
    return p;
}

std::variant<std::vector<router_id>, std::string> map_file(const std::string& name,
                                                           const std::string& text,
                                                           std::uint32_t nodes, const topology& t) {
    std::vector<router_id> to(nodes, 0);
    std::vector<bool> seen(nodes, false);
    std::istringstream in(text);
    std::size_t number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        std::istringstream f(line.substr(0, line.find('#')));
        std::string a, b, extra;
        if (!(f >> a)) continue;
        const std::string at = name + ":" + std::to_string(number) + ": ";
        if (!(f >> b) || (f >> extra)) return at + "expected NODE ROUTER_ID";
        const auto node = whole(a);
        const auto router = whole(b);
        if (!node) return at + "NODE must be a whole number (got '" + a + "')";
        if (!router || *router >= t.routers())
            return at + "ROUTER_ID must be 0.." + std::to_string(t.routers() - 1) + " (got '" + b +
                   "')";
        if (*node >= nodes) continue;  // a node the trace does not use
        if (seen[*node]) return at + "node " + a + " is mapped twice";
        seen[*node] = true;
        to[*node] = static_cast<router_id>(*router);
    }
    for (std::uint32_t n = 0; n < nodes; ++n)
        if (!seen[n]) return name + ": node " + std::to_string(n) + " of the trace is not mapped";
    return to;
}

}  // namespace

bool is_named_mapping(const std::string& mapping) {
    for (const char* n : kMappingNames)
        if (mapping == n) return true;
    return false;
}

std::variant<std::vector<router_id>, std::string> map_nodes(const std::string& mapping,
                                                            const std::string& file_text,
                                                            std::uint32_t nodes, const topology& t,
                                                            std::uint64_t seed) {
    if (!is_named_mapping(mapping)) return map_file(mapping, file_text, nodes, t);
    if (nodes > t.routers())
        return "the trace has " + std::to_string(nodes) + " nodes, more than the " +
               std::to_string(t.routers()) + " routers of " + t.name() +
               " (--mapping FILE may put several on one router)";
    std::vector<router_id> to(nodes);
    const auto groups = static_cast<std::uint32_t>(t.groups());
    const auto m = static_cast<std::uint32_t>(t.m());
    const std::vector<router_id> perm =
        mapping == "random" ? permutation(t.routers(), seed) : std::vector<router_id>();
    for (std::uint32_t i = 0; i < nodes; ++i) {
        if (mapping == "linear")
            to[i] = i;
        else if (mapping == "drawer")
            to[i] = (i % groups) * m + i / groups;
        else
            to[i] = perm[i];
    }
    return to;
}

}  // namespace d3
