// The worst-case permutation of a network's minimal tables (core/network/graphs/worst_case.h)
// against a brute force over every permutation of the routers with a terminal, on networks small
// enough for it: a ring of 6, RSN(2,K_3) (9 routers), HDN(Q_1,1) (8), and a two-level tree whose
// inner routers have no terminal. The brute force finds the routes itself: a breadth-first search
// per destination, then at every router the lowest-numbered port one hop nearer.
#include "core/network/graphs/worst_case.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <variant>

#include "core/network/graphs/graph_network.h"
#include "core/network/graphs/network_spec.h"

namespace d3 {
namespace {

// Hops from every router to `to` by breadth-first search over the file's links.
std::vector<int> hops_to(const network_file& net, std::uint32_t to) {
    std::vector<int> d(net.routers(), -1);
    std::vector<std::uint32_t> queue{to};
    d[to] = 0;
    for (std::size_t i = 0; i < queue.size(); ++i)
        for (const port_link& l : net.ports(queue[i]))
            if (d[l.router] < 0) d[l.router] = d[queue[i]] + 1, queue.push_back(l.router);
    return d;
}

// The channels (router, port) the route from s to d crosses.
using channel = std::pair<std::uint32_t, std::uint32_t>;
std::vector<channel> route(const network_file& net, const std::vector<std::vector<int>>& hops,
                           std::uint32_t s, std::uint32_t d) {
    std::vector<channel> out;
    for (std::uint32_t x = s; x != d;) {
        const auto& p = net.ports(x);
        std::uint32_t port = 0;
        while (hops[d][p[port].router] != hops[d][x] - 1) ++port;
        out.push_back({x, port});
        x = p[port].router;
    }
    return out;
}

// The most routes of permutation `to` (per router; a router to itself sends nothing) that share a
// channel, and that of channel `c` alone.
struct loads {
    int most = 0;
    int on = 0;
};
loads loads_of(const network_file& net, const std::vector<std::vector<int>>& hops,
               const std::vector<std::uint32_t>& to, channel c) {
    std::map<channel, int> n;
    for (std::uint32_t s = 0; s < to.size(); ++s)
        if (to[s] != s)
            for (const channel& x : route(net, hops, s, to[s])) ++n[x];
    loads l;
    for (const auto& [x, k] : n) l.most = std::max(l.most, k);
    l.on = n.count(c) ? n[c] : 0;
    return l;
}

// Every permutation of the routers with a terminal: the largest channel load any of them makes.
int brute_force_worst(const network_file& net, const std::vector<std::vector<int>>& hops) {
    std::vector<std::uint32_t> senders;
    for (std::uint32_t r = 0; r < net.routers(); ++r)
        if (net.terminals(r) > 0) senders.push_back(r);
    std::vector<std::uint32_t> image = senders, to(net.routers());
    int worst = 0;
    do {
        for (std::uint32_t r = 0; r < net.routers(); ++r) to[r] = r;
        for (std::size_t i = 0; i < senders.size(); ++i) to[senders[i]] = image[i];
        worst = std::max(worst, loads_of(net, hops, to, {0, 0}).most);
    } while (std::next_permutation(image.begin(), image.end()));
    return worst;
}

void expect_worst_case(const network_file& net) {
    std::vector<std::vector<int>> hops;
    for (std::uint32_t d = 0; d < net.routers(); ++d) hops.push_back(hops_to(net, d));
    const minimal_routes routes(net);
    const worst_case_traffic w = worst_case_permutation(net, routes);
    // A permutation of the routers with a terminal; the others keep to themselves.
    std::vector<std::uint32_t> sorted = w.destination;
    std::sort(sorted.begin(), sorted.end());
    for (std::uint32_t r = 0; r < net.routers(); ++r) EXPECT_EQ(sorted[r], r);
    for (std::uint32_t r = 0; r < net.routers(); ++r) {
        if (net.terminals(r) == 0) {
            EXPECT_EQ(w.destination[r], r);
        }
    }
    // Its load on its channel is the one it claims, and the most of any permutation.
    const loads l = loads_of(net, hops, w.destination, {w.router, w.port});
    EXPECT_EQ(l.on, static_cast<int>(w.load));
    EXPECT_EQ(l.most, static_cast<int>(w.load));
    EXPECT_EQ(static_cast<int>(w.load), brute_force_worst(net, hops));
}

network_file parse(const std::string& text) {
    std::istringstream in(text);
    return network_file::parse(in, "test.net");
}

network_file built(network_spec s) {
    auto b = build_network(s);
    EXPECT_TRUE(std::holds_alternative<built_network>(b));
    const built_network& n = std::get<built_network>(b);
    return graph_network(n.g, 1, 1, n.name);
}

TEST(WorstCase, RingOfSixMatchesTheBruteForce) {
    std::string ring = "routers 6\n";  // port 0 to r + 1, port 1 to r - 1
    for (int r = 0; r < 6; ++r)
        ring += "link " + std::to_string(r) + " 0 " + std::to_string((r + 1) % 6) + " 1\n";
    expect_worst_case(parse(ring));
}

TEST(WorstCase, Rsn2K3MatchesTheBruteForce) {
    network_spec s;
    s.topology = "rsn";
    s.levels = 2;
    s.nucleus = "complete:3";
    expect_worst_case(built(s));
}

TEST(WorstCase, HdnQ1MatchesTheBruteForce) {
    network_spec s;
    s.topology = "hdn";
    s.levels = 1;
    s.base = "hypercube:1";
    expect_worst_case(built(s));
}

TEST(WorstCase, ATreeWithTransitRoutersMatchesTheBruteForce) {
    // Root 0 and routers 1, 2 below it have no terminal; leaves 3, 4 under 1 and 5, 6, 7 under
    // 2 have one each. The root's links carry the most: two leaves under 1 receive (or send) two
    // of the routes between the halves.
    const network_file net = parse(
        "routers 8\nterminals 0 0 0 1 1 1 1 1\n"
        "link 0 0 1 0\nlink 0 1 2 0\n"
        "link 1 1 3 0\nlink 1 2 4 0\nlink 2 1 5 0\nlink 2 2 6 0\nlink 2 3 7 0\n");
    expect_worst_case(net);
    const worst_case_traffic w = worst_case_permutation(net, minimal_routes(net));
    EXPECT_EQ(w.load, 2u);
}

}  // namespace
}  // namespace d3
