// --fail-links SPEC@T (issue 47, item 5; docs/resilience.md, "Failures at a step") as a user runs
// it: a global cable of D3(4,8) fails at step T under uniform traffic. The packets it takes are
// worked out from the packet log alone (those whose last event before T is a hop over the cable:
// the model puts a packet sent over a link in the far router's input buffer at once), not from
// what the run says it lost; every other packet is delivered exactly once, none crosses the cable
// from T on, and the run exits 7. A failure at a T at which nothing is on the cable loses nothing
// and exits 0; a bad @T is one line and exit 2.
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
using test::flit_losses;
using test::flit_losses_at;
using test::moves;
using test::on_cable_at;
using test::on_cable_by_step;
using test::over_cable;
using test::read_all;
using test::run_d3sim;
using test::write_temp;

std::string unique(const std::string& name) {
    return test::unique_name("d3_fail_at_step", name);
}

const std::string kRun =
    "--k 4 --m 8 --traffic uniform --concentration 4 --rate 0.5 --warmup 30 --measure 60 ";

// A run with the cable failing at `at`: its exit code, JSON and packet log.
failed_run fail_cable_at(std::uint64_t at, const std::string& tag, const std::string& more = "") {
    const std::string cable = write_temp(unique("cable.txt"), "1 2 3 g 1\n");
    return test::run_failing(kRun + more + "--fail-links " + cable + "@" + std::to_string(at),
                             unique(tag));
}

// `more`: options of the run (the router's pipeline).
void cable_under_load_loses_exactly_the_packets_on_it(const std::string& more,
                                                      const std::string& tag) {
    const failed_run probe = fail_cable_at(300, tag + "probe", more);  // (after it drained)
    const std::vector<std::size_t> on = on_cable_by_step(probe.rows, 88);
    std::uint64_t at = 0;
    std::size_t most = 0;
    for (std::uint64_t t = 40; t < on.size(); ++t)
        if (on[t] > most) most = on[t], at = t;
    ASSERT_GE(most, 2u) << "the cable is never loaded: a test that could not fail";

    const failed_run r = fail_cable_at(at, tag + "run", more);
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    const test::cable_losses losses = test::cable_losses_at(probe.rows, r.rows, at);
    const std::set<std::uint64_t>& on_it = losses.on_it;
    const crossing_later& crossing = losses.crossing;
    const std::set<std::uint64_t>& expected = losses.expected;
    EXPECT_EQ(on_it.size(), most);
    // The `lost` events, all of step `at`, at the far end of the cable the packet was sent over.
    std::set<std::uint64_t> lost;
    std::map<std::uint64_t, int> delivered;
    for (const row& x : r.rows) {
        if (x.event == "lost") {
            EXPECT_EQ(x.step, at);
            if (on_it.count(x.packet)) {
                EXPECT_TRUE(x.router == "2.3.2" || x.router == "1.2.3") << x.router;
            }
            lost.insert(x.packet);
        }
        if (x.event == "deliver") ++delivered[x.packet];
        if (x.step >= at) {
            EXPECT_FALSE(over_cable(x)) << "packet " << x.packet << " step " << x.step;
        }
    }
    EXPECT_EQ(lost, expected);
    // Each lost event names the channel it waited in: that of the b it arrived with over the
    // cable (5 channels, one per b: core/decoding/vc.h).
    std::map<std::uint64_t, int> arrived_b;
    for (const row& x : r.rows)
        if (x.step < at && over_cable(x)) arrived_b[x.packet] = x.b;
    for (const row& x : r.rows)
        if (x.event == "lost" && on_it.count(x.packet)) {
            EXPECT_EQ(x.vc, arrived_b.at(x.packet)) << "packet " << x.packet;
        }
    const auto& f = r.j["traffic"]["faults"];
    EXPECT_EQ(f["failed_at"], at);
    EXPECT_EQ(f["lost"], expected.size());
    EXPECT_EQ(f["lost_on_failed_links"], on_it.size());
    EXPECT_EQ(f["lost_no_descending_detour"], crossing.in_network.size());
    EXPECT_EQ(f["lost_packets"].get<std::set<std::uint64_t>>(), expected);
    EXPECT_EQ(r.j["lost_to_failure"], expected.size());
    // Every packet injected is delivered exactly once or lost, never both.
    std::set<std::uint64_t> injected;
    for (const row& x : r.rows)
        if (x.event == "inject") injected.insert(x.packet);
    for (const std::uint64_t p : injected) {
        const int n = delivered.count(p) ? delivered.at(p) : 0;
        EXPECT_EQ(n + static_cast<int>(lost.count(p)), 1) << "packet " << p;
    }
    EXPECT_EQ(r.j["injected"], injected.size());
    EXPECT_EQ(r.j["delivered"].get<std::size_t>() + lost.size(), injected.size());
    EXPECT_EQ(r.j["traffic"]["delivered"], r.j["traffic"]["created"]);
    // The packets in injection buffers whose route crossed it go around it.
    EXPECT_EQ(f["rerouted_in_flight"], crossing.injected.size());
    EXPECT_GT(crossing.injected.size(), 0u);
}

