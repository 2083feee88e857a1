// Switch allocator: one winner per output, conflicts per (link, step), credit eligibility, the
// observer's view.
#include "sc/router/switch_allocator.h"

#include <gtest/gtest.h>

namespace d3 {
namespace {

struct recorder final : link_observer {
    std::vector<link_event> events;
    void on_link(const link_event& e) override { events.push_back(e); }
};

struct fixture {
    router_stats stats;
    recorder seen;
    std::vector<packet> pkts = std::vector<packet>(4);
    std::vector<entry> entries = std::vector<entry>(4);
    switch_allocator alloc{"switch_allocator",
                           {3, arbitration::oldest_first, 6, 9, &seen}, stats};
    fixture() {
        for (std::size_t i = 0; i < 4; ++i) {
            pkts[i].serial = i;
            pkts[i].launch = 10 - i;  // entry 3 is the oldest
            entries[i].pkt = &pkts[i];
        }
    }
};

TEST(SwitchAllocator, OneWinnerPerOutputAndAConflictWhenSeveralAsk) {
    fixture f;
    f.alloc.request(2, {&f.entries[0], 0});
    f.alloc.request(2, {&f.entries[3], 1});
    f.alloc.request(2, {&f.entries[1], 2});
    f.alloc.request(0, {&f.entries[2], 3});
    std::vector<std::pair<const entry*, int>> granted;
    const bool waiting = f.alloc.allocate(
        5, [](int, const entry&) { return true; },
        [&](const request& r, int o) {
            granted.emplace_back(r.e, o);
            return r.e->pkt;
        });
    EXPECT_FALSE(waiting);
    ASSERT_EQ(granted.size(), 2u);
    EXPECT_EQ(granted[0], std::make_pair(static_cast<const entry*>(&f.entries[3]), 2));
    EXPECT_EQ(granted[1], std::make_pair(static_cast<const entry*>(&f.entries[2]), 0));
    EXPECT_EQ(f.stats.conflicts, 1u);
    EXPECT_EQ(f.stats.waits, 2u);
    ASSERT_EQ(f.alloc.conflict_log().size(), 1u);
    EXPECT_EQ(f.alloc.conflict_log()[0].step, 5u);
    EXPECT_EQ(f.alloc.conflict_log()[0].router, 9u);
    EXPECT_EQ(f.alloc.conflict_log()[0].port, 2u);
    EXPECT_EQ(f.alloc.conflict_log()[0].requesters, 3u);
    ASSERT_EQ(f.seen.events.size(), 2u);
    EXPECT_TRUE(f.seen.events[0].sent);
    EXPECT_EQ(f.seen.events[0].serial, 3u);
    EXPECT_EQ(f.seen.events[0].requesters, 3u);
}

TEST(SwitchAllocator, OnlyPacketsWithACreditCompete) {
    fixture f;
    f.alloc.request(1, {&f.entries[3], 0});  // oldest, but no credit for it
    f.alloc.request(1, {&f.entries[0], 1});
    const entry* won = nullptr;
    const bool waiting = f.alloc.allocate(
        0, [&](int, const entry& e) { return &e != &f.entries[3]; },
        [&](const request& r, int) {
            won = r.e;
            return r.e->pkt;
        });
    EXPECT_TRUE(waiting);
    EXPECT_EQ(won, &f.entries[0]);
    EXPECT_EQ(f.stats.conflicts, 1u);  // two wanted the link, whatever the credits
    EXPECT_FALSE(f.entries[0].stalled);
    // Nobody with a credit: a stall, nothing sent.
    f.alloc.request(1, {&f.entries[3], 0});
    f.alloc.allocate(
        1, [](int, const entry&) { return false; },
        [](const request&, int) -> packet* { return nullptr; });
    EXPECT_EQ(f.stats.stalls, 1u);
    EXPECT_FALSE(f.seen.events.back().sent);
}

}  // namespace
}  // namespace d3
