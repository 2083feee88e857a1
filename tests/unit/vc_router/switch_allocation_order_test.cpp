// The switch allocation of listed requests (core/vc_router/switch_allocation.h, any_order()) grants
// the same pairs whatever the order its requests come in: the design-space router lists the
// switch requests of the heads granted a VC in the same round after those of the VCs active
// before (vc_router::step), not in index order. Checked against the same allocation fed in index
// order, cycle after cycle (the arbiters' pointers carried over), under random requests.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/vc_router/switch_allocation.h"

namespace d3 {
namespace {

struct order_case {
    std::string allocator;
    int vcs, input_speedup, iterations;
    std::string arbiter;
};

using grant_list = std::vector<std::pair<int, int>>;

/// The router setup of case `c`.
vc_router_setup setup_of(const order_case& c) {
    vc_router_setup s;
    s.vcs = c.vcs;
    s.sw_allocator = c.allocator;
    s.input_speedup = c.input_speedup;
    s.alloc_iters = c.iterations;
    s.arbiter = c.arbiter;
    return s;
}

/// Allocates `asks` (input VC, output, age) in the order given; the grants sorted.
grant_list allocate(switch_allocation& a, const std::vector<std::array<int, 3>>& asks) {
    for (const auto& r : asks)
        a.request(r[0], r[1], [&] { return static_cast<std::uint64_t>(r[2]); });
    grant_list g;
    a.allocate([&](int iv, int output) { g.emplace_back(iv, output); }, [] {});
    std::sort(g.begin(), g.end());
    return g;
}

TEST(SwitchAllocationOrder, ListedRequestsGrantTheSameInAnyOrder) {
    constexpr int kInputs = 7, kOutputs = 7, kCycles = 3000;
    const std::vector<order_case> cases = {
        {"separable-input-first", 2, 1, 1, "round-robin"},
        {"separable-input-first", 4, 2, 2, "round-robin"},
        {"separable-output-first", 3, 1, 1, "round-robin"},
        {"separable-output-first", 4, 2, 2, "round-robin"},
        {"islip", 2, 1, 2, "round-robin"},
        {"separable-input-first", 3, 1, 1, "oldest-first"},
        {"separable-input-first", 2, 2, 1, "matrix"},
    };
    std::mt19937_64 rng(43);
    int listed = 0;
    for (const order_case& c : cases) {
        SCOPED_TRACE(c.allocator + " vcs " + std::to_string(c.vcs) + " speedup " +
                     std::to_string(c.input_speedup) + " " + c.arbiter);
        const vc_router_setup s = setup_of(c);
        switch_allocation in_order(s, kInputs, kOutputs), shuffled(s, kInputs, kOutputs);
        if (!in_order.any_order()) continue;
        ++listed;
        std::uint64_t granted = 0;
        for (int cycle = 0; cycle < kCycles; ++cycle) {
            // Each input VC asks at most once a cycle, for one output; from one to all of them.
            std::vector<std::array<int, 3>> asks;
            const double p = std::uniform_real_distribution<double>(0.05, 1.0)(rng);
            for (int iv = 0; iv < kInputs * c.vcs; ++iv)
                if (std::bernoulli_distribution(p)(rng))
                    asks.push_back(
                        {iv, static_cast<int>(rng() % kOutputs), static_cast<int>(rng() % 1000)});
            std::vector<std::array<int, 3>> mixed = asks;
            std::shuffle(mixed.begin(), mixed.end(), rng);
            const grant_list a = allocate(in_order, asks), b = allocate(shuffled, mixed);
            ASSERT_EQ(a, b) << "cycle " << cycle;
            granted += a.size();
        }
        EXPECT_EQ(in_order.conflicts(), shuffled.conflicts());
        EXPECT_EQ(in_order.waits(), shuffled.waits());
        EXPECT_GT(granted, static_cast<std::uint64_t>(kCycles));  // the test granted something
    }
    EXPECT_GE(listed, 5);  // the allocators C uses take the listed path
}

// Listed requests taken by output (switch_allocation's by-output path: cycles in which no row
// asks twice go to the allocator column by column, the others as words) grant what the same
// allocation through the request matrix grants (an observed allocation, which lists nothing),
// with the same conflicts and waits, cycle after cycle.
TEST(SwitchAllocationOrder, RequestsByOutputGrantAsTheRequestMatrixDoes) {
    constexpr int kInputs = 7, kOutputs = 7, kCycles = 3000;
    const std::vector<order_case> cases = {
        {"separable-input-first", 2, 1, 1, "round-robin"},
        {"separable-input-first", 4, 2, 2, "round-robin"},
        {"separable-output-first", 3, 1, 1, "round-robin"},
        {"separable-output-first", 2, 2, 2, "round-robin"},
    };
    std::mt19937_64 rng(44);
    for (const order_case& c : cases) {
        SCOPED_TRACE(c.allocator + " vcs " + std::to_string(c.vcs) + " speedup " +
                     std::to_string(c.input_speedup));
        const vc_router_setup s = setup_of(c);
        switch_allocation by_output(s, kInputs, kOutputs), matrix(s, kInputs, kOutputs, true);
        ASSERT_TRUE(by_output.any_order());
        ASSERT_FALSE(matrix.any_order());
        for (int cycle = 0; cycle < kCycles; ++cycle) {
            std::vector<std::array<int, 3>> asks;
            const double p = std::uniform_real_distribution<double>(0.05, 1.0)(rng);
            const auto outputs = static_cast<unsigned>(1 + rng() % kOutputs);
            for (int iv = 0; iv < kInputs * c.vcs; ++iv)
                if (std::bernoulli_distribution(p)(rng))
                    asks.push_back({iv, static_cast<int>(rng() % outputs), 0});
            ASSERT_EQ(allocate(by_output, asks), allocate(matrix, asks)) << "cycle " << cycle;
        }
        EXPECT_EQ(by_output.conflicts(), matrix.conflicts());
        EXPECT_EQ(by_output.waits(), matrix.waits());
        EXPECT_GT(matrix.conflicts(), 0u);
    }
}

}  // namespace
}  // namespace d3
