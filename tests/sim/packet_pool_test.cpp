#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "sc/packet_pool.h"

namespace d3 {
namespace {

// --threads: the packets kept for a share's nodes (sc/staged_nodes.h) are neither in use nor
// handed out by acquire(); each is taken once; numbering them later continues the serials.
TEST(PacketPool, AShareReserveIsKeptApartAndNumberedLater) {
    packet_pool pool;
    packet* a = pool.acquire();
    packet* b = pool.acquire();
    pool.release(a);
    pool.release(b);
    EXPECT_EQ(pool.in_use(), 0u);
    pool.reserve(1, 3);  // the two released, one new
    EXPECT_EQ(pool.allocated(), 3u);
    EXPECT_EQ(pool.in_use(), 0u);
    packet* c = pool.acquire();  // not one of the reserve: a fourth
    EXPECT_EQ(pool.allocated(), 4u);
    std::set<packet*> taken{c};
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(taken.insert(pool.take_reserved(1)).second);
    EXPECT_EQ(pool.in_use(), 4u);
    EXPECT_EQ(c->serial, 2u);
    EXPECT_EQ(pool.take_serial(), 3u);
    EXPECT_THROW(pool.take_reserved(1), std::logic_error);
    pool.reserve(1, 2);  // filled again, up to 2
    EXPECT_EQ(pool.in_use(), 4u);
    EXPECT_EQ(pool.allocated(), 6u);
}

}  // namespace
}  // namespace d3
