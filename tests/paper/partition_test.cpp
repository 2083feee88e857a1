// Subnetworks (section 4, Theorem 1; maintenance, sections 4 and 12; quadratic scaling, section
// 6) run by d3sim: a primitive in a partition gives exactly the figures of the standalone
// network of that shape, every partition at once, no link use crosses a boundary, and the
// routers taken off line are the paper's K(2M-1) and M^2. Label `paper`.
#include <gtest/gtest.h>

#include <algorithm>

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "run_d3sim.h"

namespace d3 {
namespace {

using nlohmann::json;
using u64 = std::uint64_t;
using test::net;
using test::run;

const char* const kFigures[] = {"rounds", "delays", "steps", "hops", "holds", "conflicts"};

// Runs `specs` on D3(k,m) and compares each partition with the standalone D3(k_i, m_i).
json expect_standalone(int k, int m, const std::vector<std::string>& specs,
                       const std::string& primitive) {
    std::string args = net(k, m) + " " + primitive;
    for (const std::string& s : specs) args += " --subnetwork " + s;
    const json r = run(args);
    EXPECT_TRUE(r["correct"].get<bool>()) << args;
    EXPECT_EQ(r["delivered"], r["expected"]);
    EXPECT_EQ(r["boundary_crossings"], 0) << args;
    EXPECT_EQ(r["idle_router_hops"], 0) << args;
    EXPECT_EQ(r["partitions"].size(), specs.size());
    for (const json& p : r["partitions"]) {
        const int pk = p["k"], pm = p["m"];
        const json alone = run(net(pk, pm) + " " + primitive);
        for (const char* f : kFigures)
            EXPECT_EQ(p[f], alone[f]) << args << ": " << p["spec"] << " " << f;
    }
    return r;
}

TEST(Partitions, TheIssueShapesEqualTheStandaloneNetworks) {
    const std::string a2a = "--primitive all-to-all";
    // Two D3(3,8) at once in D3(6,8); Theorem 7's figures for each: K M^2 rounds, K M delays,
    // K M^2 + K M + 2 steps, no conflict.
    json r = expect_standalone(6, 8, {"cabinets=0,1,2", "cabinets=3,4,5"}, a2a);
    for (const json& p : r["partitions"]) {
        EXPECT_EQ(p["rounds"], 3 * 64);
        EXPECT_EQ(p["delays"], 3 * 8);
        EXPECT_EQ(p["steps"], 3 * 64 + 3 * 8 + 2);
        EXPECT_EQ(p["conflicts"], 0);
    }
    EXPECT_EQ(r["idle_routers"], 0);
    // A drawer replaced: D3(4,7) runs, K(2M-1) routers off line.
    r = expect_standalone(4, 8, {"drawer-out=3"}, a2a);
    EXPECT_EQ(r["partitions"][0]["k"], 4);
    EXPECT_EQ(r["partitions"][0]["m"], 7);
    EXPECT_EQ(r["idle_routers"], 4 * (2 * 8 - 1));
    // A cabinet off line: D3(3,8) runs, M^2 routers off line.
    r = expect_standalone(4, 8, {"cabinet-out=1"}, a2a);
    EXPECT_EQ(r["idle_routers"], 64);
    // Theorem 1 on cabinets {0,2,5} of D3(9,6).
    r = expect_standalone(9, 6, {"cabinets=0,2,5"}, a2a);
    EXPECT_EQ(r["idle_routers"], 6 * 36);
}

TEST(Partitions, OtherPrimitivesAndSimultaneousPartitions) {
    // Section 4's example: D3(4,M) and the complementary D3(5,M) in D3(9,M), one-to-all from a
    // fixed point (its conflicts and delays must carry over too).
    expect_standalone(9, 4, {"cabinets=1,2,5,8", "cabinets=0,3,4,6,7"},
                      "--primitive one-to-all --source 0,1,1");
    // Quadratic scaling: positions split into D3(2,3) and D3(2,4) in D3(2,7), permutation.
    expect_standalone(2, 7, {"positions=0,1,2", "positions=3,4,5,6"},
                      "--primitive permutation --perm transpose");
    // Destination headers (section 10 tables): the glgl one-to-all on positions {1,3,5}.
    expect_standalone(3, 6, {"positions=1,3,5"}, "--primitive glgl-one-to-all");
}

TEST(Partitions, BadSpecsExitTwoWithOneLine) {
    for (const char* a : {"--subnetwork cabinets=0,1 --subnetwork cabinets=1,2",
                          "--subnetwork cabinets=0,7", "--subnetwork positions=1",
                          "--subnetwork rows=1", "--subnetwork cabinets=0,1 --primitive broadcast",
                          "--subnetwork cabinets=0,1 --subnetwork positions=0,1"}) {
        const test::outcome o =
            test::run_command(std::string(D3SIM) + " --k 4 --m 4 " + a + " -q --no-progress");
        EXPECT_EQ(o.code, 2) << a;
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << a << ": " << o.err;
    }
}

}  // namespace
}  // namespace d3