TEST(FailAtStepCli, AGlobalCableFailingUnderLoadLosesExactlyThePacketsOnIt) {
    cable_under_load_loses_exactly_the_packets_on_it("", "");
}

// A router pipeline (a route stage of its own and a traversal cycle): a packet
// granted is in the far router's buffer at once, ready after A + T + the link, as without it.
TEST(FailAtStepCli, WithAPipelineTheCableLosesExactlyThePacketsOnIt) {
    cable_under_load_loses_exactly_the_packets_on_it("--pipeline route,traverse ", "pipe-");
}

// Nothing on the cable and nothing in the network heading for it (a packet in a link buffer whose
// route crosses it would be lost: no detour descends from its channel).
TEST(FailAtStepCli, AFailureWithNothingOnOrHeadingForTheCableLosesNothingAndExitsZero) {
    const failed_run probe = fail_cable_at(300, "quiet-probe");  // (after it drained)
    const std::vector<std::size_t> on = on_cable_by_step(probe.rows, 88);
    std::uint64_t at = 0;
    for (std::uint64_t t = 40; t < on.size() && at == 0; ++t)
        if (on[t] == 0 && crossing_from(probe.rows, probe.rows, t, over_cable).in_network.empty())
            at = t;
    ASSERT_NE(at, 0u) << "the cable is never quiet";
    const failed_run r = fail_cable_at(at, "quiet");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>());
    EXPECT_EQ(r.j["traffic"]["faults"]["lost"], 0);
    EXPECT_EQ(r.j["traffic"]["faults"]["failed_at"], at);
    for (const row& x : r.rows) {
        EXPECT_NE(x.event, "lost");
        if (x.step >= at) {
            EXPECT_FALSE(over_cable(x));
        }
    }
}

// The router a hop out of `router` ("c.d.p") over `output` leads to on D3(4,8), by (2.1): local
// port x of (c,d,p) to (c,d,p+x), global port a to (c+a,p,d).
std::string far_end(const std::string& router, const std::string& output) {
    int c = 0, d = 0, p = 0, port = 0;
    char kind[8] = {};
    std::sscanf(router.c_str(), "%d.%d.%d", &c, &d, &p);
    std::sscanf(output.c_str(), "%7s %d", kind, &port);
    const bool global = std::string(kind) == "global";
    const int fc = global ? (c + port) % 4 : c, fd = global ? p : d,
              fp = global ? d : (p + port) % 8;
    return std::to_string(fc) + "." + std::to_string(fd) + "." + std::to_string(fp);
}

// A run with router (2,3,2) failing at `at`, with options `more`.
failed_run fail_router_at(std::uint64_t at, const std::string& tag, const std::string& more = "") {
    const std::string routers = write_temp(unique("router.txt"), "2 3 2\n");
    return test::run_failing(kRun + more + "--fail-routers " + routers + "@" + std::to_string(at),
                             unique(tag));
}

