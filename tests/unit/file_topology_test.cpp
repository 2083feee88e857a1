// A network given as a file as the simulator wires and decodes it (core/network/file_topology.h,
// core/decoding/file_decoder.h; issue 48 item 1): the 4 x 4 torus against its coordinates, a
// router with fewer ports padded with loops, the files the simulator refuses, and every route
// walked through the decoder against the torus distance in closed form; beyond 256 routers, in
// file_topology_wide_test.cpp.
#include "core/network/file_topology.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>

#include "core/decoding/decoder.h"
#include "core/decoding/expand.h"
#include "core/network/topology.h"

namespace d3 {
namespace {

constexpr int kSide = 4;
const std::string kTorus = std::string(D3_SOURCE_DIR) + "/configs/networks/torus-4x4.net";

int at(int x, int y) {
    return ((y + kSide) % kSide) * kSide + (x + kSide) % kSide;
}

int torus_distance(int a, int b) {
    const int dx = std::abs(a % kSide - b % kSide);
    const int dy = std::abs(a / kSide - b / kSide);
    return std::min(dx, kSide - dx) + std::min(dy, kSide - dy);
}

std::string write(const std::string& name, const std::string& text) {
    const std::string path = testing::TempDir() + name;
    std::ofstream(path) << text;
    return path;
}

TEST(FileTopology, TheTorusIsWiredAsItsCoordinatesSay) {
    const topology t(file_topology::read(kTorus));
    EXPECT_EQ(t.kind(), topology_kind::file);
    EXPECT_FALSE(t.is_d3());
    EXPECT_EQ(t.mdf(), nullptr);
    EXPECT_EQ(t.k(), 4);
    EXPECT_EQ(t.m(), 1);
    EXPECT_EQ(t.link_ports(), 4);
    ASSERT_EQ(t.routers(), 16u);
    EXPECT_EQ(t.name(), "file:" + kTorus);
    EXPECT_EQ(t.file()->longest_latency(), 1);
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) {
            const int r = at(x, y);
            const coord c = t.at(static_cast<router_id>(r));
            EXPECT_EQ(c, (coord{r, 0, 0}));
            EXPECT_EQ(t.id(c), static_cast<router_id>(r));
            EXPECT_TRUE(t.contains(c));
            EXPECT_EQ(t.label(c), std::to_string(r));
            const int want[4] = {at(x + 1, y), at(x - 1, y), at(x, y + 1), at(x, y - 1)};
            const int back[4] = {1, 0, 3, 2};
            for (int o = 0; o < 4; ++o) {
                const port_ref p = port_of(o, t.k());
                ASSERT_TRUE(p.global);
                const topology::link_end e = t.far_end(c, p);
                EXPECT_EQ(e.at, (coord{want[o], 0, 0})) << r << " port " << o;
                EXPECT_TRUE(e.port.global);
                EXPECT_EQ(e.port.port, back[o]);
                EXPECT_FALSE(t.global_loops(c, o));
                EXPECT_FALSE(t.may_hold_globally(c));
            }
        }
    EXPECT_FALSE(t.contains({16, 0, 0}));
    EXPECT_FALSE(t.contains({0, 0, 1}));
}

TEST(FileTopology, ARouterWithFewerPortsHasLoopsThere) {
    // A star of four around router 0, router 1 also joined to 2: routers 3 and 4 have one port.
    const topology t(
        file_topology::read(write("d3_star.net",
                                  "routers 5\nlink 0 0 1 0\nlink 0 1 2 0\nlink 0 2 3 0\n"
                                  "link 0 3 4 0\nlink 1 1 2 1\n")));
    ASSERT_EQ(t.k(), 4);
    for (int o = 1; o < 4; ++o) {
        const coord three{3, 0, 0};
        EXPECT_TRUE(t.global_loops(three, o));
        EXPECT_EQ(t.far_end(three, {true, o}).at, three);
        EXPECT_EQ(t.far_end(three, {true, o}).port.port, o);
    }
    EXPECT_FALSE(t.global_loops({3, 0, 0}, 0));
    EXPECT_EQ(t.far_end({3, 0, 0}, {true, 0}).at, (coord{0, 0, 0}));
    EXPECT_TRUE(t.global_loops({1, 0, 0}, 2));
    EXPECT_FALSE(t.global_loops({1, 0, 0}, 1));
    EXPECT_EQ(t.file()->routes().diameter(), 2);
}

TEST(FileTopology, FilesTheSimulatorCannotRunAreRefused) {
    const auto refused = [](const std::string& name, const std::string& text,
                            const std::string& why) {
        try {
            file_topology::read(write(name, text));
            ADD_FAILURE() << name << " was not refused";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
        }
    };
    const auto ring = [](int n) {
        std::string text = "routers " + std::to_string(n) + "\n";
        for (int r = 0; r < n; ++r)
            text += "link " + std::to_string(r) + " 0 " + std::to_string((r + 1) % n) + " 1\n";
        return text;
    };
    refused("d3_ring32.net", ring(32),
            "at most 15 hops (a file network's header counts them in a 4-bit b; got 16)");
    refused("d3_ring8193.net", ring(8193), "at most 8192 routers");
    refused("d3_long.net", "routers 3\nlink 0 0 1 0\nlink 1 1 2 0 1025\n",
            "link latency is at most 1024 cycles (got 1025)");
    refused("d3_none.net", "routers 2\nterminals 0\nlink 0 0 1 0\n", "no router has a terminal");
    refused("d3_none_listed.net", "routers 2\nterminals 0 0\nlink 0 0 1 0\n",
            "no router has a terminal");
}

// Links of several latencies: each port keeps its link's, both ends alike; the longest is the
// network's (the horizon's and the watchdog's); a padded port takes the longest.
TEST(FileTopology, EachLinkKeepsItsLatency) {
    const auto net =
        file_topology::read(write("d3_latencies.net",
                                  "routers 3\nlink 0 0 1 0 4\nlink 1 1 2 0 9\nlatency 2\n"
                                  "link 0 1 2 1\n"));
    const file_topology& f = *net;
    EXPECT_EQ(f.longest_latency(), 9);
    EXPECT_EQ(f.link_latency(0, 0), 4);
    EXPECT_EQ(f.link_latency(1, 0), 4);
    EXPECT_EQ(f.link_latency(1, 1), 9);
    EXPECT_EQ(f.link_latency(2, 0), 9);
    EXPECT_EQ(f.link_latency(0, 1), 2);
    EXPECT_EQ(f.link_latency(2, 1), 2);
    const auto star = file_topology::read(
        write("d3_star_latencies.net", "routers 3\nlink 0 0 1 0 3\nlink 0 1 2 0 5\n"));
    EXPECT_TRUE(star->padded(1, 1));
    EXPECT_EQ(star->link_latency(1, 1), 5);
}

// Every route of the torus walked through the reference decoder from its launch header:
// it ejects exactly at its destination after the torus distance, b reaching 0 there.
TEST(FileTopology, EveryRouteTakesItsDistanceAndEndsWithBZero) {
    const topology t(file_topology::read(kTorus));
    const minimal_routes& routes = t.file()->routes();
    for (int s = 0; s < 16; ++s)
        for (int d = 0; d < 16; ++d) {
            const int dist = torus_distance(s, d);
            ASSERT_EQ(routes.distance(static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(d)),
                      dist);
            header h = make_destination_header(dist, {d, 0, 0});  // header groups of one
            ASSERT_TRUE(valid(h, t));
            coord x{s, 0, 0};
            int hops = 0;
            for (;; ++hops) {
                ASSERT_LE(hops, dist) << s << " -> " << d;
                const decision dec = decode(h, x, t);
                if (dec.act == action::eject) break;
                ASSERT_EQ(dec.act, action::global);
                EXPECT_EQ(torus_distance(x.c, d), h.b) << "b is the hops still to go";
                hop next;
                ASSERT_TRUE(expand_unicast(dec, x, t, next));
                x = next.at;
                h = dec.next;
            }
            EXPECT_EQ(x, (coord{d, 0, 0}));
            EXPECT_EQ(hops, dist);
            EXPECT_EQ(h.b, 0);
        }
    EXPECT_FALSE(valid(make_source_vector_header(false, 3, {0, 0, 0}), t));
    EXPECT_TRUE(check(make_source_vector_header(false, 3, {0, 0, 0}), t).has_value());
    EXPECT_FALSE(valid(make_destination_header(1, {16, 0, 0}), t));
}

}  // namespace
}  // namespace d3
