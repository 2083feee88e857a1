// Header layout (docs/header-format.md) and validity.
#include <gtest/gtest.h>

#include "core/decoding/header.h"

namespace d3 {
namespace {

TEST(Header, PackMatchesTheDocumentedLayout) {
    const header h = make_source_vector_header(true, 3, {5, 6, 7});
    // kind 0, B at bit 43, b at 42..40, gamma 23..16, pi 15..8, delta 7..0.
    EXPECT_EQ(pack(h), (1ull << 43) | (3ull << 40) | (5ull << 16) | (6ull << 8) | 7ull);
    const header g = make_destination_header(5, {1, 2, 3}, 4, 9);
    EXPECT_EQ(pack(g), (1ull << 44) | (5ull << 40) | (4ull << 32) | (9ull << 24) | (1ull << 16) |
                           (2ull << 8) | 3ull);
}

TEST(Header, RoundTrips) {
    for (int b = 0; b < 8; ++b)
        for (int f = 0; f < 256; f += 17) {
            header h = make_destination_header(b, {f, 255 - f, f / 2}, f % 7, f % 5);
            EXPECT_EQ(unpack(pack(h)), h);
            h = make_source_vector_header(f % 2, b, {f, 3, 255 - f});
            EXPECT_EQ(unpack(pack(h)), h);
            h = make_sync_header(f % 2, b, f, 255 - f, 3);
            EXPECT_EQ(unpack(pack(h)), h);
        }
    EXPECT_EQ(pack(make_sync_header(false, 0, 0, 0, 0)), 2ull << 44);  // kind 2 in bits 45..44
    EXPECT_FALSE(unpack(1ull << 46).has_value());
    // Kind 3, the via header (MDF only): it unpacks, and is invalid on D3.
    const std::optional<header> via = unpack(3ull << 44);
    ASSERT_TRUE(via.has_value());
    EXPECT_EQ(via->kind, header_kind::via);
    EXPECT_TRUE(check(*via, 4, 4));
}

TEST(Header, Validity) {
    EXPECT_FALSE(check(make_source_vector_header(false, 3, {3, 3, 3}), 4, 4));
    EXPECT_TRUE(check(make_source_vector_header(false, 4, {0, 0, 0}), 4, 4));  // b > 3
    EXPECT_TRUE(check(make_source_vector_header(false, 3, {4, 0, 0}), 4, 4));  // gamma >= K
    EXPECT_TRUE(check(make_source_vector_header(false, 3, {0, 4, 0}), 4, 4));  // pi >= M
    EXPECT_TRUE(check(make_source_vector_header(false, 3, {0, 0, 4}), 4, 4));  // delta >= M
    EXPECT_FALSE(check(make_destination_header(5, {3, 3, 3}, 3, 3), 4, 4));
    EXPECT_TRUE(check(make_destination_header(6, {0, 0, 0}), 4, 4));
    EXPECT_TRUE(check(make_destination_header(3, {0, 0, 0}, 4, 0), 4, 4));
    header h = make_destination_header(3, {0, 0, 0});
    h.broadcast = true;
    EXPECT_TRUE(check(h, 4, 4));
    for (int k = 1; k <= 4; ++k)
        for (int m = 2; m <= 5; ++m)
            for (int b = 0; b < 8; ++b)
                for (int f = 0; f < 6; ++f) {
                    const header s = make_source_vector_header(false, b, {f, f % 3, 5 - f});
                    EXPECT_EQ(valid(s, k, m), !check(s, k, m).has_value());
                    const header d = make_destination_header(b, {f % 3, f, 1}, f % 2, 5 - f);
                    EXPECT_EQ(valid(d, k, m), !check(d, k, m).has_value());
                }
}

}  // namespace
}  // namespace d3