TEST(FailAtStepCli, ARouterFailingUnderLoadLosesWhatItHoldsAndWhatGoesToIt) {
    const std::string down = "2.3.2";
    const std::uint64_t at = 60;
    const failed_run probe = fail_router_at(300, "router-probe");  // (after it drained)
    const failed_run r = fail_router_at(at, "router");
    ASSERT_EQ(r.code, 7) << r.err;
    const nlohmann::json& j = r.j;
    EXPECT_TRUE(j["correct"].get<bool>()) << j["problems"];
    const std::vector<row>& rows = r.rows;
    // From the log before `at`: a packet is in the router when its last move injected it
    // there, held it there or sent it there; on one of its cables (which fail with it) when its
    // last move sent it out of there; it is lost too when it goes there and was not delivered.
    std::map<std::uint64_t, const row*> last;
    for (const row& x : rows)
        if (x.step < at && moves(x)) last[x.packet] = &x;
    std::set<std::uint64_t> inside, leaving, to_it;
    for (const auto& [packet, x] : last) {
        if (x->event == "deliver") continue;
        if ((x->event == "inject" || x->event == "hold") && x->router == down)
            inside.insert(packet);
        else if (x->event == "hop" && far_end(x->router, x->output) == down)
            inside.insert(packet);
        else if (x->event == "hop" && x->router == down)
            leaving.insert(packet);
        else if (x->destination == down)
            to_it.insert(packet);
    }
    ASSERT_FALSE(inside.empty()) << "nothing in the router: a test that could not fail";
    // The others whose route passes through it (they use it later in the probe).
    crossing_later through = crossing_from(probe.rows, rows, at, [&](const row& x) {
        return x.router == down || (x.event == "hop" && far_end(x.router, x.output) == down);
    });
    for (const std::set<std::uint64_t>* s : {&inside, &leaving, &to_it})
        for (const std::uint64_t p : *s) {
            through.injected.erase(p);
            through.in_network.erase(p);
        }
    std::set<std::uint64_t> lost, expected = inside;
    expected.insert(leaving.begin(), leaving.end());
    expected.insert(to_it.begin(), to_it.end());
    expected.insert(through.in_network.begin(), through.in_network.end());
    for (const row& x : rows) {
        if (x.event == "lost") lost.insert(x.packet);
        if (x.step >= at && x.event != "lost") {  // nothing in it, to it or from it
            EXPECT_NE(x.router, down) << x.event << " of packet " << x.packet;
            EXPECT_NE(x.destination, down) << x.event << " of packet " << x.packet;
            if (x.event == "hop") {
                EXPECT_NE(far_end(x.router, x.output), down);
            }
        }
    }
    EXPECT_EQ(lost, expected);
    const auto& f = j["traffic"]["faults"];
    EXPECT_EQ(f["lost_in_failed_routers"], inside.size());
    EXPECT_EQ(f["lost_on_failed_links"], leaving.size());
    EXPECT_EQ(f["lost_no_route"], to_it.size());
    EXPECT_EQ(f["lost_no_descending_detour"], through.in_network.size());
    EXPECT_EQ(f["rerouted_in_flight"], through.injected.size());
    EXPECT_EQ(f["lost_packets"].get<std::set<std::uint64_t>>(), expected);
    EXPECT_EQ(f["lost"].get<std::size_t>(),
              expected.size() + f["lost_unlaunched"].get<std::size_t>());
    EXPECT_EQ(j["traffic"]["delivered"], j["traffic"]["created"]);
}

