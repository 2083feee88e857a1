// Issue 45, item 6: a partition equals the standalone network it claims to in every figure,
// arbitration included, under a schedule with conflicts too. The case: the two positions
// {0,1} of D3(3,4) against D3(3,2) under --schedule none (66 conflicts against 72: the whole
// network's injection width, M = 4, served the partition's nodes where D3(3,2) serves 2).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "support/run_json.h"

namespace {

nlohmann::json run_json(const std::string& args) {
    return d3::test::run_json(D3SIM, args);
}

TEST(PartitionStandalone, TwoPositionsOfD3_3_4EqualD3_3_2InEveryFigure) {
    for (const char* schedule : {"paper", "none"})
        for (const char* arb : {"round-robin", "oldest-first", "youngest-first"}) {
            const std::string common = std::string(" --primitive all-to-all --schedule ") +
                                       schedule + " --arbitration " + arb;
            const nlohmann::json part =
                run_json("--k 3 --m 4 --subnetwork positions=0,1" + common)["partitions"][0];
            const nlohmann::json alone = run_json("--k 3 --m 2" + common);
            ASSERT_FALSE(part.is_null()) << common;
            EXPECT_EQ(part["m"], 2);
            for (const char* key : {"rounds", "delays", "steps", "delivered", "conflicts"})
                EXPECT_EQ(part[key], alone[key]) << key << common;
            EXPECT_EQ(part["hops"], alone["hops"]) << common;
            EXPECT_EQ(part["holds"], alone["holds"]) << common;
            EXPECT_EQ(part["conflict_waits"], alone["conflict_waits"]) << common;
        }
}

}  // namespace
