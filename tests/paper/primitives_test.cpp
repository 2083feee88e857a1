// The paper's primitives run by d3sim, as a user runs them, against figures derived here: the
// paper's formulas, and an independent lockstep path counter (path_counter.h) for where a
// published schedule must conflict. Label `paper`.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/network/topology.h"
#include "path_counter.h"
#include "run_d3sim.h"

namespace d3 {
namespace {

using nlohmann::json;
using u64 = std::uint64_t;
using test::net;
using test::run;

// Theorem 5 from the fixed point (0,1,1) as the proof reads literally: a delay before each round
// i + 2 for the M rounds i with gamma = 0 (before rounds 2..M+1), counted by the path counter.
test::path_counter literal_one_to_all_count(const topology& t) {
    const int k = t.k(), m = t.m();
    test::path_counter pc(t);
    u64 slot = 0;
    for (int i = 0; i < k * m; ++i) {
        if (i >= 2 && i < m + 2) ++slot;  // the delay before round i
        for (int delta = 0; delta < m; ++delta)
            pc.source_vector({0, 1, 1}, slot, false, i / m, i % m, delta);
        ++slot;
    }
    return pc;
}

void expect_clean(const json& r) {
    EXPECT_TRUE(r["correct"].get<bool>());
    EXPECT_EQ(r["lost"], 0);
    EXPECT_EQ(r["duplicated"], 0);
    EXPECT_EQ(r["left_in_buffers"], 0);
    EXPECT_EQ(r["delivered"], r["expected"]);
}

// The model's first conflict (router id, "gA"/"lX", step) equals the counter's.
void expect_first_conflict(const json& r, const topology& t, const test::path_counter& pc) {
    test::link_step first;
    ASSERT_TRUE(pc.first_conflict(first));
    ASSERT_FALSE(r["first_conflicts"].empty());
    const json& c = r["first_conflicts"][0];
    EXPECT_EQ(c["step"].get<u64>(), first.step);
    EXPECT_EQ(c["router"].get<router_id>(), first.router) << to_string(t.at(first.router));
    EXPECT_EQ(c["port"].get<std::string>(),
              (first.global ? "g" : "l") + std::to_string(first.port));
}

const std::vector<std::pair<int, int>> kNets{{1, 4}, {2, 4}, {3, 6}, {4, 4}, {2, 8}};

TEST(Paper, ChainedBroadcastsTheorem4) {
    const u64 n = 6;
    for (auto [k, m] : kNets) {
        const u64 routers = static_cast<u64>(k * m * m);
        // d != p: Protocol 1, N rounds, no delay, N + 2 steps (footnote 4).
        json r = run(net(k, m) + " --primitive broadcast --count 6 --source 0,0,1");
        expect_clean(r);
        EXPECT_EQ(r["rounds"], n);
        EXPECT_EQ(r["delays"], 0);
        EXPECT_EQ(r["conflicts"], 0);
        EXPECT_EQ(r["steps"], n + 2);
        EXPECT_EQ(r["delivered"], n * routers);
        // d = p: Protocol 3, N rounds and N delays, no conflict.
        r = run(net(k, m) + " --primitive broadcast --count 6 --source 0,1,1");
        expect_clean(r);
        EXPECT_EQ(r["rounds"], n);
        EXPECT_EQ(r["delays"], n);
        EXPECT_EQ(r["conflicts"], 0);
        // d = p with Protocol 1: the counter finds rounds i and i+2 meeting, so does the model.
        const topology t(k, m);
        test::path_counter pc(t);
        for (u64 i = 0; i < n; ++i) pc.source_vector({0, 1, 1}, i, true, 0, 0, 0);
        ASSERT_GT(pc.conflicts(), 0u);
        r = run(net(k, m) + " --primitive broadcast --count 6 --source 0,1,1 --protocol 1");
        expect_clean(r);
        EXPECT_GT(r["conflicts"].get<u64>(), 0u);
        expect_first_conflict(r, t, pc);
    }
}

TEST(Paper, OneToAllTheorem5) {
    for (auto [k, m] : kNets) {
        const topology t(k, m);
        const u64 km = static_cast<u64>(k * m);
        json r = run(net(k, m) + " --primitive one-to-all --source 0,0,1");
        expect_clean(r);
        EXPECT_EQ(r["rounds"], km);
        EXPECT_EQ(r["delays"], 0);
        EXPECT_EQ(r["conflicts"], 0);
        EXPECT_EQ(r["delivered"], t.routers());
        EXPECT_EQ(r["steps"], km + 2);
        // d = p, the proof's delays (before rounds 2..M+1): the counter finds a conflict.
        const test::path_counter pc = literal_one_to_all_count(t);
        r = run(net(k, m) + " --primitive one-to-all --source 0,1,1");
        expect_clean(r);
        EXPECT_EQ(r["rounds"], km);
        // One delay before each round i + 2 for the M rounds i with gamma = 0 that have one.
        EXPECT_EQ(r["delays"], static_cast<u64>(std::min(m, k * m - 2)));
        ASSERT_GT(pc.conflicts(), 0u) << "D3(" << k << "," << m << ")";
        expect_first_conflict(r, t, pc);
        // The fixed schedule: conflict-free, and cheaper than the proof's M delays.
        r = run(net(k, m) + " --primitive one-to-all --source 0,1,1 --schedule fixed");
        expect_clean(r);
        EXPECT_EQ(r["conflicts"], 0);
        EXPECT_LT(r["delays"].get<u64>(), static_cast<u64>(m));
    }
}

// The all-to-one's requests and answers under the paper's idealised timing, counted here: round
// i's request is launched by the sink at program step i, reaches every router at i + 4, and each
// responder (gamma, *, pi) launches its answer `turnaround` steps later (0: in the delivery step,
// the paper's L G L D l g l; 1: one step later).
test::path_counter all_to_one_count(const topology& t, const coord& sink, u64 turnaround) {
    test::path_counter pc(t);
    const int k = t.k(), m = t.m();
    for (int i = 0; i < k * m; ++i) {
        const u64 arrival = pc.source_vector(sink, static_cast<u64>(i), true, 0, 0, 0);
        const int gamma = i / m, pi = i % m;
        for (int d = 0; d < m; ++d) {
            const coord r{gamma, d, pi};
            const source_vector v = t.vector_to(r, sink);
            pc.source_vector(r, arrival + turnaround, false, v.gamma, v.pi, v.delta);
        }
    }
    return pc;
}

TEST(Paper, AllToOneTheorem6ConflictsWhereTheCounterSays) {
    // Odd and even M; the sinks of the issue (D3(3,5) (1,2,4), D3(1,7) (0,6,2)) among them.
    const std::vector<std::pair<std::pair<int, int>, coord>> cases{
        {{2, 4}, {0, 0, 1}}, {{3, 5}, {1, 2, 4}}, {{1, 7}, {0, 6, 2}},
        {{3, 6}, {0, 0, 1}}, {{2, 5}, {1, 3, 0}}, {{4, 4}, {0, 0, 1}}};
    for (const auto& [km, sink] : cases) {
        const auto [k, m] = km;
        const topology t(k, m);
        const std::string at = " --primitive all-to-one --source " + std::to_string(sink.c) + "," +
                               std::to_string(sink.d) + "," + std::to_string(sink.p);
        for (const u64 turnaround : {u64{0}, u64{1}}) {
            const std::string timing = turnaround == 0 ? "" : " --turnaround next-step";
            const test::path_counter pc = all_to_one_count(t, sink, turnaround);
            json r = run(net(k, m) + at + timing);
            expect_clean(r);
            EXPECT_EQ(r["rounds"], static_cast<u64>(k * m));
            // KM request broadcasts to every router, plus one reply from every router.
            EXPECT_EQ(r["delivered"], static_cast<u64>(k * m + 1) * t.routers());
            EXPECT_EQ(r["details"]["answer_offset"], 4 + turnaround);
            // The planner's idealised count equals the counter's; the model conflicts iff it does.
            EXPECT_EQ(r["details"]["lockstep"]["conflicts"], pc.conflicts())
                << "D3(" << k << "," << m << ")" << timing;
            EXPECT_EQ(r["conflicts"].get<u64>() > 0, pc.conflicts() > 0)
                << "D3(" << k << "," << m << ")" << timing;
            if (pc.conflicts() == 0) continue;
            expect_first_conflict(r, t, pc);
            r = run(net(k, m) + at + timing + " --schedule fixed");
            expect_clean(r);
            EXPECT_EQ(r["conflicts"], 0);
        }
    }
}

// Theorem 5 from a fixed point (c,p,p), `--schedule fixed`: conflict-free with M - 3 delays for
// odd and even M. The bound: each of the M - 1 rounds with gamma = 0, pi != 0 sends its third
// step out of the source's local port pi, which the round two slots later uses in its first
// step; unless it is one of the last two rounds, that slot must be empty, and the slots are
// distinct. Brute force below on D3(1,4) and D3(1,5): no order with fewer delays is free.
TEST(Paper, OneToAllFixedReachesMMinus3) {
    for (auto [k, m] : std::vector<std::pair<int, int>>{
             {1, 4}, {1, 5}, {1, 7}, {2, 5}, {3, 5}, {2, 6}, {2, 9}, {1, 8}}) {
        const json r = run(net(k, m) + " --primitive one-to-all --source 0,1,1 --schedule fixed");
        expect_clean(r);
        EXPECT_EQ(r["conflicts"], 0) << "D3(" << k << "," << m << ")";
        EXPECT_EQ(r["delays"], static_cast<u64>(m - 3)) << "D3(" << k << "," << m << ")";
        EXPECT_EQ(r["rounds"], static_cast<u64>(k * m));
    }
    for (const int m : {4, 5}) {
        const topology t(1, m);
        // Every order of the M rounds in M + (M - 4) slots, the last slot taken.
        std::vector<int> rounds(static_cast<std::size_t>(m));
        for (int i = 0; i < m; ++i) rounds[static_cast<std::size_t>(i)] = i;
        const int slots = m + m - 4;
        std::vector<bool> empty_pattern(static_cast<std::size_t>(slots - 1), false);
        int free_schedules = 0, tried = 0;
        // the empty slots: any m - 4 of the first slots - 1 positions
        std::vector<int> pick(static_cast<std::size_t>(slots - 1), 0);
        for (int e = 0; e < m - 4; ++e) pick[pick.size() - 1 - static_cast<std::size_t>(e)] = 1;
        do {
            std::vector<int> order = rounds;
            do {
                test::path_counter pc(t);
                std::size_t next = 0;
                for (int s = 0; s < slots; ++s) {
                    if (s < slots - 1 && pick[static_cast<std::size_t>(s)] == 1) continue;
                    const int i = order[next++];
                    for (int delta = 0; delta < m; ++delta)
                        pc.source_vector({0, 1, 1}, static_cast<u64>(s), false, 0, i, delta);
                }
                ++tried;
                free_schedules += pc.conflicts() == 0 ? 1 : 0;
            } while (std::next_permutation(order.begin(), order.end()));
        } while (std::next_permutation(pick.begin(), pick.end()));
        EXPECT_GT(tried, 0);
        EXPECT_EQ(free_schedules, 0) << "D3(1," << m << ") with " << m - 4 << " delays";
    }
}

// The literal schedule of Theorem 5's proof from a fixed point (a delay before rounds 2..M+1):
// M - 1 link conflicts for K >= 2, M - 2 for K = 1 (counted here, and measured).
TEST(Paper, OneToAllLiteralDelaysConflicts) {
    for (auto [k, m] : std::vector<std::pair<int, int>>{{1, 4}, {1, 5}, {1, 6}, {2, 5}, {3, 4}}) {
        const topology t(k, m);
        const test::path_counter pc = literal_one_to_all_count(t);
        EXPECT_EQ(pc.conflicts(), static_cast<u64>(k == 1 ? m - 2 : m - 1))
            << "D3(" << k << "," << m << ")";
        const json r = run(net(k, m) + " --primitive one-to-all --source 0,1,1");
        expect_clean(r);
        EXPECT_EQ(r["conflicts"], pc.conflicts()) << "D3(" << k << "," << m << ")";
    }
}

// Section 12: the primitives with destination headers. Theorem 7's figures stay (K M^2 rounds,
// K M delays, K M^2 + K M + 2 steps, no conflict), and the one-to-all from a fixed point meets
// its first intra-round conflict where the path counter puts it, as with source vectors.
TEST(Paper, DestinationHeadersKeepRoundsAndIntraRoundConflicts) {
    for (auto [k, m] : std::vector<std::pair<int, int>>{{2, 4}, {3, 5}}) {
        const u64 km = static_cast<u64>(k * m);
        json r = run(net(k, m) + " --primitive all-to-all --headers destination");
        expect_clean(r);
        EXPECT_EQ(r["details"]["headers"], "destination");
        EXPECT_EQ(r["rounds"], km * static_cast<u64>(m));
        EXPECT_EQ(r["delays"], km);
        EXPECT_EQ(r["steps"], km * static_cast<u64>(m) + km + 2);
        EXPECT_EQ(r["conflicts"], 0);
        const topology t(k, m);
        const test::path_counter pc = literal_one_to_all_count(t);
        r = run(net(k, m) + " --primitive one-to-all --source 0,1,1 --headers destination");
        expect_clean(r);
        ASSERT_GT(pc.conflicts(), 0u);
        expect_first_conflict(r, t, pc);
    }
}

TEST(Paper, AllToAllProtocolCosts) {
    for (auto [k, m] : kNets) {
        const u64 n = static_cast<u64>(k * m * m);
        json r =
            run(net(k, m) + " --primitive all-to-all --protocol 2 --arbitration youngest-first");
        expect_clean(r);
        EXPECT_EQ(r["rounds"].get<u64>() + r["delays"].get<u64>(), 3 * n / 2);
        EXPECT_EQ(r["steps"], 3 * n / 2 + 1);  // last round in slot 3N/2 - 2, plus three steps
        r = run(net(k, m) + " --primitive all-to-all --protocol 3");
        expect_clean(r);
        EXPECT_EQ(r["rounds"].get<u64>() + r["delays"].get<u64>(), 2 * n);
        EXPECT_EQ(r["conflicts"], 0);
    }
}

TEST(Paper, PermutationTheorem8) {
    for (auto [k, m] : kNets)
        for (const char* perm : {"random", "transpose", "drawer-swap"}) {
            const json r = run(net(k, m) + " --primitive permutation --perm " + perm + " --seed 7");
            expect_clean(r);
            EXPECT_LE(r["steps"].get<int>(), m + 4) << perm << " D3(" << k << "," << m << ")";
        }
    // A permutation from a file: the cyclic shift of router ids on D3(2,4).
    const topology t(2, 4);
    const std::string path = testing::TempDir() + "d3_shift.perm";
    {
        std::ofstream f(path);
        for (router_id r = 0; r < t.routers(); ++r)
            f << to_string(t.at(r)).substr(1, 5) << " -> "
              << to_string(t.at((r + 5) % t.routers())).substr(1, 5) << "\n";
    }
    const json r = run(net(2, 4) + " --primitive permutation --perm " + path);
    expect_clean(r);
    EXPECT_EQ(r["delivered"], r["expected"]);
}

TEST(Paper, GlglOneToAll) {
    for (auto [k, m] : kNets) {
        const topology t(k, m);
        test::path_counter pc(t);
        for (int i = 0; i < m * m; ++i)
            for (int c = 0; c < k; ++c) pc.glgl({0, 0, 1}, static_cast<u64>(i), {c, i / m, i % m});
        const json r = run(net(k, m) + " --primitive glgl-one-to-all --source 0,0,1");
        expect_clean(r);
        EXPECT_EQ(r["rounds"], static_cast<u64>(m * m));
        EXPECT_EQ(r["delivered"], t.routers());
        EXPECT_EQ(r["conflicts"], pc.conflicts());
    }
}

}  // namespace
}  // namespace d3