// A router pipeline (route,traverse: A + T = 1 cycle after the grant): a packet the router ejects
// reaches its node a cycle later, so the router failing at T loses the packets it ejected in step
// T - 1 (their `deliver` event at it in the probe's log, then a `lost` event at its node) and hands
// over those it ejected before. Every other packet is delivered once or lost.
TEST(FailAtStepCli, WithAPipelineAFailingRouterLosesThePacketsItWasStillEjecting) {
    const std::string down = "2.3.2", pipe = "--pipeline route,traverse ";
    const failed_run probe = fail_router_at(300, "pipe-router-probe", pipe);  // (after it drained)
    std::map<std::uint64_t, std::set<std::uint64_t>> ejected;  // step -> packets it ejected
    for (const row& x : probe.rows)
        if (x.event == "deliver" && x.router == down) ejected[x.step].insert(x.packet);
    std::uint64_t at = 0;
    for (std::uint64_t t = 40; t < 88; ++t)
        if (ejected[t - 1].size() > ejected[at == 0 ? 0 : at - 1].size()) at = t;
    ASSERT_NE(at, 0u) << "the router ejects nothing: a test that could not fail";

    const failed_run r = fail_router_at(at, "pipe-router", pipe);
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    std::set<std::uint64_t> lost, injected, lost_after_ejection;
    std::map<std::uint64_t, int> delivered;
    for (const row& x : r.rows) {
        if (x.event == "deliver") ++delivered[x.packet];
        if (x.event == "inject") injected.insert(x.packet);
        if (x.event != "lost") continue;
        lost.insert(x.packet);
        if (!delivered.count(x.packet)) continue;
        lost_after_ejection.insert(x.packet);
        EXPECT_EQ(x.router, down) << "packet " << x.packet;
        EXPECT_EQ(x.input, "node") << "packet " << x.packet;
    }
    EXPECT_EQ(lost_after_ejection, ejected[at - 1]);
    for (const std::uint64_t p : injected) {
        const int n = delivered.count(p) ? delivered.at(p) : 0;
        EXPECT_EQ(n + static_cast<int>(lost.count(p) && !lost_after_ejection.count(p)), 1)
            << "packet " << p;
    }
    EXPECT_EQ(r.j["delivered"].get<std::size_t>() + lost.size(), injected.size());
    EXPECT_EQ(r.j["traffic"]["faults"]["lost_packets"].get<std::set<std::uint64_t>>(), lost);
}

// Packets of F flits (virtual cut-through): the head moves on as soon as it arrives, the tail F - 1
// cycles behind it on every link. A packet is lost when its head waits at the cable's far end (as
// with one flit), and also when its head has gone on but its tail is still on the cable: it
// crossed the cable in step s and its tail reaches the far end in step s + F - 1 + 1 (one-cycle
// links) >= T, even when its head was delivered before T (the node takes a packet at its tail's
// arrival in a run with a failure at a step: the tail would have come over the failed cable).
constexpr std::uint64_t kFlits = 4;
const std::string kFlitRun = "--packet-length 4 --buffer-depth 8 ";

TEST(FailAtStepCli, MultiFlitPacketsWithAnyFlitOnTheCableAreLostWhole) {
    const failed_run probe = fail_cable_at(300, "flits-probe", kFlitRun);  // (after it drained)
    // The probe's log before 89 is any run's before its T: the T with most packets whose head
    // was delivered while their tail was on the cable, then most tails alone on it.
    std::uint64_t at = 0;
    std::size_t most = 0;
    for (std::uint64_t t = 40; t < 88; ++t) {
        const flit_losses l = flit_losses_at(probe.rows, t, kFlits);
        const std::size_t score =
            l.delivered_heads.size() * 10000 + l.tails_only.size() * 100 + l.heads.size();
        if (score > most) most = score, at = t;
    }
    ASSERT_GE(most, 10000u) << "no head is delivered with its tail on the cable: could not fail";

    const failed_run r = fail_cable_at(at, "flits", kFlitRun);
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    const flit_losses l = flit_losses_at(probe.rows, at, kFlits);
    std::set<std::uint64_t> expected = l.heads;
    expected.insert(l.tails_only.begin(), l.tails_only.end());
    const crossing_later crossing = crossing_from(probe.rows, r.rows, at, over_cable);
    std::set<std::uint64_t> all = expected;
    all.insert(crossing.in_network.begin(), crossing.in_network.end());
    // Lost at `at` only, a packet whose head was delivered at that router's node, nothing over the
    // cable from `at` on.
    const test::failed_cable_fates fates =
        test::fates_after_failing_cable(r.rows, at, l.delivered_heads);
    EXPECT_EQ(fates.problems, std::vector<std::string>{});
    const std::set<std::uint64_t>& lost = fates.lost;
    const std::map<std::uint64_t, int>& delivered = fates.delivered;
    EXPECT_EQ(lost, all);
    const auto& f = r.j["traffic"]["faults"];
    EXPECT_EQ(f["lost_on_failed_links"], expected.size());
    EXPECT_EQ(f["lost_no_descending_detour"], crossing.in_network.size());
    EXPECT_EQ(f["rerouted_in_flight"], crossing.injected.size());
    EXPECT_EQ(f["lost_packets"].get<std::set<std::uint64_t>>(), all);
    // Every packet injected is delivered once or lost; a lost one's head was delivered (the
    // log's `deliver`, its head's ejection) only while its tail was on the cable.
    std::set<std::uint64_t> injected;
    for (const row& x : r.rows)
        if (x.event == "inject") injected.insert(x.packet);
    for (const std::uint64_t p : injected) {
        const int n = delivered.count(p) ? delivered.at(p) : 0;
        const bool head_only = l.delivered_heads.count(p) != 0;
        EXPECT_EQ(n, lost.count(p) && !head_only ? 0 : 1) << "packet " << p;
    }
    EXPECT_EQ(r.j["delivered"].get<std::size_t>() + all.size(), injected.size());
    EXPECT_EQ(r.j["traffic"]["delivered"], r.j["traffic"]["created"]);
    // Every flit's slot came back (the run's own check), and the flits balance by hand.
    const auto& flits = r.j["traffic"]["flits"];
    EXPECT_EQ(flits["link_sent"], flits["link_freed"]);
    EXPECT_EQ(flits["injected"].get<std::uint64_t>(),
              flits["delivered"].get<std::uint64_t>() + kFlits * all.size());
    EXPECT_EQ(flits["injected"].get<std::uint64_t>(), kFlits * injected.size());
}

