// A network as a file (issue 48 item 1): the hand-written 4 x 4 torus of configs/networks against
// its coordinates, the minimal tables against the torus distance in closed form and against a
// brute-force walk of every route, and bad files refused with their line.
#include "core/network/graphs/network_file.h"
#include "core/network/graphs/minimal_routes.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

namespace d3 {
namespace {

constexpr int kSide = 4;

network_file torus() {
    return network_file::read(std::string(D3_SOURCE_DIR) + "/configs/networks/torus-4x4.net");
}

std::uint32_t at(int x, int y) {
    return static_cast<std::uint32_t>(((y + kSide) % kSide) * kSide + (x + kSide) % kSide);
}

// Hops between two routers of the torus: the shorter way round each ring.
int torus_distance(std::uint32_t a, std::uint32_t b) {
    const int dx = std::abs(static_cast<int>(a % kSide) - static_cast<int>(b % kSide));
    const int dy = std::abs(static_cast<int>(a / kSide) - static_cast<int>(b / kSide));
    return std::min(dx, kSide - dx) + std::min(dy, kSide - dy);
}

TEST(NetworkFile, TheTorusIsWhatItsCoordinatesSay) {
    const network_file net = torus();
    ASSERT_EQ(net.routers(), 16u);
    EXPECT_EQ(net.terminals(), 1u);
    EXPECT_EQ(net.max_ports(), 4u);
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) {
            const auto& p = net.ports(at(x, y));
            ASSERT_EQ(p.size(), 4u);
            const std::uint32_t want[4] = {at(x + 1, y), at(x - 1, y), at(x, y + 1), at(x, y - 1)};
            const std::uint32_t back[4] = {1, 0, 3, 2};
            for (int i = 0; i < 4; ++i) {
                EXPECT_EQ(p[i].router, want[i]) << x << "," << y << " port " << i;
                EXPECT_EQ(p[i].port, back[i]);
                EXPECT_EQ(p[i].latency, 1u);
            }
        }
    const distance_figures d = all_pairs_distances(net.to_graph());
    EXPECT_TRUE(d.connected);
    EXPECT_EQ(d.diameter, 4);
}

TEST(MinimalRoutes, DistancesAndPortsMatchTheTorus) {
    const network_file net = torus();
    const minimal_routes routes(net);
    EXPECT_EQ(routes.diameter(), 4);
    for (std::uint32_t a = 0; a < 16; ++a)
        for (std::uint32_t b = 0; b < 16; ++b) {
            ASSERT_EQ(routes.distance(a, b), torus_distance(a, b)) << a << " -> " << b;
            if (a == b) continue;
            // Brute force: the ports whose far router is one hop nearer.
            std::vector<std::uint32_t> nearer;
            for (std::uint32_t p = 0; p < 4; ++p)
                if (torus_distance(net.ports(a)[p].router, b) + 1 == torus_distance(a, b))
                    nearer.push_back(p);
            EXPECT_EQ(routes.ports(a, b), nearer) << a << " -> " << b;
            EXPECT_EQ(routes.port(a, b), nearer.front());
        }
}

TEST(MinimalRoutes, EveryRouteArrivesInItsDistanceClimbingTheClasses) {
    const network_file net = torus();
    const minimal_routes routes(net);
    for (std::uint32_t a = 0; a < 16; ++a)
        for (std::uint32_t b = 0; b < 16; ++b) {
            std::uint32_t here = a;
            int hops = 0, last_class = -1;
            while (here != b && hops <= routes.diameter()) {
                const int cls = minimal_routes::vc_class(hops);
                EXPECT_GT(cls, last_class);
                EXPECT_LT(cls, routes.diameter());
                last_class = cls;
                here = net.ports(here)[routes.port(here, b)].router;
                ++hops;
            }
            EXPECT_EQ(here, b);
            EXPECT_EQ(hops, torus_distance(a, b)) << a << " -> " << b;
        }
}

TEST(NetworkFile, BadFilesAreRefusedWithTheirLine) {
    const struct {
        const char* text;
        const char* says;
    } cases[] = {
        {"link 0 0 1 0\n", "t.net:1: a link before 'routers N'"},
        {"routers 2\nrouters 2\n", "t.net:2: 'routers' given twice"},
        {"routers 0\n", "t.net:1: the router count must be a whole number in 1 .. 16384"},
        {"routers x\n", "(got 'x')"},
        {"routers 2\nlink 0 0 1\n", "t.net:2: 'link' takes 4 or 5 values"},
        {"routers 2\nlink 0 0 2 0\n", "t.net:2: a router must be a whole number in 0 .. 1"},
        {"routers 2\nlink 0 0 0 1\n", "t.net:2: a link joins router 0 to itself"},
        {"routers 3\nlink 0 0 1 0\nlink 0 0 2 0\n", "t.net:3: router 0's port 0 is joined twice"},
        {"routers 2\nlink 0 1 1 0\n", "t.net: router 0's port 0 is not joined"},
        {"routers 3\nlink 0 0 1 0\n", "t.net: router 2 has no link"},
        {"routers 2\nlink 0 0 1 0 0\n", "t.net:2: a latency must be a whole number in 1 .."},
        {"routers 2\nlink 0 0 1 0 -1\n", "(got '-1')"},
        {"routers 2\nwire 0 0 1 0\n", "t.net:2: unknown statement 'wire'"},
        {"# nothing\n", "t.net: no 'routers N' line"},
        {"terminals 1 2\nrouters 2\n", "t.net:1: a list of terminals before 'routers N'"},
        {"routers 3\nterminals 1 2\n",
         "t.net:2: 'terminals' takes one count for every router or "
         "one per router (3 values; got 2)"},
        {"routers 2\nterminals 1 65\n",
         "t.net:2: a router's terminals must be a whole number in "
         "0 .. 64"},
    };
    for (const auto& c : cases) {
        std::istringstream in(c.text);
        try {
            network_file::parse(in, "t.net");
            ADD_FAILURE() << "accepted: " << c.text;
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos)
                << e.what() << " (want " << c.says << ")";
        }
    }
    EXPECT_THROW(network_file::read("/nonexistent/net.txt"), std::invalid_argument);
}

