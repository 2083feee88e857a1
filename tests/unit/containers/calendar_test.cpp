// The wake-up calendar: earliest request wins, superseded requests are dropped, requests beyond
// the horizon come back in time, ascending id order within a cycle.
#include "core/containers/calendar.h"

#include <gtest/gtest.h>

#include <random>
#include <thread>
#include <vector>

namespace d3 {
namespace {

std::vector<std::uint32_t> take(calendar& c, std::uint64_t cycle) {
    std::vector<std::uint32_t> out;
    c.take_each(cycle, [&out](std::uint32_t id) { out.push_back(id); });
    return out;
}

TEST(Calendar, ClientsRunAtTheirEarliestRequestOnce) {
    calendar c(4, 8);
    EXPECT_EQ(c.request(2, 5), 5u);
    EXPECT_EQ(c.request(2, 7), calendar::kNever);  // already waits for 5
    EXPECT_EQ(c.request(2, 3), 3u);                // earlier: replaces 5
    EXPECT_EQ(c.request(0, 3), 3u);
    EXPECT_EQ(c.next(), 3u);
    EXPECT_EQ(take(c, 3), (std::vector<std::uint32_t>{0, 2}));  // in id order
    EXPECT_EQ(c.next(), 5u);                                    // the superseded request
    EXPECT_TRUE(take(c, 5).empty());                            // ... runs nobody
    EXPECT_FALSE(c.next().has_value());
}

// The stepper's wake-ups record without testing the cycle a client waits for, when the cycle
// asked for is no later than it (request_unasked): asking again for that cycle changes nothing,
// within the horizon or beyond it.
TEST(Calendar, AnUnaskedRequestForTheCycleWaitedForChangesNothing) {
    calendar c(3, 4);
    EXPECT_EQ(c.request_unasked(1, 2), 2u);
    EXPECT_EQ(c.request_unasked(1, 2), 2u);  // again: the same bit
    EXPECT_EQ(c.request_unasked(2, 20), 20u);
    EXPECT_EQ(c.request_unasked(2, 20), 20u);  // again, beyond the horizon
    EXPECT_EQ(c.waiting(1), 2u);
    EXPECT_EQ(take(c, 2), (std::vector<std::uint32_t>{1}));
    EXPECT_EQ(c.waiting(1), calendar::kNever);
    EXPECT_EQ(c.next(), 20u);
    EXPECT_EQ(take(c, 20), (std::vector<std::uint32_t>{2}));  // once
    EXPECT_FALSE(c.next().has_value());
}

TEST(Calendar, RequestsBeyondTheHorizonAndForTakenCycles) {
    calendar c(3, 4);
    c.request(1, 1000);
    c.request(0, 2);
    EXPECT_EQ(c.next(), 2u);
    EXPECT_EQ(take(c, 2), std::vector<std::uint32_t>{0});
    EXPECT_EQ(c.next(), 1000u);
    EXPECT_EQ(c.request(2, 1), 3u);  // cycle 1 was taken: the first open cycle
    EXPECT_EQ(take(c, 3), std::vector<std::uint32_t>{2});
    EXPECT_EQ(take(c, 1000), std::vector<std::uint32_t>{1});
    EXPECT_EQ(c.waiting(1), calendar::kNever);
}

TEST(Calendar, AWheelBucketHoldsOneCycleAtATime) {
    calendar c(2, 4);  // a wheel of 16 cycles
    for (std::uint64_t t = 0; t < 100; ++t) {
        c.request(0, t + 1);
        c.request(1, t + 15);
        const auto due = take(c, t + 1);
        ASSERT_EQ(due.size(), (t + 1 >= 15 && (t + 1 - 15) % 14 == 0) ? 2u : 1u) << t;
        if (due.size() == 2) c.request(1, t + 15);
    }
}

// A client stepped during take_each may ask for a later cycle for any client, one due in the same
// cycle and not yet called included (the stepper steps clients as the calendar yields them).
TEST(Calendar, RequestsMadeWhileTakingACycleAreKept) {
    calendar c(130, 4);  // clients in three words, a wheel of 16 cycles
    c.request(1, 3);
    c.request(129, 3);
    std::vector<std::uint32_t> called;
    std::vector<std::uint64_t> recorded;
    c.take_each(3, [&](std::uint32_t id) {
        called.push_back(id);
        if (id == 1) {
            recorded.push_back(c.request_open(129, 4));      // due now, not called yet
            recorded.push_back(c.request_open(64, 3 + 16));  // the slot being taken, a lap on
        }
    });
    EXPECT_EQ(called, (std::vector<std::uint32_t>{1, 129}));
    EXPECT_EQ(recorded, (std::vector<std::uint64_t>{4, 19}));
    EXPECT_EQ(take(c, 4), std::vector<std::uint32_t>{129});
    for (std::uint64_t t = 5; t < 19; ++t) EXPECT_TRUE(take(c, t).empty()) << t;
    EXPECT_EQ(take(c, 19), std::vector<std::uint32_t>{64});
}

// --threads: two threads make the requests of their own clients apart at once (clients 0..69 and
// 70..149: word 1 holds clients of both), within the horizon and beyond it; put in after them,
// the calendar runs every client when one calendar given the same requests in order does.
TEST(Calendar, RequestsMadeApartRunAsRequestsMadeInOrder) {
    constexpr std::uint32_t kClients = 150, kSplit = 70;
    calendar apart(kClients, 8), in_order(kClients, 8);
    std::mt19937 rng(7);
    std::vector<std::pair<std::uint32_t, std::uint64_t>> asks;
    for (int i = 0; i < 2000; ++i)
        asks.emplace_back(static_cast<std::uint32_t>(rng() % kClients), 1 + rng() % 40);
    // As the stepper asks: only a request earlier than the one a client waits for.
    const auto ask = [](calendar& c, std::uint32_t id, std::uint64_t cycle,
                        calendar::apart_requests* r) {
        if (c.waiting(id) <= cycle) return;
        if (r)
            c.request_apart(id, cycle, *r);
        else
            c.request_unasked(id, cycle);
    };
    for (const auto& [id, cycle] : asks) ask(in_order, id, cycle, nullptr);
    calendar::apart_requests low, high;
    std::thread other([&] {
        for (const auto& [id, cycle] : asks)
            if (id >= kSplit) ask(apart, id, cycle, &high);
    });
    for (const auto& [id, cycle] : asks)
        if (id < kSplit) ask(apart, id, cycle, &low);
    other.join();
    EXPECT_FALSE(high.far.empty());  // some beyond the horizon
    apart.add_requests(low);
    apart.add_requests(high);
    for (std::uint64_t cycle = 0; cycle <= 41; ++cycle) {
        ASSERT_EQ(apart.next(), in_order.next()) << cycle;
        ASSERT_EQ(take(apart, cycle), take(in_order, cycle)) << cycle;
    }
    EXPECT_FALSE(apart.next().has_value());
}

}  // namespace
}  // namespace d3