// Packets of two sizes, a router failing: what its last move put in the router or sent out of
// it is lost (as with one flit); what else is lost crossed one of its cables in the last 8 + 1
// steps (a tail of at most 8 flits on it, its head delivered or not) or was going to it (its head
// delivered there in the last 8 steps: its tail still in it). Every packet is delivered once or
// lost, and the run's flit and credit balance holds.
TEST(FailAtStepCli, PacketsOfTwoSizesLoseWhatTheFailedRouterHeldOrCarried) {
    const std::string down = "2.3.2", sizes = "--packet-sizes 1:1,8:1 --buffer-depth 16 ";
    const std::uint64_t at = 60;
    const failed_run probe = fail_router_at(300, "sizes-probe", sizes);  // (after it drained)
    const failed_run r = fail_router_at(at, "sizes", sizes);
    ASSERT_EQ(r.code, 7) << r.err;
    const nlohmann::json& j = r.j;
    EXPECT_TRUE(j["correct"].get<bool>()) << j["problems"];
    const std::vector<row>& rows = r.rows;
    const crossing_later through = crossing_from(probe.rows, rows, at, [&](const row& x) {
        return x.router == down || (x.event == "hop" && far_end(x.router, x.output) == down);
    });
    std::map<std::uint64_t, const row*> last;
    std::set<std::uint64_t> near;  // crossed one of its cables in steps at - 9 .. at - 1
    for (const row& x : rows) {
        if (x.step >= at || !moves(x)) continue;
        last[x.packet] = &x;
        if (x.event == "hop" && (x.router == down || far_end(x.router, x.output) == down) &&
            x.step + 9 >= at)
            near.insert(x.packet);
    }
    std::set<std::uint64_t> surely, maybe;
    for (const auto& [packet, x] : last) {
        if (x->event == "deliver") {  // its head: its tail may still be on one of its cables
            if (near.count(packet)) maybe.insert(packet);
            if (x->router == down && x->step + 7 >= at) maybe.insert(packet);  // or in it
            continue;
        }
        const bool in =
            ((x->event == "inject" || x->event == "hold") && x->router == down) ||
            (x->event == "hop" && (x->router == down || far_end(x->router, x->output) == down));
        if (in)
            surely.insert(packet);
        else if (near.count(packet) || x->destination == down || through.in_network.count(packet))
            maybe.insert(packet);
    }
    ASSERT_FALSE(surely.empty()) << "nothing in the router: a test that could not fail";
    std::set<std::uint64_t> lost, delivered, injected;
    std::map<std::uint64_t, const row*> delivery;
    for (const row& x : rows) {
        if (x.event == "lost") lost.insert(x.packet);
        if (x.event == "deliver") {
            EXPECT_TRUE(delivered.insert(x.packet).second) << "packet " << x.packet;
            delivery[x.packet] = &x;
        }
        if (x.event == "inject") injected.insert(x.packet);
        if (x.step >= at && x.event != "lost") {
            EXPECT_NE(x.router, down);
        }
    }
    for (const std::uint64_t p : surely) EXPECT_TRUE(lost.count(p)) << "packet " << p;
    for (const std::uint64_t p : lost)
        EXPECT_TRUE(surely.count(p) || maybe.count(p)) << "packet " << p << " lost";
    // Lost after its head was delivered (before `at`) only as `maybe` says: its tail still on one
    // of its cables or in it.
    for (const std::uint64_t p : injected)
        if (lost.count(p) && delivered.count(p)) {
            EXPECT_LT(delivery.at(p)->step, at) << "packet " << p;
        } else {
            EXPECT_EQ(delivered.count(p) + lost.count(p), 1u) << "packet " << p;
        }
    const auto& f = j["traffic"]["faults"];
    EXPECT_EQ(f["lost_packets"].get<std::set<std::uint64_t>>(), lost);
    const auto& flits = j["traffic"]["flits"];
    EXPECT_EQ(flits["link_sent"], flits["link_freed"]);
    EXPECT_GT(flits["injected"].get<std::uint64_t>(), flits["delivered"].get<std::uint64_t>());
}

