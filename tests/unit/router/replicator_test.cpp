// Replicator: a copy per target but the last, which takes the packet; next header on the copies.
#include "sc/router/replicator.h"

#include <gtest/gtest.h>

#include "core/decoding/decoder.h"

namespace d3 {
namespace {

TEST(Replicator, EveryTargetButTheLastGetsAFreshCopy) {
    packet_pool pool;
    fanout lists;
    replicator rep("replicator", pool, lists);
    packet* p = pool.acquire();
    p->msg = 42;
    p->hdr = make_source_vector_header(true, 3, {0, 0, 0});
    entry e;
    e.pkt = p;
    e.dec = decode(p->hdr, {0, 0, 0}, 2, 3);
    e.fan = lists.open();
    lists[e.fan] = {kHoldTarget, 3, 4};
    packet* a = rep.take(e, 3);
    EXPECT_NE(a, p);
    EXPECT_EQ(a->msg, 42u);
    EXPECT_NE(a->serial, p->serial);
    EXPECT_EQ(a->hdr.b, 2);  // the copy carries the next header
    EXPECT_FALSE(e.done);
    packet* h = rep.take(e, kHoldTarget);
    EXPECT_NE(h, p);
    packet* last = rep.take(e, 4);
    EXPECT_EQ(last, p);  // the last copy is the packet itself
    EXPECT_TRUE(e.done);
    EXPECT_FALSE(e.broadcast());  // its list went back
    EXPECT_EQ(lists.open(), 0u);  // and is the next one handed out
    EXPECT_EQ(rep.copies(), 2u);
    EXPECT_EQ(pool.in_use(), 3u);
}

TEST(Replicator, AUnicastTakesItsPacketAndEjectionKeepsTheHeader) {
    packet_pool pool;
    fanout lists;
    replicator rep("replicator", pool, lists);
    packet* p = pool.acquire();
    p->hdr = make_source_vector_header(false, 0, {0, 0, 0});
    entry e;
    e.pkt = p;
    e.dec = decode(p->hdr, {0, 0, 0}, 2, 3);
    EXPECT_EQ(rep.take(e, kEjectTarget), p);
    EXPECT_EQ(p->hdr.b, 0);
    EXPECT_TRUE(e.done);
    EXPECT_EQ(rep.copies(), 0u);
}

}  // namespace
}  // namespace d3
