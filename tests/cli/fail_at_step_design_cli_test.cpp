// --fail-links SPEC@T with a design-space router (issue 47, item 5; docs/resilience.md, "Failures
// at a step", "A design-space router"): a cable of D3(4,8) or MDF(4,8) fails at step T under
// uniform traffic of 8-flit wormhole packets, whose flits span routers and the links between:
// the cable and the step at which most packets span its far end (head gone on, tail still on
// it) in a run failing a cable after it drained, the same run up to then. The packets it takes are
// worked out from the packet log alone: those with a flit on the cable at T (the head crossed it
// before T and the tail had not left its far end: its `tail` event there), and those whose route
// crosses it later (the same run failing it after it drained) while their head waits in a link
// buffer or the hold stage (no detour keeps the VC classes by hop phase from there); those whose
// head is still at its source go around it. Every other packet is delivered exactly once, no flit
// crosses the cable from T on, the run's flits and credits balance, and it exits 7.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli/d3sim_cli.h"
#include "cli/failed_run.h"
#include "support/packet_log_rows.h"
#include "support/read_file.h"

namespace d3 {
namespace {

using row = test::log_row;
using test::failed_run;

// One cable, both its ends as the packet log names them, and as a --fail-links file names it.
struct cable {
    std::string a, a_port, b, b_port, spec;
};

// The design-space router of the tests: dynamic VCs in classes by hop phase, wormhole, 8-flit
// packets in 4-flit buffers (a packet spans three routers at least while it moves).
const std::string kDesign =
    "--traffic uniform --concentration 4 --rate 0.3 --warmup 30 --measure 60 "
    "--packet-length 8 --buffer-depth 4 --flow-control wormhole --vcs 4 ";

std::string unique(const std::string& name) {
    return test::unique_name("d3_fail_at_step_design", name);
}

// The router at the far end of a hop over the cable (either direction); "" for another row.
std::string far_end(const cable& c, const row& r) {
    if (r.router == c.a && r.output == c.a_port) return c.b;
    if (r.router == c.b && r.output == c.b_port) return c.a;
    return "";
}

// A head's hop or a tail's leaving over the cable.
bool over(const cable& c, const row& r) {
    return (r.event == "hop" || r.event == "tail") && !far_end(c, r).empty();
}

// "c d p g A" (MDF: "g 0 r g A") for router `router` ("c.d.p", "g.r") and its port `port`.
std::string spec_of(const std::string& router, const std::string& port) {
    std::string out;
    for (const char x : router) out += x == '.' ? ' ' : x;
    if (std::count(router.begin(), router.end(), '.') == 1) out.insert(out.find(' '), " 0");
    return out + (port.rfind("global", 0) == 0 ? " g" : " l") + port.substr(port.find(' ')) + "\n";
}

// The cable and the step in [from, to) with most packets spanning its far end (their head gone
// on from it, their tail still on the cable), by the packet log of a run: a head's hop over a
// cable at s puts the packet on it until its tail leaves the far end, where its next move starts.
struct busiest {
    cable c;
    std::uint64_t at = 0;
    std::size_t spanning = 0;
};
busiest busiest_cable(const std::vector<row>& rows, std::uint64_t from, std::uint64_t to) {
    std::map<std::uint64_t, std::vector<const row*>> by_packet;
    for (const row& r : rows) by_packet[r.packet].push_back(&r);
    std::map<std::string, std::vector<std::size_t>> count;  // per cable, per step from `from`
    std::map<std::string, cable> cables;
    for (const auto& [p, rs] : by_packet)
        for (std::size_t i = 0; i < rs.size(); ++i) {
            if (rs[i]->event != "hop") continue;
            std::size_t n = i + 1;  // the head's next move: at the far end
            while (n < rs.size() && !test::moves(*rs[n])) ++n;
            std::size_t tail = n;  // the tail leaving the far end
            while (tail < rs.size() &&
                   !(rs[tail]->event == "tail" && rs[tail]->router == rs[n]->router))
                ++tail;
            if (tail == rs.size()) continue;
            const cable c{rs[i]->router, rs[i]->output, rs[n]->router, rs[n]->input,
                          spec_of(rs[i]->router, rs[i]->output)};
            const std::string key = std::min(c.a + c.a_port, c.b + c.b_port);
            cables.emplace(key, c);
            std::vector<std::size_t>& k = count[key];
            k.resize(to - from, 0);
            for (std::uint64_t t = std::max(rs[n]->step + 1, from); t <= rs[tail]->step && t < to;
                 ++t)
                ++k[t - from];
        }
    busiest out;
    for (const auto& [key, k] : count)
        for (std::size_t t = 0; t < k.size(); ++t)
            if (k[t] > out.spanning) out = {cables.at(key), from + t, k[t]};
    return out;
}

// The packets with a flit on the cable at step t: the head crossed it before t and the tail had
// not left the far end by then. `beyond`: those of them whose head had left the far end too.
std::set<std::uint64_t> on_cable_at(const cable& c, const std::vector<row>& rows, std::uint64_t t,
                                    std::set<std::uint64_t>* beyond = nullptr) {
    std::map<std::uint64_t, std::string> crossed;  // packet -> the far end its head reached
    for (const row& r : rows)
        if (r.step < t && r.event == "hop" && over(c, r)) crossed[r.packet] = far_end(c, r);
    std::set<std::uint64_t> out;
    for (const auto& [p, end] : crossed) out.insert(p);
    for (const row& r : rows) {
        if (r.step >= t) break;  // the log is in step order
        const auto it = crossed.find(r.packet);
        if (it == crossed.end() || r.router != it->second) continue;
        if (r.event == "tail") out.erase(r.packet);
        if (beyond && test::moves(r) && r.event != "inject") beyond->insert(r.packet);
    }
    if (beyond) {
        std::set<std::uint64_t> both;
        for (const std::uint64_t p : *beyond)
            if (out.count(p)) both.insert(p);
        *beyond = both;
    }
    return out;
}

failed_run fail_cable_at(const cable& c, const std::string& options, std::uint64_t at,
                         const std::string& tag) {
    const std::string file = test::write_temp(unique(tag + "cable.txt"), c.spec);
    return test::run_failing(options + kDesign + "--fail-links " + file + "@" + std::to_string(at),
                             unique(tag));
}

void busiest_cable_loses_exactly_the_packets_with_flits_on_it(const std::string& options,
                                                              const std::string& tag) {
    // A probe: the same run, a cable failing after it drained (the run up to a failure is the
    // same whichever cable fails).
    const cable any{"", "", "", "", "0 0 1 g 1\n"};
    const failed_run probe = fail_cable_at(any, options, 400, tag + "probe");
    ASSERT_EQ(probe.code, 0) << probe.err;
    const busiest b = busiest_cable(probe.rows, 40, 88);
    ASSERT_GE(b.spanning, 2u) << "no packet spans a cable's far end: a test that could not fail";
    const cable& c = b.c;
    const std::uint64_t at = b.at;

    const failed_run r = fail_cable_at(c, options, at, tag + "run");
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    const std::set<std::uint64_t> on_it = on_cable_at(c, r.rows, at);
    const test::crossing_later crossing = test::crossing_from(
        probe.rows, r.rows, at, [&](const row& x) { return x.event == "hop" && over(c, x); });
    std::set<std::uint64_t> expected = on_it;
    expected.insert(crossing.in_network.begin(), crossing.in_network.end());

    std::set<std::uint64_t> lost, injected;
    std::map<std::uint64_t, int> delivered;
    for (const row& x : r.rows) {
        if (x.event == "lost") {
            EXPECT_EQ(x.step, at);
            lost.insert(x.packet);
        }
        if (x.event == "inject") injected.insert(x.packet);
        if (x.event == "deliver") ++delivered[x.packet];
        if (x.step >= at) {
            EXPECT_FALSE(over(c, x)) << "packet " << x.packet << " step " << x.step;
        }
    }
    EXPECT_EQ(lost, expected);
    const auto& f = r.j["traffic"]["faults"];
    EXPECT_EQ(f["failed_at"], at);
    EXPECT_EQ(f["lost"], expected.size());
    EXPECT_EQ(f["lost_on_failed_links"], on_it.size());
    EXPECT_EQ(f["lost_no_descending_detour"], crossing.in_network.size());
    EXPECT_EQ(f["rerouted_in_flight"], crossing.injected.size());
    EXPECT_EQ(f["lost_packets"].get<std::set<std::uint64_t>>(), expected);
    // Every packet injected is delivered exactly once or lost; a lost one's head reached its
    // terminal (its `deliver` event) only while its tail was on the cable.
    for (const std::uint64_t p : injected) {
        const int n = delivered.count(p) ? delivered.at(p) : 0;
        if (lost.count(p)) {
            EXPECT_TRUE(n == 0 || on_it.count(p)) << "packet " << p;
        } else {
            EXPECT_EQ(n, 1) << "packet " << p;
        }
    }
    EXPECT_EQ(r.j["injected"], injected.size());
    EXPECT_EQ(r.j["delivered"].get<std::size_t>() + lost.size(), injected.size());
    EXPECT_EQ(r.j["traffic"]["delivered"], r.j["traffic"]["created"]);
    // Flits: each injected one delivered or lost with its packet (8 a packet), each sent on a
    // link freed (the credit balance).
    const auto& flits = r.j["traffic"]["flits"];
    EXPECT_EQ(flits["injected"].get<std::uint64_t>(),
              flits["delivered"].get<std::uint64_t>() + 8 * lost.size())
        << flits;
    EXPECT_EQ(flits["link_sent"], flits["link_freed"]) << flits;
}

TEST(FailAtStepDesignCli, D3WormholeLosesExactlyThePacketsWithFlitsOnACable) {
    busiest_cable_loses_exactly_the_packets_with_flits_on_it(
        "--k 4 --m 8 --sw-allocator separable-input-first --vc-allocator "
        "separable-input-first ",
        "d3");
}

TEST(FailAtStepDesignCli, MdfWormholeLosesExactlyThePacketsWithFlitsOnACable) {
    busiest_cable_loses_exactly_the_packets_with_flits_on_it(
        "--k 4 --m 8 --topology mdf --sw-allocator islip --alloc-iters 2 --vc-allocator "
        "wavefront ",
        "mdf");
}

// The router (2,3,2) of D3(4,8) failing at step 60: the packets with a flit in it or on its
// cables out at 60 are lost (`lost_in_failed_routers` and `lost_on_failed_links`): by the probe's
// log (the same run up to 60), their head reached it before 60 (an event there, or a hop whose
// next move is there) and their tail had not left it (its `tail` event there), or their head left
// it over a cable and their tail had not left that cable's far end. Nothing happens at it from 60
// on but the `lost` events, and every other packet is delivered exactly once or lost.
TEST(FailAtStepDesignCli, ARouterFailingLosesThePacketsWithAFlitInIt) {
    const std::string options =
        "--k 4 --m 8 --sw-allocator separable-input-first --vc-allocator separable-input-first ";
    const std::string router = test::write_temp(unique("router.txt"), "2 3 2\n");
    const auto run = [&](std::uint64_t at, const std::string& tag) {
        return test::run_failing(
            options + kDesign + "--fail-routers " + router + "@" + std::to_string(at), unique(tag));
    };
    const std::string r0 = "2.3.2";
    const std::uint64_t at = 60;
    const failed_run probe = run(400, "router-probe");
    ASSERT_EQ(probe.code, 0) << probe.err;
    std::map<std::uint64_t, std::vector<const row*>> by_packet;
    for (const row& x : probe.rows) by_packet[x.packet].push_back(&x);
    // In it: the head reached it, the tail had not left it. On its cables out: the head left it
    // over one, the tail had not left that cable's far end.
    std::set<std::uint64_t> in_it, on_its_cables;
    for (const auto& [p, rs] : by_packet) {
        bool reached = false, left = false;
        std::string far;  // the far end of its last hop out of the router
        bool left_far = false;
        for (std::size_t i = 0; i < rs.size() && rs[i]->step < at; ++i) {
            const row& x = *rs[i];
            if (x.router == r0 && x.event == "tail") left = true;
            if (x.router == r0) reached = true;
            if (!far.empty() && x.router == far && x.event == "tail") left_far = true;
            if (x.event != "hop") continue;
            for (std::size_t n = i + 1; n < rs.size(); ++n)  // the head's next move: the far end
                if (test::moves(*rs[n])) {
                    reached = reached || rs[n]->router == r0;
                    if (x.router == r0) far = rs[n]->router, left_far = false;
                    break;
                }
        }
        if (reached && !left) in_it.insert(p);
        if (!far.empty() && !left_far) on_its_cables.insert(p);
    }
    ASSERT_GE(in_it.size(), 2u) << "the router holds nothing: a test that could not fail";

    const failed_run r = run(at, "router-run");
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    std::set<std::uint64_t> lost, injected;
    std::map<std::uint64_t, int> delivered;
    for (const row& x : r.rows) {
        if (x.event == "lost") lost.insert(x.packet);
        if (x.event == "inject") injected.insert(x.packet);
        if (x.event == "deliver") ++delivered[x.packet];
        if (x.step >= at && x.router == r0) {
            EXPECT_EQ(x.event, "lost") << "packet " << x.packet << " step " << x.step;
        }
    }
    std::set<std::uint64_t> there = in_it;
    there.insert(on_its_cables.begin(), on_its_cables.end());
    for (const std::uint64_t p : there) EXPECT_TRUE(lost.count(p)) << "packet " << p;
    // Each counted in failed routers or on failed links (by where its head waits first).
    const auto& f = r.j["traffic"]["faults"];
    EXPECT_EQ(f["lost_in_failed_routers"].get<std::size_t>() +
                  f["lost_on_failed_links"].get<std::size_t>(),
              there.size());
    for (const std::uint64_t p : injected)
        if (!lost.count(p)) {
            EXPECT_EQ(delivered.count(p) ? delivered.at(p) : 0, 1) << "packet " << p;
        }
    EXPECT_EQ(r.j["delivered"].get<std::size_t>() + lost.size(), injected.size());
}

}  // namespace
}  // namespace d3
