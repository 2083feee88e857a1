// Failures at a step under primitives that broadcast (issue 47, item 5; docs/resilience.md,
// "Answers to a lost delivery" and "A multi-flit copy sent on before its parent's tail"), as a
// user runs them. The trees are worked out here by hand in coordinates (section 8), the steps read
// from the packet log of a probe run that fails the cable after the copies crossed it.
//
// 1. The vector-matrix product on D3(4,8) (paper/beyond/vector_matrix.h): the holder (0,t,t)
//    broadcasts x[t] (global all, then local all: global g to (g,t,t), local to (g,t,q)); each
//    (g,t,q) answers with its product, sent to the fixed point (g,q,q), which sums the M products
//    of its column. A lost copy's routers do not answer: their products are no longer expected,
//    and their fixed points' sums are those of the products that arrived.
// 2. The broadcast (1,3;0,0,0) from (1,2,3) of D3(4,8) with 4-flit packets: the copies sent on from
//    the far end of a failed cable while their parent's tail is still on it are lost with it.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>

#include "cli/d3sim_cli.h"
#include "cli/failed_run.h"
#include "support/packet_log_rows.h"

namespace d3 {
namespace {

using row = test::log_row;
using test::failed_run;
using test::write_temp;

std::string unique(const std::string& name) {
    return test::unique_name("d3_fail_broadcasts_at_step", name);
}

std::string name(int c, int d, int p) {  // the packet log's "c.d.p" on D3(4,8)
    return std::to_string((c + 4) % 4) + "." + std::to_string((d + 8) % 8) + "." +
           std::to_string((p + 8) % 8);
}

// The global cable (0,2,2) g 1 carries the copy of x[2] to (1,2,2), and from there its local level
// to (1,2,q).
failed_run product_failing_at(std::uint64_t at, const std::string& tag) {
    const std::string cable = write_temp(unique("vm_cable.txt"), "0 2 2 g 1\n");
    return test::run_failing(
        "--k 4 --m 8 --primitive vector-matrix --fail-links " + cable + "@" + std::to_string(at),
        unique(tag));
}

// Deliveries per (source, router) of the product by hand, but for the routers in `cut` (they
// receive no x[t] and send no product).
std::map<std::pair<std::string, std::string>, int> product_deliveries(
    const std::set<std::string>& cut) {
    std::map<std::pair<std::string, std::string>, int> out;
    for (int t = 0; t < 8; ++t)
        for (int g = 0; g < 4; ++g)
            for (int q = 0; q < 8; ++q) {
                if (cut.count(name(g, t, q))) continue;
                ++out[{name(0, t, t), name(g, t, q)}];  // x[t] from its holder
                ++out[{name(g, t, q), name(g, q, q)}];  // the product to its fixed point
            }
    return out;
}

void product_loses_a_subtree_and_its_answers(std::uint64_t at, bool whole_global_level,
                                             const std::string& tag) {
    std::set<std::string> cut;
    for (int g = 0; g < 4; ++g)
        for (int q = 0; q < 8; ++q)
            if (g == 1 || whole_global_level) cut.insert(name(g, 2, q));
    const failed_run r = product_failing_at(at, tag);
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    std::map<std::pair<std::string, std::string>, int> got;
    for (const row& x : r.rows) {
        if (x.event == "deliver") ++got[{x.source, x.router}];
        EXPECT_FALSE(x.step >= at && x.event == "hop" &&
                     ((x.router == "0.2.2" && x.output == "global 1") ||
                      (x.router == "1.2.2" && x.output == "global 3")))
            << x.step;
    }
    EXPECT_EQ(got, product_deliveries(cut));
    const auto& f = r.j["details"]["faults"];
    EXPECT_EQ(f["lost"], 1);
    EXPECT_EQ(f["lost_broadcast_copies"], 1);
    EXPECT_EQ(f["lost_deliveries"], cut.size());
    EXPECT_EQ(f["not_answered"], cut.size());  // one product from each
    EXPECT_EQ(r.j["delivered"], 512 - 2 * cut.size());
    // Each cut router's product went to a fixed point of its own: that many sums miss one.
    EXPECT_EQ(r.j["details"]["incomplete_results"], cut.size());
    EXPECT_TRUE(r.j["details"]["values_correct"].get<bool>());
}

TEST(FailBroadcastsAtStepCli, ALostCopysRoutersDoNotAnswerAndTheirSumsMissOnlyThat) {
    const failed_run probe = product_failing_at(16, "vm_probe");
    ASSERT_EQ(probe.code, 0) << probe.err;
    const std::uint64_t s = test::last_hop_step(probe.rows, "0.2.2", "global 1");
    ASSERT_GE(s, 1u);
    product_loses_a_subtree_and_its_answers(s + 1, false, "vm_on");
    product_loses_a_subtree_and_its_answers(s, true, "vm_before");
}

// The matrix product of 2 rows (holders launch row r at step r) with the holder (0,2,2) failing at
// step 1, by hand: its row 0 broadcast (launched at step 0, in it at the failure) is lost with its
// 32 deliveries (g,2,q), row 1 is not launched (32 deliveries, and its own product of each row to
// itself: 34), the 31 other routers (g,2,q) answer neither row (62 products not due), the products
// to it as a fixed point from (0,t,2), t != 2, have no route (7 a row: 14 unreachable). Every fixed
// point misses x[2]'s product in both rows: all 64 results are incomplete.
TEST(FailBroadcastsAtStepCli, AFailedHoldersRowsAreNeitherLaunchedNorAnswered) {
    const std::string router = write_temp(unique("mp_router.txt"), "0 2 2\n");
    const failed_run r = test::run_failing(
        "--k 4 --m 8 --primitive matrix-product --count 2 --fail-routers " + router + "@1",
        unique("mp_router"));
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    const auto& f = r.j["details"]["faults"];
    EXPECT_EQ(f["lost"], 1);
    EXPECT_EQ(f["lost_deliveries"], 32);
    EXPECT_EQ(f["not_launched"], 34);
    EXPECT_EQ(f["not_answered"], 62);
    EXPECT_EQ(f["unreachable"], 14);
    EXPECT_EQ(r.j["delivered"], 1024 - 32 - 34 - 62 - 14);
    EXPECT_EQ(r.j["details"]["incomplete_results"], 64);
    EXPECT_TRUE(r.j["details"]["values_correct"].get<bool>());
    for (const row& x : r.rows)
        EXPECT_FALSE(x.step >= 1 && x.router == "0.2.2" && x.event != "lost");
}

// The vector-matrix product with the holder (0,2,2) failed before the run, by hand: x[2] is never
// broadcast (its 32 deliveries (g,2,q) and its own product: dropped with its program), the 31 other
// routers (g,2,q) do not answer (31 products not due), the products to it as a fixed point from
// (0,t,2), t != 2, have no route (7 unreachable), so 8 x 32 + 256 - 33 - 31 - 7 = 441 deliveries;
// every fixed point misses x[2]'s product (32 incomplete results, the failed one's empty), and the
// sums are those of the products that arrived. Before the fix the run waited for the 31 products
// and judged the sums wrong.
TEST(FailBroadcastsAtStepCli, BeforeTheRunAFailedHoldersRowIsNotAnswered) {
    const std::string router = write_temp(unique("vm_before_router.txt"), "0 2 2\n");
    const failed_run r = test::run_failing(
        "--k 4 --m 8 --primitive vector-matrix --fail-routers " + router, unique("vm_before"));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    const auto& f = r.j["details"]["faults"];
    EXPECT_EQ(f["not_answered"], 31);
    EXPECT_EQ(f["unreachable"], 7);
    EXPECT_EQ(r.j["delivered"], 441);
    EXPECT_EQ(r.j["details"]["incomplete_results"], 32);
    EXPECT_TRUE(r.j["details"]["values_correct"].get<bool>());
}

// The broadcast (1,3;0,0,0) from (1,2,3), by hand (section 8): branch (g, q, e) goes local e to
// (1,2,3+e), global g to (1+g, 3+e, 2), local q to (1+g, 3+e, 2+q). The global cable (1,2,0) g 1
// carries branch e = 5, g = 1 alone: the copy to (2,0,2) and its local level (2,0,2+q); no other
// branch reaches a router (2,0,x). With 4-flit packets on one-cycle links the copy's tail is on
// the cable until step s + 4 (its hop at s); the router (2,0,2) sends its copies on from the head.
failed_run multi_flit_broadcast_failing_at(std::uint64_t at, const std::string& tag) {
    const std::string cable = write_temp(unique("bc4_cable.txt"), "1 2 0 g 1\n");
    return test::run_failing(
        "--k 4 --m 8 --primitive broadcast --source 1,2,3 --packet-length 4 --buffer-depth 8 "
        "--fail-links " +
            cable + "@" + std::to_string(at),
        unique(tag));
}

bool below_the_cable(const std::string& router) {
    return router.rfind("2.0.", 0) == 0;
}

// Failing the cable at s + 4, when the copies from (2,0,2) have left it but the copy's tail is
// still on the cable: every packet of the subtree (the copy over the cable, the copies the log
// shows at a router (2,0,x) before the failure) is lost, at step T, and no router (2,0,x) receives.
TEST(FailBroadcastsAtStepCli, MultiFlitCopiesSentOnBeforeTheirParentsTailAreLostWithIt) {
    constexpr std::uint64_t kFlits = 4, kDelay = 1;
    const failed_run probe = multi_flit_broadcast_failing_at(16, "bc4_probe");
    ASSERT_EQ(probe.code, 0) << probe.err;
    const std::uint64_t s = test::last_hop_step(probe.rows, "1.2.0", "global 1");
    ASSERT_GE(s, 1u);
    const std::uint64_t at = s + kFlits - 1 + kDelay;  // the tail's last step on the cable
    std::set<std::uint64_t> sent_on;                   // copies (2,0,2) sent on before the failure
    for (const row& x : probe.rows)
        if (x.step < at && x.event == "hop" && x.router == "2.0.2") sent_on.insert(x.packet);
    ASSERT_GE(sent_on.size(), 2u) << "no copy left (2,0,2) before its parent's tail: cannot fail";

    const failed_run r = multi_flit_broadcast_failing_at(at, "bc4_run");
    ASSERT_EQ(r.code, 7) << r.err;
    EXPECT_TRUE(r.j["correct"].get<bool>()) << r.j["problems"];
    std::set<std::uint64_t> subtree, lost;
    std::map<std::string, int> got;  // deliveries the node took (a lost copy's head's is not)
    for (const row& x : r.rows)
        if (x.event == "lost") lost.insert(x.packet);
    for (const row& x : r.rows) {
        if (x.step < at && ((x.event == "hop" && x.router == "1.2.0" && x.output == "global 1") ||
                            below_the_cable(x.router)))
            subtree.insert(x.packet);
        EXPECT_TRUE(x.event != "lost" || x.step == at) << x.packet;
        if (x.event == "deliver" && !lost.count(x.packet)) ++got[x.router];
        EXPECT_FALSE(x.step >= at && x.event != "lost" && below_the_cable(x.router))
            << x.step << " " << x.event << " " << x.router;
    }
    EXPECT_EQ(lost, subtree);
    for (const std::uint64_t p : sent_on) EXPECT_EQ(subtree.count(p), 1u) << p;
    for (int c = 0; c < 4; ++c)
        for (int d = 0; d < 8; ++d)
            for (int p = 0; p < 8; ++p)
                EXPECT_EQ(got[name(c, d, p)], c == 2 && d == 0 ? 0 : 1) << name(c, d, p);
    const auto& f = r.j["details"]["faults"];
    EXPECT_EQ(f["lost"], subtree.size());
    EXPECT_EQ(f["lost_on_failed_links"], subtree.size());
    EXPECT_EQ(f["lost_deliveries"], 8);
    EXPECT_EQ(r.j["delivered"], 256 - 8);
    EXPECT_EQ(r.j["injected"], 1);
}

}  // namespace
}  // namespace d3
