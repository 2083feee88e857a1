// --fail-links SPEC@T with --request-reply (issue 47, item 5; docs/resilience.md, "Failures at a
// step"): a global cable of D3(4,8) fails at step T under closed request-reply traffic. What it
// takes is worked out from the packet log alone, as for one-way traffic (the packets on the cable
// and those waiting in a link buffer whose route crosses it later), and split into requests and
// replies by the channel the log shows each waiting in (a class has its own virtual channels:
// privileged replies below kVcs, standard requests from it). The run accounts for each: a lost
// request owes no reply, a lost reply ends its request's round trip; every other packet is
// delivered exactly once and every request delivered is answered.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "cli/d3sim_cli.h"
#include "cli/failed_run.h"
#include "support/packet_log_rows.h"
#include "support/read_file.h"

namespace d3 {
namespace {

using row = test::log_row;
using test::failed_run;
using test::over_cable;
using test::write_temp;

constexpr int kVcs = 5;  // the traffic runs' virtual channels per class (one per sync counter b)

std::string unique(const std::string& name) {
    return test::unique_name("d3_fail_rr", name);
}

failed_run fail_cable_at(std::uint64_t at, const std::string& tag) {
    const std::string cable = write_temp(unique("cable.txt"), "1 2 3 g 1\n");
    return test::run_failing(
        "--k 4 --m 8 --traffic uniform --concentration 4 --rate 0.3 "
        "--warmup 30 --measure 40 --request-reply --fail-links " +
            cable + "@" + std::to_string(at),
        unique(tag));
}

bool link_input(const row& x) {
    return x.input.rfind("local ", 0) == 0 || x.input.rfind("global ", 0) == 0;
}

// Each packet's class from the channels the log shows it waiting in: true for a reply.
std::map<std::uint64_t, bool> replies_by_channel(const std::vector<row>& rows) {
    std::map<std::uint64_t, bool> out;
    for (const row& x : rows)
        if (link_input(x)) out[x.packet] = x.vc < kVcs;
    return out;
}

// How many requests and replies are on the cable at each step below `steps` (a packet is on it
// from the step after its hop over it to its next move: test::on_cable_by_step's rule).
std::vector<std::pair<std::size_t, std::size_t>> on_cable_by_class(
    const std::vector<row>& rows, const std::map<std::uint64_t, bool>& reply, std::uint64_t steps) {
    std::vector<std::pair<std::size_t, std::size_t>> n(steps, {0, 0});
    std::map<std::uint64_t, std::uint64_t> hopped;
    const auto count = [&](std::uint64_t p, std::uint64_t from, std::uint64_t to) {
        for (std::uint64_t t = from + 1; t <= to && t < steps; ++t)
            ++(reply.at(p) ? n[t].second : n[t].first);
    };
    for (const row& x : rows) {
        if (!test::moves(x)) continue;
        if (const auto it = hopped.find(x.packet); it != hopped.end()) {
            count(x.packet, it->second, x.step);
            hopped.erase(it);
        }
        if (over_cable(x)) hopped[x.packet] = x.step;
    }
    return n;
}

TEST(FailRequestReplyCli, LostRequestsOweNoReplyAndLostRepliesEndTheirRoundTrips) {
    const failed_run probe = fail_cable_at(400, "probe");  // (after it drained)
    ASSERT_EQ(probe.code, 0) << probe.err;
    const std::map<std::uint64_t, bool> probe_reply = replies_by_channel(probe.rows);
    // The step with requests and replies both on the cable, most of the fewer, among those at
    // which every packet the cable must take has waited in a link buffer (its class known).
    const auto on = on_cable_by_class(probe.rows, probe_reply, 80);
    std::uint64_t at = 0;
    std::size_t best = 0;
    for (std::uint64_t t = 35; t < on.size(); ++t) {
        const std::size_t fewer = std::min(on[t].first, on[t].second);
        if (fewer <= best) continue;
        const auto must = test::cable_losses_at(probe.rows, probe.rows, t).expected;
        if (std::all_of(must.begin(), must.end(),
                        [&](std::uint64_t p) { return probe_reply.count(p) != 0; }))
            best = fewer, at = t;
    }
    ASSERT_GE(best, 1u) << "no step with both on the cable: a test that could not fail";

    const failed_run r = fail_cable_at(at, "run");
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    const test::cable_losses losses = test::cable_losses_at(probe.rows, r.rows, at);
    std::set<std::uint64_t> lost, injected;
    std::map<std::uint64_t, int> delivered;
    for (const row& x : r.rows) {
        if (x.event == "lost") lost.insert(x.packet);
        if (x.event == "inject") injected.insert(x.packet);
        if (x.event == "deliver") ++delivered[x.packet];
        if (x.step >= at) {
            EXPECT_FALSE(over_cable(x)) << "packet " << x.packet << " step " << x.step;
        }
    }
    EXPECT_EQ(lost, losses.expected);
    for (const std::uint64_t p : injected) {
        const int n = delivered.count(p) ? delivered.at(p) : 0;
        EXPECT_EQ(n + static_cast<int>(lost.count(p)), 1) << "packet " << p;
    }
    // Requests and replies among the lost, by their channels in the probe (the same run before
    // T, where each goes on to wait in a link buffer).
    const std::map<std::uint64_t, bool> reply = replies_by_channel(r.rows);
    std::size_t lost_requests = 0, lost_replies = 0;
    for (const std::uint64_t p : lost) {
        ASSERT_TRUE(probe_reply.count(p)) << "packet " << p << " never waited in a link buffer";
        ++(probe_reply.at(p) ? lost_replies : lost_requests);
    }
    EXPECT_GE(lost_requests, 1u);
    EXPECT_GE(lost_replies, 1u);
    // Requests and replies delivered, by their channels; a packet to its own router crosses no
    // link (uniform traffic sends some), and each such request's reply goes back to that router
    // alike: half of them are requests, half replies (a failure of a cable takes none of them).
    std::size_t requests_delivered = 0, replies_delivered = 0, to_itself = 0;
    for (const auto& [p, n] : delivered) {
        if (!reply.count(p)) {
            ++to_itself;
            continue;
        }
        ++(reply.at(p) ? replies_delivered : requests_delivered);
    }
    ASSERT_EQ(to_itself % 2, 0u);
    requests_delivered += to_itself / 2;
    replies_delivered += to_itself / 2;
    const auto& rr = r.j["traffic"]["request_reply"];
    EXPECT_EQ(rr["lost"]["requests"], lost_requests);
    EXPECT_EQ(rr["lost"]["replies"], lost_replies);
    EXPECT_EQ(rr["requests_delivered"], requests_delivered);
    EXPECT_EQ(rr["replies_delivered"], replies_delivered);
    // Every request delivered was answered (no reply is unreachable around one cable), and the
    // replies are those delivered and those lost; the lost ones are in neither `created`.
    EXPECT_EQ(rr["replies_unreachable"], 0);
    EXPECT_EQ(requests_delivered, replies_delivered + lost_replies);
    EXPECT_EQ(rr["requests_created"], requests_delivered);
    EXPECT_EQ(rr["replies_created"], replies_delivered);
    // Every measured request's round trip ended: its reply arrived or was lost.
    EXPECT_EQ(rr["measured_requests"].get<std::uint64_t>(),
              rr["measured_replies_delivered"].get<std::uint64_t>() +
                  rr["lost"]["measured_replies"].get<std::uint64_t>());
    EXPECT_EQ(rr["lost"]["round_trips"].get<std::uint64_t>(),
              rr["lost"]["measured_requests"].get<std::uint64_t>() +
                  rr["lost"]["measured_replies"].get<std::uint64_t>());
    EXPECT_TRUE(r.j["traffic"]["drained"].get<bool>());
    EXPECT_EQ(r.j["traffic"]["faults"]["lost"], lost.size());
    EXPECT_EQ(r.j["lost_to_failure"], lost.size());
}

}  // namespace
}  // namespace d3
