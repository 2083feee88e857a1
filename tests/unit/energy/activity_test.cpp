// work_out_activity (core/energy/activity.h) on a network small enough to count by hand: D3(2,2),
// where every link's flits are set and each router's arrivals, buffer writes and crossbar ports
// follow from the wiring (2.1).
#include <gtest/gtest.h>

#include "core/energy/activity.h"

namespace d3 {
namespace {

TEST(Activity, ArrivalsAreWhatTheFarEndsSent) {
    const topology t(2, 2);  // 8 routers, link ports: global 0, 1, local 1
    std::vector<router_counts> c(t.routers());
    for (router_id r = 0; r < t.routers(); ++r) {
        c[r].link_out = {100 * r + 1, 100 * r + 2, 100 * r + 3};
        c[r].injected_flits = 10;
        c[r].ejected_flits = 7;
        c[r].hold_flits = 5;
        c[r].buffered_flits = 1;
    }
    crossbar_layout l;
    l.terminals = 1;
    l.local = 1;
    l.global = 2;
    const network_activity a = work_out_activity(t, c, l, 50);
    for (router_id r = 0; r < t.routers(); ++r) {
        const coord x = t.at(r);
        // By hand: local port 1 of (c,d,p) comes from (c,d,p+1)'s local port 1 (M = 2); global
        // port a from (c-a, p, d)'s global port -a (2.1).
        const router_id local_from = t.id({x.c, x.d, (x.p + 1) % 2});
        std::uint64_t in_global = 0;
        for (int g = 0; g < 2; ++g) {
            const router_id from = t.id({(x.c + 2 - g) % 2, x.p, x.d});
            in_global += c[from].link_out[static_cast<std::size_t>((2 - g) % 2)];
        }
        const router_activity& ra = a.routers[r];
        const std::uint64_t arrivals = c[local_from].link_out[2] + in_global;
        EXPECT_EQ(ra.buffer_writes, arrivals + 10) << r;  // a hold is no buffer write
        EXPECT_EQ(ra.buffer_reads, ra.buffer_writes - 1);
        EXPECT_EQ(ra.crossbar, c[r].link_out[0] + c[r].link_out[1] + c[r].link_out[2] + 7);
        EXPECT_EQ(ra.hold_flits, 5u);
        // Layout: terminal, local, global 0, global 1.
        ASSERT_EQ(ra.xbar_out.size(), 4u);
        EXPECT_EQ(ra.xbar_out[0], 7u);
        EXPECT_EQ(ra.xbar_out[1], c[r].link_out[2]);
        EXPECT_EQ(ra.xbar_out[2], c[r].link_out[0]);
        EXPECT_EQ(ra.xbar_in[1], c[local_from].link_out[2]);
        EXPECT_EQ(ra.local_flits, c[r].link_out[2]);
        EXPECT_EQ(ra.global_flits, c[r].link_out[0] + c[r].link_out[1]);
    }
    // Every flit sent arrives somewhere: the writes sum to the links, injections and holds.
    std::uint64_t sent = 0;
    for (const auto& x : c) sent += x.link_out[0] + x.link_out[1] + x.link_out[2];
    EXPECT_EQ(a.total.buffer_writes, sent + 8 * 10);
    EXPECT_EQ(a.total.hold_flits, 8u * 5);
    EXPECT_EQ(a.total.local_flits + a.total.global_flits, sent);
    EXPECT_EQ(a.to_json()["cycles"], 50);
}

}  // namespace
}  // namespace d3
