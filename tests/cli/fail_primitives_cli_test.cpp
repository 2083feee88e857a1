// The primitives around failures (issue 47, item 5; docs/resilience.md, "The primitives around
// failures" and "Failures at a step") as a user runs them. A broadcast whose tree crosses a failure
// is split: the tree of section 8's broadcast (1,3;0,0,0) is worked out here by brute force in
// coordinates (not through the decoder), and the run's split is checked against it: which
// destinations its tree still reaches, which a rerouted unicast reaches (over g-l-g-l or a
// detour), which none reaches; every other destination receives exactly once and the packet log
// has no hop over the failure. A cable failing at step T of the all-to-all loses exactly the
// packets the log shows on it at T.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "cli/d3sim_cli.h"
#include "cli/failed_run.h"
#include "support/packet_log_rows.h"
#include "support/read_file.h"

namespace d3 {
namespace {

using row = test::log_row;
using test::crossing_from;
using test::crossing_later;
using test::expect_bad_input;
using test::failed_run;
using test::on_cable_at;
using test::on_cable_by_step;
using test::over_cable;
using test::read_all;
using test::run_d3sim;
using test::write_temp;

std::string unique(const std::string& name) {
    return test::unique_name("d3_fail_primitives", name);
}

struct router3 {
    int c, d, p;
    friend bool operator==(const router3& a, const router3& b) {
        return a.c == b.c && a.d == b.d && a.p == b.p;
    }
    friend bool operator<(const router3& a, const router3& b) {
        return a.c != b.c ? a.c < b.c : a.d != b.d ? a.d < b.d : a.p < b.p;
    }
};
std::string label(const router3& r) {  // "(c,d,p)"
    return "(" + std::to_string(r.c) + "," + std::to_string(r.d) + "," + std::to_string(r.p) + ")";
}
std::string log_name(const router3& r) {  // the packet log's "c.d.p"
    return std::to_string(r.c) + "." + std::to_string(r.d) + "." + std::to_string(r.p);
}

// D3(K,M) and its failed cables (pairs of routers, either way) and routers.
struct network3 {
    int k, m;
    std::vector<std::pair<router3, router3>> cables;
    std::vector<router3> routers;

