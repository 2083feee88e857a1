// D3(1, M) is RSN(2, K_M) (issue 48: "D3(1,M) and RSN(2,K_M) give identical figures for the
// all-to-all"). The paper's all-to-all runs on D3(1, M); the test replays its packet log on
// RSN(2, K_M) as the swapped-network code builds it (swapped.h, from Yeh and Parhami's definition:
// address string a1 a2, nucleus links change a2, the level-2 link swaps a1 a2 -> a2 a1), naming
// router (0, d, p) by the address d p. Every hop must be a link of the RSN, every ordered pair of
// RSN nodes a message delivered once, and the RSN's own count of hops, steps and link conflicts
// (two packets on one directed link in one step) must be the run's. M = 3 .. 8.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/network/graphs/swapped.h"
#include "support/packet_log_rows.h"
#include "support/read_file.h"
#include "support/run_json.h"

namespace {

using d3::test::log_row;

/// "0.d.p" -> the RSN node whose address string is d p.
std::uint32_t rsn_node(const std::string& router,
                       const std::map<std::vector<std::uint32_t>, std::uint32_t>& by_address) {
    const auto dot1 = router.find('.'), dot2 = router.rfind('.');
    EXPECT_EQ(router.substr(0, dot1), "0") << router;
    const auto d = static_cast<std::uint32_t>(std::stoul(router.substr(dot1 + 1, dot2 - dot1 - 1)));
    const auto p = static_cast<std::uint32_t>(std::stoul(router.substr(dot2 + 1)));
    return by_address.at({d, p});
}

void expect_all_to_all_runs_on_rsn(int m) {
    const auto M = static_cast<std::uint32_t>(m);
    const d3::graph rsn = d3::recursive_swapped_network(d3::complete_nucleus(M), 2);
    ASSERT_EQ(rsn.nodes(), M * M);
    std::map<std::vector<std::uint32_t>, std::uint32_t> by_address;
    for (std::uint32_t i = 0; i < rsn.nodes(); ++i) by_address[d3::rsn_address(i, M, 2)] = i;

    const std::string log = testing::TempDir() + "d3_rsn_a2a_" + std::to_string(m) + ".csv";
    const nlohmann::json j = d3::test::run_json(
        D3SIM, "--k 1 --m " + std::to_string(m) + " --primitive all-to-all --trace-packets " + log);
    ASSERT_FALSE(j.empty());
    ASSERT_TRUE(j["correct"].get<bool>());
    const std::vector<log_row> rows = d3::test::log_rows(d3::test::read_all(log));
    std::remove(log.c_str());

    // Each packet's walk on the RSN: where it is at each event, in step order.
    std::map<std::uint64_t, std::vector<const log_row*>> walks;
    for (const log_row& r : rows) walks[r.packet].push_back(&r);
    std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
    std::map<std::tuple<std::uint64_t, std::uint32_t, std::uint32_t>, int> on_link;
    std::uint64_t hops = 0, last_delivery = 0;
    for (const auto& [packet, walk] : walks) {
        ASSERT_EQ(walk.front()->event, "inject") << packet;
        ASSERT_EQ(walk.back()->event, "deliver") << packet;
        const std::uint32_t src = rsn_node(walk.front()->source, by_address);
        const std::uint32_t dst = rsn_node(walk.front()->destination, by_address);
        EXPECT_TRUE(pairs.insert({src, dst}).second) << "message " << src << " -> " << dst;
        EXPECT_EQ(rsn_node(walk.front()->router, by_address), src);
        EXPECT_EQ(rsn_node(walk.back()->router, by_address), dst);
        last_delivery = std::max(last_delivery, walk.back()->step);
        for (std::size_t i = 0; i + 1 < walk.size(); ++i) {
            if (walk[i]->event != "hop") continue;
            const std::uint32_t a = rsn_node(walk[i]->router, by_address);
            const std::uint32_t b = rsn_node(walk[i + 1]->router, by_address);
            EXPECT_GT(rsn.links_between(a, b), 0u)
                << "packet " << packet << ": " << a << " -> " << b;
            ++on_link[{walk[i]->step, a, b}];
            ++hops;
        }
    }
    EXPECT_EQ(pairs.size(), static_cast<std::size_t>(M * M * M * M));  // every ordered pair once
    EXPECT_EQ(j["delivered"].get<std::uint64_t>(), pairs.size());
    EXPECT_EQ(j["hops"].get<std::uint64_t>(), hops);
    std::uint64_t conflicts = 0;
    for (const auto& [link, packets] : on_link) conflicts += packets > 1 ? 1 : 0;
    EXPECT_EQ(j["conflicts"].get<std::uint64_t>(), conflicts);
    // steps: the last delivery's cycle - (step 0's cycle + 1) (docs/architecture.md, "Steps").
    EXPECT_EQ(j["steps"].get<std::uint64_t>(), last_delivery - 1);
}

TEST(RsnD3AllToAll, D3OneMRunIsARunOnRsn2KM) {
    for (int m = 3; m <= 8; ++m) {
        SCOPED_TRACE("M = " + std::to_string(m));
        expect_all_to_all_runs_on_rsn(m);
    }
}

}  // namespace
