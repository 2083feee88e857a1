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

struct allocator_fixture {
    router_stats stats;
    recorder seen;
    std::vector<packet> pkts = std::vector<packet>(4);
    std::vector<entry> entries = std::vector<entry>(4);
    switch_allocator alloc{"switch_allocator", {3, arbitration::oldest_first, 6, 9, &seen}, stats};
    allocator_fixture() {
        for (std::size_t i = 0; i < 4; ++i) {
            pkts[i].serial = i;
            pkts[i].launch = 10 - i;  // entry 3 is the oldest
            entries[i].pkt = &pkts[i];
        }
    }
};

TEST(SwitchAllocator, OneWinnerPerOutputAndAConflictWhenSeveralAsk) {
    allocator_fixture f;
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

// More requesters than the allocator set room aside for (6 sources): its list of contended
// requests grows in the middle of a step and keeps every output's requesters, in two steps.
TEST(SwitchAllocator, ManyRequestersGrowTheListAndKeepEachOutputsOwn) {
    allocator_fixture f;
    std::vector<packet> pkts(40);
    std::vector<entry> entries(40);
    for (std::size_t i = 0; i < 40; ++i) {
        pkts[i].serial = 100 + i;
        pkts[i].launch = 1000 - i;  // the later, the older
        entries[i].pkt = &pkts[i];
    }
    for (int step = 0; step < 2; ++step) {
        for (std::size_t i = 0; i < 40; ++i)
            f.alloc.request(static_cast<target>(i % 3 == 0 ? 0 : 2),
                            {&entries[i], static_cast<std::uint32_t>(i % 6)});
        std::vector<std::pair<const entry*, int>> granted;
        f.alloc.allocate(
            static_cast<std::uint64_t>(step), [](int, const entry&) { return true; },
            [&](const request& r, int o) {
                granted.emplace_back(r.e, o);
                return r.e->pkt;
            });
        ASSERT_EQ(granted.size(), 2u);  // outputs in the order first asked: 0, then 2
        EXPECT_EQ(granted[0], std::make_pair(static_cast<const entry*>(&entries[39]), 0));
        EXPECT_EQ(granted[1], std::make_pair(static_cast<const entry*>(&entries[38]), 2));
        ASSERT_EQ(f.seen.events.size(), 2u * static_cast<std::size_t>(step + 1));
        EXPECT_EQ(f.seen.events[f.seen.events.size() - 2].requesters, 14u);
        EXPECT_EQ(f.seen.events.back().requesters, 26u);
    }
    EXPECT_EQ(f.stats.conflicts, 4u);
    EXPECT_EQ(f.stats.waits, 2u * (13u + 25u));
}

TEST(SwitchAllocator, OnlyPacketsWithACreditCompete) {
    allocator_fixture f;
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

// A conflict's waits are the packets that had a credit and lost the link (the packet log's
// conflict-wait events): one without a credit waits for its credit, not for the winner. Three ask,
// one has no credit: one wait; none has a credit: no wait (a stall).
template <typename Fixture>
void waits_count_packets_with_a_credit(Fixture& f) {
    for (std::uint32_t i : {0u, 1u, 3u}) f.alloc.request(1, {&f.entries[i], i});
    int lost = 0;
    f.alloc.allocate(
        0, [&](int, const entry& e) { return &e != &f.entries[3]; },
        [](const request& r, int) { return r.e->pkt; }, [&](const request&, int) { ++lost; });
    EXPECT_EQ(f.stats.conflicts, 1u);
    EXPECT_EQ(f.stats.waits, 1u);
    EXPECT_EQ(lost, 1);
    for (std::uint32_t i : {0u, 1u, 3u}) f.alloc.request(1, {&f.entries[i], i});
    f.alloc.allocate(
        1, [](int, const entry&) { return false; },
        [](const request&, int) -> packet* { return nullptr; });
    EXPECT_EQ(f.stats.conflicts, 2u);
    EXPECT_EQ(f.stats.waits, 1u);
    EXPECT_EQ(f.stats.stalls, 1u);
}

TEST(SwitchAllocator, WaitsCountThePacketsThatHadACredit) {
    allocator_fixture f;
    waits_count_packets_with_a_credit(f);
}

// The paper router's allocation (allocate<paper_step<...>>: one class, no background, no observer)
// grants the same packets and counts the same figures as the general one (any_step).
template <typename Step>
std::vector<std::uint64_t> allocate_rounds(router_stats& stats, std::vector<int>& stalled) {
    std::vector<packet> pkts(5);
    std::vector<entry> entries(5);
    for (std::size_t i = 0; i < pkts.size(); ++i) {
        pkts[i].serial = i;
        pkts[i].launch = 10 - i % 3;
        entries[i].pkt = &pkts[i];
        entries[i].stalled = true;
    }
    switch_allocator alloc{"switch_allocator", {3, arbitration::oldest_first, 6, 9}, stats};
    std::vector<std::uint64_t> out;  // per round: the serials granted, then whether one waits
    const auto grant = [&](const request& r, int o) {
        out.push_back(r.e->pkt->serial * 10 + static_cast<std::uint64_t>(o));
        return r.e->pkt;
    };
    for (std::uint64_t t = 0; t < 3; ++t) {
        alloc.request(2, {&entries[0], 0});
        alloc.request(2, {&entries[3], 1});
        alloc.request(1, {&entries[4], 4});
        alloc.request(2, {&entries[1], 2});
        alloc.request(1, {&entries[2], 3});
        alloc.request(0, {&entries[2], 5});
        // Round 0: every packet has a credit; 1: not entry 3, nor output 1; 2: none.
        const auto credit = [&](int o, const entry& e) {
            return t == 0 || (t == 1 && &e != &entries[3] && o != 1);
        };
        out.push_back(alloc.allocate<Step>(t, credit, grant));
    }
    for (const entry& e : entries) stalled.push_back(e.stalled);
    const auto& log = alloc.conflict_log();
    for (const conflict_record& c : log) out.push_back(c.step * 100 + c.port * 10 + c.requesters);
    return out;
}

TEST(SwitchAllocator, ThePaperStepAllocationDecidesAsTheGeneralOne) {
    router_stats general, plain;
    std::vector<int> general_stalled, plain_stalled;
    EXPECT_EQ(allocate_rounds<paper_step<d3_network>>(plain, plain_stalled),
              allocate_rounds<any_step>(general, general_stalled));
    EXPECT_EQ(plain_stalled, general_stalled);
    EXPECT_EQ(plain.conflicts, general.conflicts);
    EXPECT_EQ(plain.conflicts, 6u);
    EXPECT_EQ(plain.waits, general.waits);
    EXPECT_EQ(plain.stalls, general.stalls);
    EXPECT_GT(plain.stalls, 0u);
}

// Two service classes (core/router/service.h): the precedence of the privileged class, and the
// figures of the run's own packets kept apart from the background's.
struct two_classes {
    router_stats stats, background;
    std::vector<packet> pkts = std::vector<packet>(4);
    std::vector<entry> entries = std::vector<entry>(4);
    switch_allocator alloc{
        "switch_allocator", {3, arbitration::oldest_first, 6, 9, nullptr, 2, &background}, stats};
    two_classes() {
        for (std::size_t i = 0; i < 4; ++i) {
            pkts[i].serial = i;
            pkts[i].launch = 10 - i;  // entry 3 is the oldest
            entries[i].pkt = &pkts[i];
        }
    }
    std::vector<const entry*> run(std::uint64_t t, const entry* no_credit = nullptr) {
        std::vector<const entry*> won;
        alloc.allocate(
            t, [&](int, const entry& e) { return &e != no_credit; },
            [&](const request& r, int) {
                won.push_back(r.e);
                return r.e->pkt;
            });
        return won;
    }
};

// The same waits with a background (record_tagged), the run's own packets alone on the link: a
// background run used to count every requester without the link (2976 against 4056 conflict
// waits of the D3(2,4) all-to-all with --vcs 5 --buffer-depth 1, the background aside).
TEST(SwitchAllocator, WaitsAreTheSameWithABackground) {
    two_classes f;
    waits_count_packets_with_a_credit(f);
    EXPECT_EQ(f.background.conflicts, 0u);
}

TEST(SwitchAllocator, APrivilegedPacketBeatsOlderStandardOnes) {
    two_classes f;
    for (int i : {1, 2, 3}) {  // standard background, older than the privileged packet
        f.pkts[static_cast<std::size_t>(i)].service = 1;
        f.pkts[static_cast<std::size_t>(i)].background = true;
    }
    f.alloc.request(1, {&f.entries[3], 0});
    f.alloc.request(1, {&f.entries[0], 1});
    f.alloc.request(1, {&f.entries[2], 2});
    EXPECT_EQ(f.run(0), std::vector<const entry*>{&f.entries[0]});
    // Not a conflict of the privileged packet (nothing of its class or higher competed); one of
    // the background: three asked, none of its two got the link.
    EXPECT_EQ(f.stats.conflicts, 0u);
    EXPECT_EQ(f.stats.waits, 0u);
    EXPECT_TRUE(f.alloc.conflict_log().empty());
    EXPECT_EQ(f.background.conflicts, 1u);
    EXPECT_EQ(f.background.waits, 2u);
    // Among the standard ones, age decides again (oldest first): entry 3, then entry 2.
    f.alloc.request(1, {&f.entries[2], 2});
    f.alloc.request(1, {&f.entries[3], 0});
    EXPECT_EQ(f.run(1), std::vector<const entry*>{&f.entries[3]});
    EXPECT_EQ(f.background.conflicts, 2u);
    EXPECT_EQ(f.background.waits, 3u);
}

TEST(SwitchAllocator, AStandardPacketGoesWhenThePrivilegedOneHasNoCredit) {
    two_classes f;
    f.pkts[1].service = 1;
    f.pkts[1].background = true;
    f.alloc.request(2, {&f.entries[0], 0});
    f.alloc.request(2, {&f.entries[1], 1});
    // Separate channels per class: the privileged packet's channel is full, the standard one's
    // is not, so the standard packet uses the link the privileged one could not have used.
    EXPECT_EQ(f.run(0, &f.entries[0]), std::vector<const entry*>{&f.entries[1]});
    EXPECT_EQ(f.stats.stalls, 1u);
    EXPECT_EQ(f.background.stalls, 0u);
}

TEST(SwitchAllocator, PrivilegedPacketsConflictOnlyAmongThemselves) {
    two_classes f;
    f.pkts[2].service = 1;
    f.pkts[2].background = true;
    f.alloc.request(0, {&f.entries[0], 0});
    f.alloc.request(0, {&f.entries[1], 1});
    f.alloc.request(0, {&f.entries[2], 2});
    EXPECT_EQ(f.run(3), std::vector<const entry*>{&f.entries[1]});  // the older privileged one
    EXPECT_EQ(f.stats.conflicts, 1u);
    EXPECT_EQ(f.stats.waits, 1u);
    ASSERT_EQ(f.alloc.conflict_log().size(), 1u);
    EXPECT_EQ(f.alloc.conflict_log()[0].requesters, 2u);  // the two privileged packets
    EXPECT_EQ(f.background.conflicts, 1u);
    EXPECT_EQ(f.background.waits, 1u);
    // A standard primitive competes with the background as an equal: both kinds see a conflict.
    f.pkts[0].service = 1;
    f.pkts[1].service = 1;
    f.alloc.request(0, {&f.entries[0], 0});
    f.alloc.request(0, {&f.entries[2], 2});
    EXPECT_EQ(f.run(4), std::vector<const entry*>{&f.entries[2]});  // older
    EXPECT_EQ(f.stats.conflicts, 2u);
    EXPECT_EQ(f.stats.waits, 2u);
    EXPECT_EQ(f.background.conflicts, 2u);
    EXPECT_EQ(f.background.waits, 1u);
}

}  // namespace
}  // namespace d3