    router3 at(int c, int d, int p) const {
        return {(c % k + k) % k, (d % m + m) % m, (p % m + m) % m};
    }
    // Global port a of (c,d,p) leads to (c + a, p, d); local port x to (c, d, p + x).
    router3 global(const router3& r, int a) const { return at(r.c + a, r.p, r.d); }
    router3 local(const router3& r, int x) const { return at(r.c, r.d, r.p + x); }
    bool failed(const router3& r) const {
        for (const router3& f : routers)
            if (f == r) return true;
        return false;
    }
    // A route (its routers in order; a router twice in a row is a hold) moves over a failed cable.
    bool crosses(const std::vector<router3>& route) const {
        for (std::size_t i = 0; i + 1 < route.size(); ++i) {
            const router3 &a = route[i], &b = route[i + 1];
            if (a == b) continue;
            if (failed(a) || failed(b)) return true;
            for (const auto& [x, y] : cables)
                if ((a == x && b == y) || (a == y && b == x)) return true;
        }
        return false;
    }
    // The broadcast tree's branch to its copy (gamma, pi, delta): local delta, global gamma,
    // local pi (section 8); and the g-l-g-l route of sections 8 and 10 from s to t.
    std::vector<router3> branch(const router3& s, int gamma, int pi, int delta) const {
        const router3 a = local(s, delta), b = global(a, gamma);
        return {s, a, b, local(b, pi)};
    }
    std::vector<router3> glgl(const router3& s, const router3& t) const {
        return {s, at(t.c, s.p, s.d), at(t.c, s.p, t.d), at(t.c, t.d, s.p), t};
    }
};

// What the split of the broadcast from `s` must be, by brute force over its tree.
struct expected_split {
    std::vector<int> slices;                      // global slices whose every branch survives
    std::set<std::string> on_tree;                // destinations over their branch of the tree
    std::map<std::string, std::string> rerouted;  // destination -> "glgl" or "detour"
    std::set<std::string> unreachable;
};
expected_split split_of(const network3& n, const router3& s) {
    expected_split e;
    for (int gamma = 0; gamma < n.k; ++gamma) {
        bool whole = true;
        for (int delta = 0; delta < n.m; ++delta)
            for (int pi = 0; pi < n.m; ++pi) {
                const std::vector<router3> b = n.branch(s, gamma, pi, delta);
                const router3 t = b.back();
                if (!n.crosses(b)) {
                    e.on_tree.insert(label(t));
                    continue;
                }
                whole = false;
                if (n.failed(t))
                    e.unreachable.insert(label(t));
                else
                    e.rerouted[label(t)] = n.crosses(n.glgl(s, t)) ? "detour" : "glgl";
            }
        if (whole) e.slices.push_back(gamma);
    }
    return e;
}

// Runs the broadcast from `s` with `failures` (d3sim options) and checks its split against
// split_of(n, s) and its packet log: `hop_over(row)` says a row is a hop over a failure.
template <typename HopOver>
void check_split(const network3& n, const router3& s, const std::string& failures,
                 HopOver hop_over) {
    const expected_split e = split_of(n, s);
    const std::string json = write_temp(unique("bc.json"), "");
    const std::string log = write_temp(unique("bc.csv"), "");
    const auto r = run_d3sim("--k " + std::to_string(n.k) + " --m " + std::to_string(n.m) +
                             " --primitive broadcast --source " + std::to_string(s.c) + "," +
                             std::to_string(s.d) + "," + std::to_string(s.p) + " " + failures +
                             " --json " + json + " --trace-packets " + log + " -q");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(read_all(json));
    EXPECT_TRUE(j["correct"].get<bool>()) << j["problems"];
    const auto& f = j["details"]["faults"];
    ASSERT_EQ(f["split_broadcasts"], 1);
    const auto& split = f["split_broadcast_messages"][0];
    EXPECT_EQ(split["source"], label(s));
    EXPECT_EQ(split["slices"].get<std::vector<int>>(), e.slices);
    EXPECT_EQ(split["on_tree"].get<std::set<std::string>>(), e.on_tree);
    std::map<std::string, std::string> rerouted;
    for (const auto& x : split["rerouted"]) rerouted[x["destination"]] = x["via"];
    EXPECT_EQ(rerouted, e.rerouted);
    EXPECT_EQ(split["unreachable"].get<std::set<std::string>>(), e.unreachable);
    EXPECT_EQ(f["split_on_tree"], e.on_tree.size());
    EXPECT_EQ(f["split_rerouted"], e.rerouted.size());
    EXPECT_EQ(f["unreachable"], e.unreachable.size());
    // Every reachable destination receives exactly once, the others nothing; no hop crosses.
    const std::size_t reachable = e.on_tree.size() + e.rerouted.size();
    EXPECT_EQ(j["delivered"], reachable);
    std::map<std::string, int> deliveries;
    for (const row& x : test::log_rows(read_all(log))) {
        if (x.event == "deliver") ++deliveries[x.router];
        EXPECT_FALSE(hop_over(x)) << x.step << " " << x.router << " " << x.output;
    }
    EXPECT_EQ(deliveries.size(), reachable);
    for (const auto& [where, copies] : deliveries) EXPECT_EQ(copies, 1) << where;
    for (const std::string& u : e.unreachable) {
        router3 x{};
        std::sscanf(u.c_str(), "(%d,%d,%d)", &x.c, &x.d, &x.p);
        EXPECT_EQ(deliveries.count(log_name(x)), 0u) << u;
    }
}

// D3(2,4), the broadcast from (0,0,1): the global cable (0,0,2) g 1 (to (1,2,0), whose port 1 is
// the way back) cuts the four copies of slice 1 that leave over it, and the failed router
// (1,3,3) is one copy of the same slice: slice 0 goes whole, 27 destinations by the tree, 4
// rerouted, 1 unreachable.
TEST(FailPrimitivesCli, ABroadcastIsSplitAroundACableAndARouterOnD3_2_4) {
    network3 n{2, 4, {{{0, 0, 2}, {1, 2, 0}}}, {{1, 3, 3}}};
    const expected_split e = split_of(n, {0, 0, 1});
    ASSERT_EQ(e.slices, std::vector<int>{0});  // by hand, as above
    ASSERT_EQ(e.rerouted.size(), 4u);
    ASSERT_EQ(e.unreachable.size(), 1u);
    const std::string cable = write_temp(unique("bc24.txt"), "0 0 2 g 1\n");
    const std::string router = write_temp(unique("bc24r.txt"), "1 3 3\n");
    check_split(
        n, {0, 0, 1}, "--fail-links " + cable + " --fail-routers " + router, [](const row& x) {
            return (x.event == "hop" && ((x.router == "0.0.2" && x.output == "global 1") ||
                                         (x.router == "1.2.0" && x.output == "global 1"))) ||
                   x.router == "1.3.3";
        });
}

// D3(4,8), the broadcast from (1,2,3) itself an end of the failed cable (1,2,3) g 1: the eight
// copies of slice 1 that leave over it have no g-l-g-l path either (it starts over the same
// cable): they take detours; slices 0, 2 and 3 go whole.
TEST(FailPrimitivesCli, ABroadcastFromACablesEndTakesDetoursOnD3_4_8) {
    network3 n{4, 8, {{{1, 2, 3}, {2, 3, 2}}}, {}};
    const expected_split e = split_of(n, {1, 2, 3});
    ASSERT_EQ(e.slices, (std::vector<int>{0, 2, 3}));
    ASSERT_EQ(e.rerouted.size(), 8u);
    for (const auto& [dst, via] : e.rerouted) ASSERT_EQ(via, "detour") << dst;
    const std::string cable = write_temp(unique("bc48.txt"), "1 2 3 g 1\n");
    check_split(n, {1, 2, 3}, "--fail-links " + cable, [](const row& x) {
        return x.event == "hop" && ((x.router == "1.2.3" && x.output == "global 1") ||
                                    (x.router == "2.3.2" && x.output == "global 3"));
    });
}

// The all-to-all of D3(4,8) with the cable failing at step `at`, its whole packet log (where each
// packet waits at a step: crossing_from's events); `more`: options of the run.
failed_run all_to_all_failing_at(std::uint64_t at, const std::string& tag,
                                 const std::string& more = "") {
    const std::string cable = write_temp(unique("a2a_cable.txt"), "1 2 3 g 1\n");
    return test::run_failing("--k 4 --m 8 --primitive all-to-all " + more + "--fail-links " +
                                 cable + "@" + std::to_string(at),
                             unique(tag));
}

// The all-to-all of D3(4,8) (256 x 256 messages) with the global cable (1,2,3) g 1 failing at the
// step the log of a run failing it late shows it most loaded (the run before its failure is the
// same whatever the step): exactly the packets on it are lost, each named, every other message
// is delivered once, nothing crosses the cable from then on, and the run exits 7.
void all_to_all_loses_exactly_the_packets_on_the_cable(const std::string& more,
                                                       const std::string& tag) {
    const failed_run probe = all_to_all_failing_at(287, tag + "probe", more);
    ASSERT_TRUE(probe.code == 0 || probe.code == 7) << probe.err;
    const std::vector<std::size_t> on = on_cable_by_step(probe.rows, 287);
    std::uint64_t at = 0;
    std::size_t most = 0;
    for (std::uint64_t t = 2; t < on.size(); ++t)
        if (on[t] > most) most = on[t], at = t;
    ASSERT_GE(most, 1u) << "the cable is never loaded: a test that could not fail";

    const failed_run r = all_to_all_failing_at(at, tag + "run", more);
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    // Lost besides those on it: those waiting in a link buffer or the hold stage whose route
    // crosses the cable later (the probe's log), since every detour climbs the channels (b 4 or 5
    // against the l-g-l route's 3 and less); those in an injection buffer go around it.
    const test::cable_losses losses = test::cable_losses_at(probe.rows, r.rows, at);
    const std::set<std::uint64_t>& on_it = losses.on_it;
    const crossing_later& crossing = losses.crossing;
    const std::set<std::uint64_t>& expected = losses.expected;
    EXPECT_EQ(on_it.size(), most);
    std::set<std::uint64_t> lost;
    for (const row& x : r.rows) {
        if (x.event == "lost") {
            EXPECT_EQ(x.step, at);
            lost.insert(x.packet);
        }
        if (x.step >= at) {
            EXPECT_FALSE(over_cable(x)) << "packet " << x.packet << " step " << x.step;
        }
    }
    EXPECT_EQ(lost, expected);
    const auto& f = r.j["details"]["faults"];
    EXPECT_EQ(f["failed_at"], at);
    EXPECT_EQ(f["lost"], expected.size());
    EXPECT_EQ(f["lost_on_failed_links"], on_it.size());
    EXPECT_EQ(f["lost_no_descending_detour"], crossing.in_network.size());
    EXPECT_EQ(f["rerouted_in_flight"], crossing.injected.size());
    EXPECT_EQ(f["lost_packets"].get<std::set<std::uint64_t>>(), expected);
    EXPECT_EQ(r.j["lost_to_failure"], expected.size());
    // Every other message delivered once: the ledger's count (a second copy would be
    // `duplicated`, a copy elsewhere `misrouted`) and the pair check against the workload.
    EXPECT_EQ(r.j["injected"], 256u * 256u);
    EXPECT_EQ(r.j["delivered"].get<std::size_t>() + lost.size(), 256u * 256u);
    EXPECT_EQ(r.j["duplicated"], 0);
    EXPECT_EQ(r.j["misrouted"], 0);
}

TEST(FailPrimitivesCli, TheAllToAllLosesExactlyThePacketsOnACableFailingAtAStep) {
    all_to_all_loses_exactly_the_packets_on_the_cable("", "");
}

// A router pipeline (a route stage of its own and a traversal cycle): a packet granted is in the
// far router's buffer at once, ready after A + T + the link, as without it.
TEST(FailPrimitivesCli, WithAPipelineTheAllToAllLosesExactlyThePacketsOnTheCable) {
    all_to_all_loses_exactly_the_packets_on_the_cable("--pipeline route,traverse ", "pipe-");
}

// Packets of 4 flits (virtual cut-through, one-cycle links): besides the packets whose head waits
// at the cable's far end, those whose tail is still on the cable are lost, wherever their head is,
// delivered included (the node takes a packet at its tail's arrival in a run with a failure at a
// step). By the probe's log (flit_losses_at, crossing_from): the step with most packets whose head
// was delivered while their tail was on the cable (delivered_heads_by_step); the run loses exactly
// those, the others with a flit on it and those whose route crosses it later from a link buffer;
// every other message is delivered once.
TEST(FailPrimitivesCli, MultiFlitAllToAllLosesExactlyThePacketsWithAFlitOnTheCable) {
    constexpr std::uint64_t kFlits = 4;
    const std::string flits = "--packet-length 4 --buffer-depth 8 ";
    const failed_run probe = all_to_all_failing_at(300, "flits-probe", flits);
    ASSERT_TRUE(probe.code == 0 || probe.code == 7) << probe.err;
    const std::vector<std::size_t> heads = test::delivered_heads_by_step(probe.rows, 300, kFlits);
    std::uint64_t at = 0;
    std::size_t most = 0;
    for (std::uint64_t t = 2; t < heads.size(); ++t)
        if (heads[t] > most) most = heads[t], at = t;
    ASSERT_GE(most, 1u) << "no head is delivered with its tail on the cable: could not fail";

    const failed_run r = all_to_all_failing_at(at, "flits-run", flits);
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    const test::flit_losses l = test::flit_losses_at(probe.rows, at, kFlits);
    EXPECT_EQ(l.delivered_heads.size(), most);
    std::set<std::uint64_t> on_it = l.heads;
    on_it.insert(l.tails_only.begin(), l.tails_only.end());
    const crossing_later crossing = crossing_from(probe.rows, r.rows, at, over_cable);
    std::set<std::uint64_t> expected = on_it;
    expected.insert(crossing.in_network.begin(), crossing.in_network.end());
    const test::failed_cable_fates fates =
        test::fates_after_failing_cable(r.rows, at, l.delivered_heads);
    EXPECT_EQ(fates.problems, std::vector<std::string>{});
    const std::set<std::uint64_t>& lost = fates.lost;
    const std::map<std::uint64_t, int>& delivered = fates.delivered;
    EXPECT_EQ(lost, expected);
    const auto& f = r.j["details"]["faults"];
    EXPECT_EQ(f["lost"], expected.size());
    EXPECT_EQ(f["lost_on_failed_links"], on_it.size());
    EXPECT_EQ(f["lost_no_descending_detour"], crossing.in_network.size());
    EXPECT_EQ(f["rerouted_in_flight"], crossing.injected.size());
    EXPECT_EQ(f["lost_packets"].get<std::set<std::uint64_t>>(), expected);
    // Each message delivered once or lost; a lost one's head delivered only with its tail on it.
    for (const auto& [p, n] : delivered)
        EXPECT_EQ(n, lost.count(p) && !l.delivered_heads.count(p) ? 0 : 1) << "packet " << p;
    EXPECT_EQ(r.j["injected"], 256u * 256u);
    EXPECT_EQ(r.j["delivered"].get<std::size_t>() + lost.size(), 256u * 256u);
    EXPECT_EQ(r.j["duplicated"], 0);
    EXPECT_EQ(r.j["misrouted"], 0);
}

// The router (3,1,4) failing at step 100 of the all-to-all: nothing is at it from then on (its
// packet log), and every message is delivered, lost, unreachable (launched to it from step 100
// on) or not launched (its own from step 100 on): 65,536 in all.
TEST(FailPrimitivesCli, TheAllToAllAccountsForEveryMessageOfARouterFailingAtAStep) {
    const std::string router = write_temp(unique("a2a_router.txt"), "3 1 4\n");
    const std::string json = write_temp(unique("a2a_router.json"), "");
    const std::string log = write_temp(unique("a2a_router.csv"), "");
    const auto r =
        run_d3sim("--k 4 --m 8 --primitive all-to-all --fail-routers " + router + "@100 --json " +
                  json + " --trace-packets " + log + " --trace-routers '3,1,4' -q");
    ASSERT_EQ(r.code, 7) << r.err;
    const auto j = nlohmann::json::parse(read_all(json));
    EXPECT_TRUE(j["correct"].get<bool>()) << j["problems"];
    const auto& f = j["details"]["faults"];
    std::set<std::uint64_t> lost;
    for (const row& x : test::log_rows(read_all(log))) {
        if (x.event == "lost") lost.insert(x.packet);
        EXPECT_TRUE(x.step < 100 || x.event == "lost") << x.step << " " << x.event;
    }
    // The packets lost in it are named; those lost on its cables wait at their far ends.
    const auto named = f["lost_packets"].get<std::set<std::uint64_t>>();
    EXPECT_EQ(named.size(), f["lost"].get<std::size_t>() - f["lost_unlaunched"].get<std::size_t>());
    EXPECT_EQ(lost.size(), f["lost_in_failed_routers"].get<std::size_t>());
    for (const std::uint64_t p : lost) EXPECT_EQ(named.count(p), 1u) << p;
    EXPECT_GT(f["not_launched"].get<int>(), 0);
    EXPECT_GT(f["unreachable"].get<int>(), 0);
    EXPECT_EQ(j["delivered"].get<std::uint64_t>() + f["lost"].get<std::uint64_t>() +
                  f["unreachable"].get<std::uint64_t>() + f["not_launched"].get<std::uint64_t>(),
              256u * 256u);
}

// The broadcast (1,3;0,0,0) from (1,2,3) of D3(4,8), by hand (section 8): branch (g, q, e) goes
// local e to (1,2,3+e), global g to (1+g, 3+e, 2), local q to (1+g, 3+e, 2+q). The global cable
// (1,2,0) g 1 carries the branches e = 5, g = 1. A failure while the copy of them is on it takes
// that copy and the 8 routers (2,0,2+q) it would reach; one step earlier the copy of e = 5 waits
// at (1,2,0) with its whole global level to go (no detour carries a tree): it is lost with the
// 32 routers (1+g, 0, 2+q). Every other router gets its copy once.
failed_run broadcast_failing_at(std::uint64_t at, const std::string& tag) {
    const std::string cable = write_temp(unique("bc_cable.txt"), "1 2 0 g 1\n");
    return test::run_failing("--k 4 --m 8 --primitive broadcast --source 1,2,3 --fail-links " +
                                 cable + "@" + std::to_string(at),
                             unique(tag));
}

void broadcast_loses_a_subtree(std::uint64_t at, bool whole_global_level, const std::string& tag) {
    std::set<std::string> cut, all;
    for (int g = 0; g < 4; ++g)
        for (int q = 0; q < 8; ++q)
            for (int e = 0; e < 8; ++e) {
                const std::string r = std::to_string((1 + g) % 4) + "." +
                                      std::to_string((3 + e) % 8) + "." +
                                      std::to_string((2 + q) % 8);
                all.insert(r);
                if (e == 5 && (g == 1 || whole_global_level)) cut.insert(r);
            }
    ASSERT_EQ(all.size(), 256u);
    const failed_run r = broadcast_failing_at(at, tag);
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    std::map<std::string, int> got;
    int lost = 0;
    for (const row& x : r.rows) {
        if (x.event == "deliver") ++got[x.router];
        if (x.event == "lost") {
            ++lost;
            EXPECT_EQ(x.router, whole_global_level ? "1.2.0" : "2.0.2");
        }
        if (x.step >= at) {
            EXPECT_FALSE(x.event == "hop" && ((x.router == "1.2.0" && x.output == "global 1") ||
                                              (x.router == "2.0.2" && x.output == "global 3")))
                << x.step;
        }
    }
    EXPECT_EQ(lost, 1);
    for (const std::string& x : all) EXPECT_EQ(got[x], cut.count(x) ? 0 : 1) << x;
    const auto& f = r.j["details"]["faults"];
    EXPECT_EQ(f["lost"], 1);
    EXPECT_EQ(f["lost_broadcast_copies"], 1);
    EXPECT_EQ(f["lost_deliveries"], cut.size());
    EXPECT_EQ(f[whole_global_level ? "lost_no_route" : "lost_on_failed_links"], 1);
    EXPECT_EQ(r.j["delivered"], 256 - cut.size());
    EXPECT_EQ(r.j["lost_to_failure"], 1);
}

TEST(FailPrimitivesCli, ABroadcastCopyTakenAtAStepLosesExactlyItsSubtree) {
    // The step at which the copy crosses the cable, from the log of the run failing it late.
    const failed_run probe = broadcast_failing_at(16, "bc_probe");
    ASSERT_EQ(probe.code, 0) << probe.err;
    const std::uint64_t s = test::last_hop_step(probe.rows, "1.2.0", "global 1");
    ASSERT_GE(s, 1u);
    broadcast_loses_a_subtree(s + 1, false, "bc_on");
    broadcast_loses_a_subtree(s, true, "bc_before");
}

// The packet log names each packet's destination in every event: the router its delivery is at.
// The all-to-all of D3(2,4) with (0,0,2) g 1 failed reroutes messages over g-l-g-l, whose
// synchronizing header changes on the way (walked from the source, it named other routers).
TEST(FailPrimitivesCli, ThePacketLogNamesEveryPacketsTrueDestination) {
    const std::string cable = write_temp(unique("dest24.txt"), "0 0 2 g 1\n");
    const failed_run r = test::run_failing(
        "--k 2 --m 4 --primitive all-to-all --fail-links " + cable, unique("dest24"));
    ASSERT_EQ(r.code, 0) << r.err;
    ASSERT_GT(r.j["details"]["faults"]["rerouted_paper_paths"].get<int>(), 0);
    std::map<std::uint64_t, std::string> at;
    for (const row& x : r.rows)
        if (x.event == "deliver") at[x.packet] = x.router;
    ASSERT_EQ(at.size(), 32u * 32u);
    for (const row& x : r.rows) EXPECT_EQ(x.destination, at.at(x.packet)) << x.packet;
}

TEST(FailPrimitivesCli, AFailureAtAStepRefusesWhatItCannotServe) {
    const std::string cable = write_temp(unique("bad.txt"), "1 2 3 g 1\n");
    const std::string run = "--k 4 --m 8 --primitive all-to-all --fail-links " + cable;
    expect_bad_input(run + "@0", "give SPEC without @T");
    expect_bad_input(run + "@9999", "after the primitive's last launch");
    expect_bad_input(
        "--k 4 --m 8 --primitive broadcast --source 1,2,3 --fail-links " + cable + "@17",
        "after the primitive's last launch");
}

}  // namespace
}  // namespace d3
