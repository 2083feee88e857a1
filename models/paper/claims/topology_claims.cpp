#include "paper/claims/topology_claims.h"

#include <algorithm>
#include <array>
#include <queue>
#include <stdexcept>
#include <unordered_map>

#include "core/run/stats.h"

namespace d3 {

namespace {

// Every router reachable in one hop (holds excluded; a fixed point's global port 0 is a loop).
template <typename F>
void for_each_neighbor(const topology& t, const coord& x, F&& f) {
    for (int a = 0; a < t.k(); ++a) {
        const coord y = t.global_neighbor(x, a);
        if (y != x) f(y);
    }
    for (int l = 1; l < t.m(); ++l) f(t.local_neighbor(x, l));
}

// Shortest distances and the number of shortest paths from `src` to every router.
void bfs_count(const topology& t, router_id src, std::vector<int>& dist,
               std::vector<std::uint64_t>& paths) {
    dist.assign(t.routers(), -1);
    paths.assign(t.routers(), 0);
    std::queue<router_id> q;
    dist[src] = 0;
    paths[src] = 1;
    q.push(src);
    while (!q.empty()) {
        const router_id i = q.front();
        q.pop();
        for_each_neighbor(t, t.at(i), [&](const coord& y) {
            const router_id j = t.id(y);
            if (dist[j] < 0) {
                dist[j] = dist[i] + 1;
                q.push(j);
            }
            if (dist[j] == dist[i] + 1) paths[j] += paths[i];
        });
    }
}

// The directed links of the minimal path (2.2) by step (1, 2, 3); holds use no link.
struct step_link {
    int step = 0;
    router_id router = 0;
    int port = 0;  // output index (core/run/stats.h)
    bool operator==(const step_link& o) const {
        return step == o.step && router == o.router && port == o.port;
    }
};

int lgl_links(const topology& t, const coord& s, const coord& d, std::array<step_link, 3>& out) {
    const coord a{s.c, s.d, d.d};  // (c, d, d')
    const coord b{d.c, d.d, s.d};  // (c', d', d)
    int n = 0;
    if (a != s) out[n++] = {1, t.id(s), index_of({false, mod(d.d - s.p, t.m())}, t.k())};
    if (b != a) out[n++] = {2, t.id(a), index_of({true, mod(d.c - s.c, t.k())}, t.k())};
    if (d != b) out[n++] = {3, t.id(b), index_of({false, mod(d.p - s.d, t.m())}, t.k())};
    return n;
}

struct lgl_path {
    std::array<step_link, 3> links{};
    int n = 0;
};

bool share_link(const lgl_path& x, const lgl_path& y) {
    for (int i = 0; i < x.n; ++i)
        for (int j = 0; j < y.n; ++j)
            if (x.links[static_cast<std::size_t>(i)] == y.links[static_cast<std::size_t>(j)])
                return true;
    return false;
}

}  // namespace

int diameter_by_bfs(const topology& t) {
    std::vector<int> dist;
    std::vector<std::uint64_t> paths;
    int far = 0;
    for (router_id s = 0; s < t.routers(); ++s) {
        bfs_count(t, s, dist, paths);
        for (int d : dist) {
            if (d < 0) return -1;
            far = std::max(far, d);
        }
    }
    return far;
}

shortest_path_count check_unique_shortest_path(const topology& t) {
    shortest_path_count r;
    std::vector<int> dist;
    std::vector<std::uint64_t> paths;
    for (router_id s = 0; s < t.routers(); ++s) {
        bfs_count(t, s, dist, paths);
        const coord src = t.at(s);
        for (router_id d = 0; d < t.routers(); ++d) {
            const coord dst = t.at(d);
            if (d == s || dst.d == src.p || dst.p == src.d) continue;
            ++r.pairs;
            std::array<step_link, 3> links;
            const int lgl = lgl_links(t, src, dst, links);
            const bool shortest = lgl == dist[d];
            if (shortest && paths[d] == 1) {
                ++r.unique;
                continue;
            }
            if (!shortest)
                ++r.not_shortest;
            else
                ++r.not_unique;
            if (src.c == dst.c && src.d == dst.d) ++r.same_drawer;
            if (r.not_shortest + r.not_unique == 1) {
                r.first_src = src;
                r.first_dst = dst;
                r.first_lgl = lgl;
                r.first_shortest = dist[d];
                r.first_paths = static_cast<int>(paths[d]);
            }
        }
    }
    return r;
}

isomorphism_count check_theorem1(int n, int m, const std::vector<int>& kappa) {
    const int k = static_cast<int>(kappa.size());
    const topology small(k, m), big(n, m);
    isomorphism_count r;
    for (router_id id = 0; id < small.routers(); ++id) {
        const coord x = small.at(id);
        const coord mx{kappa[static_cast<std::size_t>(x.c)], x.d, x.p};
        for (int g = 0; g < k; ++g) {
            const coord y = small.global_neighbor(x, g);
            const int back = small.global_return_port(x, g);
            const int a = theorem1_ports(n, kappa, x.c)[static_cast<std::size_t>(y.c)];
            const coord my{kappa[static_cast<std::size_t>(y.c)], y.d, y.p};
            const int mback = theorem1_ports(n, kappa, y.c)[static_cast<std::size_t>(x.c)];
            ++r.links;
            // The mapped port leads to the mapped far end, arriving on the mapped return port,
            // and the port numbering j - i mod K of D3(K, M) is what a_{j,i} stands for.
            if (big.global_neighbor(mx, a) == my && big.global_return_port(mx, a) == mback &&
                mod(y.c - x.c, k) == g && mod(x.c - y.c, k) == back)
                ++r.preserved;
        }
        for (int l = 1; l < m; ++l) {
            const coord y = small.local_neighbor(x, l);
            ++r.links;
            if (big.local_neighbor(mx, l) == coord{kappa[static_cast<std::size_t>(y.c)], y.d, y.p})
                ++r.preserved;
        }
    }
    return r;
}

std::vector<int> theorem1_ports(int n, const std::vector<int>& kappa, int i) {
    std::vector<int> ports;
    for (int kj : kappa) ports.push_back(mod(kj - kappa.at(static_cast<std::size_t>(i)), n));
    return ports;
}

const std::vector<printed_port_table>& theorem1_printed_tables() {
    // Section 4, the table after Theorem 1, copied as printed.
    static const std::vector<printed_port_table> tables{
        {{1, 2, 5, 8}, {{0, 1, 4, 7}, {3, 0, 6, 8}, {5, 6, 0, 3}, {3, 6, 5, 0}}},
        {{0, 3, 4, 6, 7},
         {{0, 3, 4, 6, 7}, {8, 0, 1, 3, 4}, {5, 8, 0, 2, 3}, {3, 6, 7, 0, 1}, {2, 5, 6, 8, 0}}},
    };
    return tables;
}

cutset_count count_cutsets(const topology& t) {
    cutset_count r;
    const int k = t.k(), m = t.m();
    const auto crossing = [&](auto side) {
        std::uint64_t n = 0;
        for (router_id id = 0; id < t.routers(); ++id) {
            const coord x = t.at(id);
            for_each_neighbor(t, x, [&](const coord& y) { n += side(x) != side(y) ? 1 : 0; });
        }
        return n;
    };
    if (k % 2 == 0) r.cabinet_halves = crossing([&](const coord& x) { return x.c < k / 2; });
    if (m % 2 == 0) {
        r.drawer_halves = crossing([&](const coord& x) { return x.d < m / 2; });
        r.router_halves = crossing([&](const coord& x) { return x.p < m / 2; });
        for (router_id id = 0; id < t.routers(); ++id) {
            const coord x = t.at(id);
            if ((x.d < m / 2) == (x.p < m / 2)) ++r.km2_covered;
        }
    }
    return r;
}

theorem2_count check_theorem2(const topology& t) {
    const router_id n = t.routers();
    if (static_cast<std::uint64_t>(n) * n > (1u << 22))
        throw std::invalid_argument("Theorem 2 brute force: network too large");
    std::vector<lgl_path> path(static_cast<std::size_t>(n) * n);
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> bucket;
    const auto key = [](const step_link& l) {
        return (static_cast<std::uint64_t>(l.step) << 48) |
               (static_cast<std::uint64_t>(l.router) << 16) | static_cast<std::uint64_t>(l.port);
    };
    for (router_id s = 0; s < n; ++s)
        for (router_id d = 0; d < n; ++d) {
            const std::uint32_t i = s * n + d;
            path[i].n = lgl_links(t, t.at(s), t.at(d), path[i].links);
            for (int j = 0; j < path[i].n; ++j)
                bucket[key(path[i].links[static_cast<std::size_t>(j)])].push_back(i);
        }
    const auto drawer = [&](router_id r) {
        const coord x = t.at(r);
        return x.c * t.m() + x.d;
    };
    theorem2_count r;
    // "Only if": every conflicting pair (found through the links they share) has the same drawers.
    for (const auto& [k, list] : bucket) {
        (void)k;
        for (std::size_t a = 0; a < list.size(); ++a)
            for (std::size_t b = a + 1; b < list.size(); ++b) {
                const router_id s1 = list[a] / n, d1 = list[a] % n, s2 = list[b] / n,
                                d2 = list[b] % n;
                if (d1 == d2) continue;
                // Count each pair once: at the first link (in path order) the two share.
                const lgl_path& x = path[list[a]];
                const lgl_path& y = path[list[b]];
                bool earlier = false;
                for (int i = 0; i < x.n && !earlier; ++i) {
                    const step_link& l = x.links[static_cast<std::size_t>(i)];
                    if (key(l) == k) break;
                    for (int j = 0; j < y.n; ++j)
                        earlier = earlier || l == y.links[static_cast<std::size_t>(j)];
                }
                if (earlier) continue;
                const bool same_drawers = drawer(s1) == drawer(s2) && drawer(d1) == drawer(d2);
                if (s1 == s2) {
                    if (!same_drawers) ++r.same_source_violations;
                    continue;
                }
                ++r.conflicting_pairs;
                if (!same_drawers) ++r.only_if_violations;
            }
    }
    // "If": every pair with the same source drawer and destination drawer conflicts.
    const int drawers = t.k() * t.m(), m = t.m();
    std::vector<router_id> members;
    for (int from = 0; from < drawers; ++from)
        for (int to = 0; to < drawers; ++to) {
            const router_id s0 = static_cast<router_id>(from * m),
                            d0 = static_cast<router_id>(to * m);
            for (int p1 = 0; p1 < m; ++p1)
                for (int q1 = 0; q1 < m; ++q1)
                    for (int p2 = p1 + 1; p2 < m; ++p2)
                        for (int q2 = 0; q2 < m; ++q2) {
                            if (q1 == q2) continue;
                            ++r.same_drawers_pairs;
                            const lgl_path& x = path[(s0 + p1) * n + d0 + q1];
                            const lgl_path& y = path[(s0 + p2) * n + d0 + q2];
                            if (share_link(x, y)) continue;
                            ++r.if_violations;
                            if (from == to) ++r.if_violations_within;
                        }
        }
    return r;
}

}  // namespace d3
