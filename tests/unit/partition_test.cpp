// Subnetworks (core/network/partition.h): parsing, Theorem 1's isomorphism checked link by link
// over the whole network's wiring, and converted headers walked on the whole network.
#include "core/network/partition.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "core/decoding/decoder.h"
#include "core/decoding/expand.h"
#include "core/decoding/walk.h"

namespace d3 {
namespace {

// Every link of the subnetwork, taken with the converted port on the whole network, reaches the
// router the subnetwork's own wiring says (so the subnetwork is closed and isomorphic).
void expect_isomorphic(const subnetwork& s, int n, int m) {
    const topology whole(n, m), sub(s.k(), s.m());
    for (router_id r = 0; r < sub.routers(); ++r) {
        const coord x = sub.at(r);
        for (int g = 0; g < s.k(); ++g)
            EXPECT_EQ(whole.global_neighbor(s.real(x), s.global_port(x.c, g, n)),
                      s.real(sub.global_neighbor(x, g)))
                << s.spec << " " << to_string(x) << " g" << g;
        for (int l = 1; l < s.m(); ++l)
            EXPECT_EQ(whole.local_neighbor(s.real(x), s.local_port(x.p, l, m)),
                      s.real(sub.local_neighbor(x, l)))
                << s.spec << " " << to_string(x) << " l" << l;
    }
}

TEST(Partition, Theorem1PortTables) {
    // Section 4's example: D3(4,M) on cabinets {1,2,5,8} of D3(9,M). Cabinet i's port for
    // subnetwork port gamma is k_{i+gamma} - k_i mod 9; row 0 as printed, {0,1,4,7}.
    const subnetwork s = parse_subnetwork("cabinets=1,2,5,8", 9, 4);
    EXPECT_EQ(s.global_port(0, 0, 9), 0);
    EXPECT_EQ(s.global_port(0, 1, 9), 1);
    EXPECT_EQ(s.global_port(0, 2, 9), 4);
    EXPECT_EQ(s.global_port(0, 3, 9), 7);
    EXPECT_EQ(s.global_port(3, 1, 9), 2);  // from 8 to 1: the printed row 3 {3,6,5,0} is a misprint
    expect_isomorphic(s, 9, 4);
    expect_isomorphic(parse_subnetwork("cabinets=0,3,4,6,7", 9, 3), 9, 3);
    expect_isomorphic(parse_subnetwork("positions=0,2,3", 2, 5), 2, 5);
    expect_isomorphic(parse_subnetwork("drawer-out=1", 3, 4), 3, 4);
    expect_isomorphic(parse_subnetwork("cabinet-out=0", 3, 4), 3, 4);
}

TEST(Partition, ConvertedHeadersReachTheConvertedDestination) {
    const int n = 5, m = 6;
    const topology whole(n, m);
    for (const char* spec : {"cabinets=4,1,3", "positions=5,0,2,3", "drawer-out=2"}) {
        const subnetwork s = parse_subnetwork(spec, n, m);
        const topology sub(s.k(), s.m());
        for (router_id a = 0; a < sub.routers(); ++a)
            for (router_id b = 0; b < sub.routers(); b += 3) {
                const coord x = sub.at(a), y = sub.at(b);
                const header h = make_source_vector_header(false, 3, sub.vector_to(x, y));
                const walk_result w = walk(whole, s.real(x), to_network(s, whole, x, h));
                ASSERT_TRUE(w.error.empty()) << w.error;
                ASSERT_EQ(w.destinations.size(), 1u);
                EXPECT_EQ(whole.at(w.destinations[0]), s.real(y)) << spec;
                // A destination header (section 10 tables) too.
                const walk_result d =
                    walk(whole, s.real(x), to_network(s, whole, x, make_destination_header(3, y)));
                ASSERT_EQ(d.destinations.size(), 1u);
                EXPECT_EQ(whole.at(d.destinations[0]), s.real(y)) << spec;
            }
    }
}

// Steps a subnetwork header and its converted header side by side with the reference decoder:
// at every step the whole network's packet must be at the image of the subnetwork's router, so
// the converted path never leaves the subnetwork.
void expect_same_path(const subnetwork& s, const topology& whole, const coord& src,
                      const header& h) {
    const topology sub(s.k(), s.m());
    header hs = h, hw = to_network(s, whole, src, h);
    coord xs = src, xw = s.real(src);
    for (int step = 0; step < 8; ++step) {
        const decision ds = decode(hs, xs, sub), dw = decode(hw, xw, whole);
        ASSERT_NE(ds.act, action::invalid) << s.spec << " " << to_string(h);
        ASSERT_EQ(dw.act, ds.act) << s.spec << " " << to_string(h) << " step " << step;
        if (ds.act == action::eject) return;
        hop a, b;
        ASSERT_TRUE(expand_unicast(ds, xs, sub, a));
        ASSERT_TRUE(expand_unicast(dw, xw, whole, b)) << s.spec << " " << to_string(h);
        ASSERT_EQ(b.at, s.real(a.at)) << s.spec << " " << to_string(h) << " step " << step;
        xs = a.at, xw = b.at, hs = ds.next, hw = dw.next;
    }
    FAIL() << "no ejection: " << to_string(h);
}

// The later paper's synchronizing headers (the hypercube primitives' g l g l paths): each port is
// converted at the router that takes it, the second local port after the first hops.
TEST(Partition, ConvertedSyncHeadersStayInTheSubnetwork) {
    const int n = 5, m = 6;
    const topology whole(n, m);
    for (const char* spec : {"cabinets=4,1,3", "positions=5,0,2,3", "positions=1,2", "drawer-out=2",
                             "cabinet-out=0"}) {
        const subnetwork s = parse_subnetwork(spec, n, m);
        const topology sub(s.k(), s.m());
        for (router_id a = 0; a < sub.routers(); ++a)
            for (int b = 1; b <= 4; ++b)
                for (int g = 0; g < s.k(); ++g)
                    for (int first = 0; first < s.m(); ++first)
                        for (int second = 0; second < s.m(); ++second)
                            expect_same_path(s, whole, sub.at(a),
                                             make_sync_header(false, b, g, first, second));
    }
}

TEST(Partition, BadSpecsAndOverlaps) {
    for (const char* spec : {"cabinets=", "cabinets=0,0", "cabinets=4", "cabinets=a", "rows=1",
                             "positions=2", "drawer-out=9", "cabinet-out=-1", "cabinets"})
        EXPECT_THROW(parse_subnetwork(spec, 4, 5), std::invalid_argument) << spec;
    EXPECT_THROW(parse_subnetwork("cabinet-out=0", 1, 5), std::invalid_argument);
    const topology t(4, 5);
    EXPECT_THROW(partition_map(t, {parse_subnetwork("cabinets=0,1", 4, 5),
                                   parse_subnetwork("cabinets=1,2", 4, 5)}),
                 std::invalid_argument);
    EXPECT_THROW(partition_map(t, {parse_subnetwork("cabinets=0,1", 4, 5),
                                   parse_subnetwork("positions=0,1", 4, 5)}),
                 std::invalid_argument);
    const std::vector<int> owner = partition_map(
        t, {parse_subnetwork("positions=0,1", 4, 5), parse_subnetwork("positions=2,3,4", 4, 5)});
    int idle = 0;
    for (int o : owner) idle += o < 0 ? 1 : 0;
    EXPECT_EQ(idle, 4 * (25 - 4 - 9));  // routers with d and p on different sides
}

}  // namespace
}  // namespace d3
