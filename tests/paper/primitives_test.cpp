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

#include "core/topology.h"
#include "path_counter.h"
#include "support/run_command.h"

namespace d3 {
namespace {

using nlohmann::json;
using u64 = std::uint64_t;

json run(const std::string& args, int expect_code = 0) {
    const test::outcome o =
        test::run_command(std::string(D3SIM) + " " + args + " --json - -q --no-progress");
    EXPECT_EQ(o.code, expect_code) << args << ": " << o.err;
    json j = json::parse(o.out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << args << ": " << o.out;
    return j;
}

std::string net(int k, int m) {
    return "--k " + std::to_string(k) + " --m " + std::to_string(m);
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
        test::path_counter pc(t);
        u64 slot = 0;
        for (int i = 0; i < k * m; ++i) {
            if (i >= 2 && i < m + 2) ++slot;  // the delay before round i
            for (int delta = 0; delta < m; ++delta)
                pc.source_vector({0, 1, 1}, slot, false, i / m, i % m, delta);
            ++slot;
        }
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

TEST(Paper, AllToOneTheorem6ConflictsWhereTheCounterSays) {
    for (auto [k, m] : kNets) {
        const topology t(k, m);
        const coord sink{0, 0, 1};
        // Round i: the sink's request broadcast; each responder (gamma, *, pi) answers in the step
        // after the request reaches it (the model's node turnaround).
        test::path_counter pc(t);
        for (int i = 0; i < k * m; ++i) {
            const u64 arrival = pc.source_vector(sink, static_cast<u64>(i), true, 0, 0, 0);
            const int gamma = i / m, pi = i % m;
            for (int d = 0; d < m; ++d) {
                const coord r{gamma, d, pi};
                const source_vector v = t.vector_to(r, sink);
                pc.source_vector(r, arrival + 1, false, v.gamma, v.pi, v.delta);
            }
        }
        json r = run(net(k, m) + " --primitive all-to-one --source 0,0,1");
        expect_clean(r);
        EXPECT_EQ(r["rounds"], static_cast<u64>(k * m));
        // KM request broadcasts to every router, plus one reply from every router.
        EXPECT_EQ(r["delivered"], static_cast<u64>(k * m + 1) * t.routers());
        EXPECT_EQ(r["conflicts"].get<u64>() > 0, pc.conflicts() > 0)
            << "D3(" << k << "," << m << ")";
        if (pc.conflicts() == 0) continue;
        expect_first_conflict(r, t, pc);
        r = run(net(k, m) + " --primitive all-to-one --source 0,0,1 --schedule fixed");
        expect_clean(r);
        EXPECT_EQ(r["conflicts"], 0);
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