// Past saturation (rate 1.0) the sources hold queues of launches made before the failure: those
// whose route crosses the cable go around it too (rerouted_queued), so that, as the packet log
// shows, nothing crosses the cable from T on (before they were judged, 14 hops did here).
TEST(FailAtStepCli, LaunchesQueuedAtTheFailureGoAroundIt) {
    const std::string cable = write_temp(unique("queued_cable.txt"), "1 2 3 g 1\n");
    const failed_run r = test::run_failing(
        "--k 4 --m 8 --traffic uniform --concentration 4 --rate 1.0 --warmup 30 --measure 60 "
        "--fail-links " +
            cable + "@60",
        unique("queued"));
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    std::size_t crossings = 0;
    for (const row& x : r.rows)
        if (x.step >= 60 && over_cable(x)) ++crossings;
    EXPECT_EQ(crossings, 0u);
    EXPECT_GT(r.j["traffic"]["faults"]["rerouted_queued"].get<std::uint64_t>(), 0u);
}

// --measure auto: a lost packet leaves the batches the window is found from (they complete
// without it), so the window counts the packets created in it but the lost ones. At this load
// none waits in its source's queue (queueing 0): a packet's `inject` event is its creation.
TEST(FailAtStepCli, MeasureAutoLeavesTheLostPacketsOutOfItsWindow) {
    const std::string cable = write_temp(unique("auto-cable.txt"), "1 2 3 g 1\n");
    const failed_run r = test::run_failing(
        "--k 4 --m 8 --traffic uniform --concentration 4 --rate 0.4 --warmup 30 --measure auto "
        "--fail-links " +
            cable + "@45",
        unique("auto"));
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    const auto& t = r.j["traffic"];
    ASSERT_EQ(t["latency"]["queueing"]["mean"], 0.0);
    EXPECT_TRUE(t["measure_auto"]["converged"].get<bool>());
    const auto begin = t["measure_auto"]["window_begin"].get<std::uint64_t>();
    const auto end = t["measure_auto"]["window_end"].get<std::uint64_t>();
    std::set<std::uint64_t> lost;
    for (const row& x : r.rows)
        if (x.event == "lost") lost.insert(x.packet);
    std::size_t created = 0, lost_in_it = 0;
    for (const row& x : r.rows)
        if (x.event == "inject" && x.step >= begin && x.step < end)
            ++(lost.count(x.packet) ? lost_in_it : created);
    EXPECT_GT(lost_in_it, 0u) << "the window has no lost packet: a test that could not fail";
    EXPECT_EQ(t["measured_created"], created);
    EXPECT_EQ(t["measured_delivered"], created);
}

TEST(FailAtStepCli, BadStepsAreOneLineErrors) {
    const std::string run = "--k 2 --m 3 --traffic uniform --warmup 10 --measure 10 ";
    expect_bad_input(run + "--fail-links random:1@soon", "must be a whole number");
    expect_bad_input(run + "--fail-links random:1@", "must be a whole number");
    expect_bad_input(run + "--fail-links random:1@0", "failure before the run");
    expect_bad_input(run + "--fail-links random:1@100000", "beyond the run");
    expect_bad_input(run + "--fail-links random:1@5 --fail-routers random:1@6", "same step");
}

}  // namespace
}  // namespace d3