// A count per router: 0 for a transit router; equal counts are the one-count form.
TEST(NetworkFile, TerminalsPerRouter) {
    std::istringstream in("routers 3\nterminals 0 2 1\nlink 0 0 1 0\nlink 0 1 2 0\n");
    const network_file net = network_file::parse(in, "p.net");
    EXPECT_FALSE(net.uniform_terminals());
    EXPECT_EQ(net.terminals(), 2u);
    EXPECT_EQ(net.terminals(0), 0u);
    EXPECT_EQ(net.terminals(1), 2u);
    EXPECT_EQ(net.terminals(2), 1u);
    EXPECT_EQ(net.total_terminals(), 3u);
    std::istringstream equal("routers 2\nterminals 3 3\nlink 0 0 1 0\n");
    const network_file same = network_file::parse(equal, "e.net");
    EXPECT_TRUE(same.uniform_terminals());
    EXPECT_EQ(same.terminals(1), 3u);
    EXPECT_EQ(same.total_terminals(), 6u);
}

TEST(NetworkFile, LatenciesParallelLinksAndAComment) {
    std::istringstream in(
        "routers 3 # a path of three\nterminals 2\nlatency 5\nlink 0 0 1 0\n"
        "link 0 1 1 1 7\nlink 1 2 2 0\n");
    const network_file net = network_file::parse(in, "p.net");
    EXPECT_EQ(net.terminals(), 2u);
    EXPECT_EQ(net.ports(0)[0].latency, 5u);
    EXPECT_EQ(net.ports(1)[1].latency, 7u);
    EXPECT_EQ(net.to_graph().links_between(0, 1), 2u);
    const minimal_routes routes(net);
    EXPECT_EQ(routes.distance(0, 2), 2);
    EXPECT_EQ(routes.ports(0, 2), (std::vector<std::uint32_t>{0, 1}));
    std::istringstream cut("routers 4\nlink 0 0 1 0\nlink 2 0 3 0\n");
    const network_file parts = network_file::parse(cut, "c.net");
    EXPECT_THROW(minimal_routes{parts}, std::invalid_argument);
}

}  // namespace
}  // namespace d3
