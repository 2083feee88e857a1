#include "core/traffic/pattern.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/network/file_topology.h"
#include "core/network/graphs/worst_case.h"

namespace d3 {

terminal_routers terminals_of(const topology& t) {
    terminal_routers out;
    const file_topology* f = t.file();
    for (router_id r = 0; r < t.routers(); ++r) {
        const std::uint32_t n = f ? f->net().terminals(r) : 1;
        if (n > 0) out.senders.push_back(r);
        if (f && !f->net().uniform_terminals()) out.owners.insert(out.owners.end(), n, r);
    }
    return out;
}

pattern_generator::pattern_generator(const topology& t, traffic_pattern p, std::uint64_t seed,
                                     double hotspot_fraction, std::vector<router_id> hotspots,
                                     router_id shift)
    : t_(t),
      routers_(static_cast<int>(t.routers())),
      p_(p),
      hotspot_(hotspot_fraction),
      hotspots_(hotspots.empty() ? std::vector<router_id>{0} : std::move(hotspots)),
      shift_(shift) {
    // Only a file network's routers may have unequal terminals or none.
    terminal_routers terminals = t.is_file() ? terminals_of(t) : terminal_routers{};
    owners_ = std::move(terminals.owners);
    plain_uniform_ = p_ == traffic_pattern::uniform && owners_.empty();
    if (p_ == traffic_pattern::worst_case) {
        if (!t.file()) throw std::invalid_argument(*pattern_problem_on(p_, t));
        const file_topology& f = *t.file();
        worst_ =
            std::make_shared<const worst_case_traffic>(worst_case_permutation(f.net(), f.routes()));
        perm_.assign(worst_->destination.begin(), worst_->destination.end());
        return;
    }
    if (p_ != traffic_pattern::permutation && p_ != traffic_pattern::randperm) return;
    // A permutation of the routers with a terminal (every router but a file network's transit
    // routers).
    if (!t.is_file()) terminals = terminals_of(t);
    std::vector<router_id> to = terminals.senders;
    traffic_rng r(stream_seed(seed, ~0ull));     // a stream no node uses
    for (std::size_t i = to.size(); i > 1; --i)  // Fisher-Yates
        std::swap(to[i - 1], to[static_cast<std::size_t>(uniform_int(r, static_cast<int>(i)))]);
    perm_.assign(t.routers(), 0);
    for (std::size_t i = 0; i < to.size(); ++i) perm_[terminals.senders[i]] = to[i];
}

router_id pattern_generator::destination_other(router_id src, traffic_rng& r) const {
    switch (p_) {
        case traffic_pattern::uniform:  // over terminals (over routers: destination() itself)
            return any_terminal(r);
        case traffic_pattern::permutation:
        case traffic_pattern::randperm:
        case traffic_pattern::worst_case:
            return perm_[src];
        case traffic_pattern::bitcomp:
        case traffic_pattern::bitrev:
        case traffic_pattern::shuffle:
            return bit_pattern(src);
        case traffic_pattern::tornado:
            return digit_pattern(src, [](int x, int k) { return (x + (k + 1) / 2 - 1) % k; });
        case traffic_pattern::neighbor:
            return digit_pattern(src, [](int x, int k) { return (x + 1) % k; });
        case traffic_pattern::shift:
            return static_cast<router_id>((std::uint64_t{src} + shift_) %
                                          static_cast<std::uint64_t>(routers_));
        case traffic_pattern::drawer_to_drawer: {
            const coord s = t_.at(src);
            if (!t_.is_d3())  // group g to group g+1: all over their one global link
                return t_.id({mod(s.c + 1, t_.groups()), 0, s.p});
            return t_.id({mod(s.c + 1, t_.k()), mod(s.d + 1, t_.m()), s.p});
        }
        case traffic_pattern::hotspot:
            if (bernoulli(r, hotspot_))  // one hot spot (most): no draw among them
                return hotspots_.size() == 1 ? hotspots_[0]
                                             : hotspots_[static_cast<std::size_t>(uniform_int(
                                                   r, static_cast<int>(hotspots_.size())))];
            return any_terminal(r);
        case traffic_pattern::transpose: {
            const coord s = t_.at(src);
            if (!t_.is_d3())  // no (d, p) to swap: router (g, r) to (G-1-g, M-1-r)
                return t_.routers() - 1 - src;
            return t_.id({t_.k() - 1 - s.c, s.p, s.d});
        }
    }
    return src;
}

std::variant<std::vector<router_id>, std::string> parse_hotspots(const std::string& nodes,
                                                                 std::uint32_t routers) {
    std::vector<router_id> out;
    std::size_t at = 0;
    while (at <= nodes.size()) {
        const std::size_t comma = std::min(nodes.find(',', at), nodes.size());
        const std::string id = nodes.substr(at, comma - at);
        const bool digits = !id.empty() && id.size() <= 9 &&
                            id.find_first_not_of("0123456789") == std::string::npos;
        if (!digits || std::stoul(id) >= routers)
            return "--hotspot: '" + id + "' is not a router id of this network (0 to " +
                   std::to_string(routers - 1) + ")";
        const auto r = static_cast<router_id>(std::stoul(id));
        if (std::find(out.begin(), out.end(), r) != out.end())
            return "--hotspot: router " + id + " is given twice";
        out.push_back(r);
        at = comma + 1;
    }
    return out;
}

std::optional<std::string> pattern_problem(traffic_pattern p, std::uint32_t routers,
                                           std::uint32_t shift) {
    if (p == traffic_pattern::shift && (shift < 1 || shift >= routers))
        return "--shift must be 1.." + std::to_string(routers - 1) + " on this network's " +
               std::to_string(routers) + " routers (got " + std::to_string(shift) + ")";
    const bool bits = p == traffic_pattern::bitcomp || p == traffic_pattern::bitrev ||
                      p == traffic_pattern::shuffle;
    if (bits && (routers & (routers - 1)) != 0)
        return std::string("the ") + to_string(p) +
               " pattern permutes the bits of router ids: it needs a power of two routers (got " +
               std::to_string(routers) + ")";
    return std::nullopt;
}

std::optional<std::string> pattern_problem_on(traffic_pattern p, const topology& t) {
    if (p == traffic_pattern::worst_case && !t.is_file())
        return "--traffic worst-case computes the worst permutation of a file network's minimal "
               "tables (--topology file:|rsn|hdn|hamming); on " +
               t.name() + " drawer-to-drawer is the worst case";
    return pattern_problem(p, t.routers());
}

router_id pattern_generator::bit_pattern(router_id src) const {
    const router_id n = static_cast<router_id>(routers_), mask = n - 1;
    switch (p_) {
        case traffic_pattern::bitcomp:
            return ~src & mask;
        case traffic_pattern::bitrev: {
            router_id out = 0;
            for (router_id bits = n; bits > 1; bits >>= 1, src >>= 1) out = (out << 1) | (src & 1);
            return out;
        }
        default: {  // shuffle
            const router_id shifted = src << 1;
            return (shifted & mask) | ((shifted & n) != 0 ? 1 : 0);
        }
    }
}

router_id pattern_generator::digit_pattern(router_id src, int (*next)(int x, int radix)) const {
    const coord s = t_.at(src);
    if (!t_.is_d3()) return t_.id({next(s.c, t_.groups()), 0, next(s.p, t_.m())});
    return t_.id({next(s.c, t_.k()), next(s.d, t_.m()), next(s.p, t_.m())});
}

}  // namespace d3
