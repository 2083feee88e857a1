#include "core/network/graphs/worst_case.h"

#include <algorithm>
#include <numeric>

namespace d3 {

namespace {

// The pairs (source, destination) whose minimal route crosses each channel, channel
// (router r, port p) at index first_port[r] + p.
struct channel_pairs {
    std::vector<std::uint32_t> first_port;
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> pairs;
};

channel_pairs pairs_by_channel(const network_file& net, const minimal_routes& routes) {
    channel_pairs c;
    const std::uint32_t n = net.routers();
    c.first_port.resize(n + 1, 0);
    for (std::uint32_t r = 0; r < n; ++r)
        c.first_port[r + 1] = c.first_port[r] + static_cast<std::uint32_t>(net.ports(r).size());
    c.pairs.resize(c.first_port[n]);
    for (std::uint32_t s = 0; s < n; ++s) {
        if (net.terminals(s) == 0) continue;
        for (std::uint32_t d = 0; d < n; ++d) {
            if (d == s || net.terminals(d) == 0) continue;
            for (std::uint32_t x = s; x != d;) {
                const std::uint32_t p = routes.port(x, d);
                c.pairs[c.first_port[x] + p].push_back({s, d});
                x = net.ports(x)[p].router;
            }
        }
    }
    return c;
}

// A maximum matching of sources to destinations over one channel's pairs (Kuhn's augmenting
// paths): the destination matched to each source, or `none`.
class matcher {
  public:
    static constexpr std::uint32_t none = ~0u;

    explicit matcher(std::uint32_t routers)
        : adj_(routers), to_(routers, none), from_(routers, none), seen_(routers, 0) {}

    std::uint32_t match(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs) {
        for (auto& a : adj_) a.clear();
        std::fill(to_.begin(), to_.end(), none);
        std::fill(from_.begin(), from_.end(), none);
        for (const auto& [s, d] : pairs) adj_[s].push_back(d);
        std::uint32_t size = 0;
        for (std::uint32_t s = 0; s < adj_.size(); ++s) {
            if (adj_[s].empty()) continue;
            ++stamp_;
            if (augment(s)) ++size;
        }
        return size;
    }
    const std::vector<std::uint32_t>& destinations() const { return to_; }

  private:
    bool augment(std::uint32_t s) {
        for (std::uint32_t d : adj_[s]) {
            if (seen_[d] == stamp_) continue;
            seen_[d] = stamp_;
            if (from_[d] == none || augment(from_[d])) {
                to_[s] = d;
                from_[d] = s;
                return true;
            }
        }
        return false;
    }

    std::vector<std::vector<std::uint32_t>> adj_;
    std::vector<std::uint32_t> to_, from_;
    std::vector<std::uint32_t> seen_;
    std::uint32_t stamp_ = 0;
};

// The most pairs a matching of `pairs` can have: its distinct sources or destinations, the fewer.
std::uint32_t matching_bound(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs,
                             std::vector<std::uint32_t>& mark, std::uint32_t& stamp) {
    std::uint32_t sources = 0, dests = 0;
    ++stamp;
    for (const auto& pr : pairs)
        if (mark[pr.first] != stamp) mark[pr.first] = stamp, ++sources;
    ++stamp;
    for (const auto& pr : pairs)
        if (mark[pr.second] != stamp) mark[pr.second] = stamp, ++dests;
    return std::min(sources, dests);
}

// `to` (a matching, `none` where unmatched) completed to a permutation of the routers with a
// terminal, the unmatched sources to the unmatched destinations in order; others to themselves.
std::vector<std::uint32_t> completed(const network_file& net, std::vector<std::uint32_t> to) {
    const std::uint32_t n = net.routers();
    std::vector<bool> taken(n, false);
    for (std::uint32_t d : to)
        if (d != matcher::none) taken[d] = true;
    std::vector<std::uint32_t> free;
    for (std::uint32_t d = 0; d < n; ++d)
        if (!taken[d] && net.terminals(d) > 0) free.push_back(d);
    std::size_t next = 0;
    for (std::uint32_t s = 0; s < n; ++s)
        if (net.terminals(s) == 0)
            to[s] = s;
        else if (to[s] == matcher::none)
            to[s] = free[next++];
    return to;
}

}  // namespace

worst_case_traffic worst_case_permutation(const network_file& net, const minimal_routes& routes) {
    const std::uint32_t n = net.routers();
    const channel_pairs c = pairs_by_channel(net, routes);
    // The channels by the bound on their matching, largest first: a channel whose bound is no
    // more than the best matching yet cannot beat it.
    std::vector<std::uint32_t> mark(n, 0), bound(c.pairs.size());
    std::uint32_t stamp = 0;
    for (std::size_t i = 0; i < c.pairs.size(); ++i)
        bound[i] = matching_bound(c.pairs[i], mark, stamp);
    std::vector<std::uint32_t> order(c.pairs.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return bound[a] > bound[b]; });
    worst_case_traffic w;
    std::vector<std::uint32_t> best(n, matcher::none);
    matcher m(n);
    for (std::uint32_t i : order) {
        if (bound[i] <= w.load) break;
        const std::uint32_t size = m.match(c.pairs[i]);
        if (size <= w.load) continue;
        w.load = size;
        w.router = static_cast<std::uint32_t>(
            std::upper_bound(c.first_port.begin(), c.first_port.end(), i) - c.first_port.begin() -
            1);
        w.port = i - c.first_port[w.router];
        best = m.destinations();
    }
    w.destination = completed(net, std::move(best));
    return w;
}

}  // namespace d3
