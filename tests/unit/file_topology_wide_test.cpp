// A file network beyond 256 routers as its headers name it (core/decoding/file_header.h, issue
// 48): H(17,17), 289 routers in header groups of two (the last group one router), every route
// walked through the decoder from its launch header against the Hamming distance by definition,
// Valiant's headers through every intermediate router, and the headers that name no router.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "core/decoding/decoder.h"
#include "core/decoding/expand.h"
#include "core/decoding/file_header.h"
#include "core/network/file_topology.h"
#include "core/network/topology.h"

namespace d3 {
namespace {

constexpr int kSide = 17, kRouters = kSide * kSide;

// Router (x, y) is x 17 + y; the Hamming distance counts the coordinates that differ.
int hamming_distance(int a, int b) {
    return (a / kSide != b / kSide) + (a % kSide != b % kSide);
}

topology h17() {
    network_spec s;
    s.topology = "hamming";
    s.dims = "17,17";
    return topology(file_topology::build(s, 1, 1));
}

// Walks h from router s through the reference decoder as the router does (checked at launch,
// decode_valid after); returns where it is ejected (-1: nowhere within `most` hops) and the hops
// taken, b one lower on each.
std::pair<int, int> walk(const topology& t, header h, int s, int most) {
    EXPECT_TRUE(valid(h, t)) << to_string(h);
    coord x{s, 0, 0};
    for (int hops = 0; hops <= most; ++hops) {
        decision dec;
        decode_valid(h, x, t, dec);
        if (dec.act == action::eject) return {x.c, hops};
        EXPECT_EQ(dec.act, action::global);
        hop next;
        if (!expand_unicast(dec, x, t, next)) return {-1, hops};
        EXPECT_EQ(dec.next.b, h.b - 1);
        x = next.at;
        h = dec.next;
    }
    return {-1, most};
}

TEST(FileTopologyWide, HeadersNameRoutersInGroupsOfTwo) {
    const topology t = h17();
    ASSERT_EQ(t.routers(), 289u);
    EXPECT_EQ(t.header_group(), 2);  // the fewest that keep c' below 256
    for (int r = 0; r < kRouters; ++r) {
        const header h = make_file_destination_header(1, r, 2);
        EXPECT_EQ(h.f0, r / 2);
        EXPECT_EQ(h.f2, r % 2);
        EXPECT_TRUE(valid(h, t)) << r;
        EXPECT_EQ(t.header_id(h.f0, h.f1, h.f2), static_cast<router_id>(r));
        for (const int via : {0, 1, 287, 288}) {
            const header v = make_file_via_header(r, via, 3, 4, 2);
            EXPECT_EQ(file_via_router(v, 2), via);
            EXPECT_EQ(v.b, 7);
            EXPECT_TRUE(valid(v, t));
        }
    }
    // Router 289 would be (144, 0, 1), the last group's second: there is none.
    for (const coord& c : {coord{144, 0, 1}, coord{145, 0, 0}, coord{0, 0, 2}, coord{0, 1, 0}}) {
        const header h = make_destination_header(1, c);
        EXPECT_FALSE(valid(h, t)) << to_string(c);
        EXPECT_TRUE(check(h, t).has_value()) << to_string(c);
    }
    EXPECT_FALSE(valid(make_file_via_header(0, 289, 1, 1, 2), t));
    EXPECT_FALSE(valid(make_file_destination_header(16, 0, 2), t));  // b is 4 bits: at most 15
    EXPECT_TRUE(valid(make_file_destination_header(15, 0, 2), t));
    EXPECT_TRUE(valid(make_file_via_header(0, 5, 15, 15, 2), t));  // two legs of 15: 5 bits
    EXPECT_FALSE(valid(make_file_via_header(0, 5, 16, 15, 2), t));
}

TEST(FileTopologyWide, EveryRouteTakesItsHammingDistance) {
    const topology t = h17();
    for (int s = 0; s < kRouters; ++s)
        for (int d = 0; d < kRouters; ++d) {
            const int dist = hamming_distance(s, d);
            const auto [at, hops] = walk(t, make_file_destination_header(dist, d, 2), s, dist);
            ASSERT_EQ(at, d) << s << " -> " << d;
            ASSERT_EQ(hops, dist) << s << " -> " << d;
        }
}

// Valiant: to the intermediate router, then to the destination; delivered early where the first
// leg passes the destination.
TEST(FileTopologyWide, ValiantGoesThroughEveryIntermediateRouter) {
    const topology t = h17();
    for (const int s : {0, 17, 288})
        for (const int d : {1, 144, 288})
            for (int via = 0; via < kRouters; ++via) {
                const int to_via = hamming_distance(s, via), after = hamming_distance(via, d);
                const auto [at, hops] =
                    walk(t, make_file_via_header(d, via, to_via, after, 2), s, to_via + after);
                ASSERT_EQ(at, d) << s << " -> " << via << " -> " << d;
                EXPECT_LE(hops, to_via + after);
                EXPECT_GE(hops, hamming_distance(s, d));
            }
}

// b is 4 bits in a file network's destination headers and 5 in its via headers
// (docs/header-format.md): bit 43, B elsewhere, is b's bit 3, and in a via header bit 31, D's bit
// 7 (D, the intermediate router's place, is below 32), b's bit 4. The words by the documented
// layout, written out here; unpack_file reads them back, and unpack (D3's, MDF's and the RTL's
// layout) reads bit 43 as B.
TEST(FileTopologyWide, HopCountsAboveSevenPackIntoBitFortyThree) {
    const header h = make_file_destination_header(13, 289 - 1, 2);  // router 288: (144, 0, 0)
    const std::uint64_t word = (1ull << 44) | (13ull << 40) | (144ull << 16);
    EXPECT_EQ(pack(h), word);
    EXPECT_EQ(unpack_file(word), h);
    ASSERT_TRUE(unpack(word).has_value());
    EXPECT_TRUE(unpack(word)->broadcast);
    EXPECT_EQ(unpack(word)->b, 5);
    // Valiant through router 5 = (2, 0, 1): C = 2, D = 1, 9 + 6 = 15 hops in all.
    const header v = make_file_via_header(288, 5, 9, 6, 2);
    const std::uint64_t via =
        (3ull << 44) | (15ull << 40) | (2ull << 32) | (1ull << 24) | (144ull << 16);
    EXPECT_EQ(pack(v), via);
    EXPECT_EQ(unpack_file(via), v);
    // 14 + 15 = 29 = 0b11101 hops: b's bit 4 is D's bit 7 (bit 31), bits 3..0 on 43..40.
    const header deep = make_file_via_header(288, 5, 14, 15, 2);
    const std::uint64_t deep_word =
        (3ull << 44) | (13ull << 40) | (2ull << 32) | ((0x80ull | 1) << 24) | (144ull << 16);
    EXPECT_EQ(pack(deep), deep_word);
    EXPECT_EQ(unpack_file(deep_word), deep);
    // Below 8 the words are as they were.
    const header low = make_file_destination_header(7, 3, 2);
    EXPECT_EQ(unpack(pack(low)), low);
    EXPECT_EQ(unpack_file(pack(low)), low);
}

}  // namespace
}  // namespace d3
