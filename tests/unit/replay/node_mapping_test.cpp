// --mapping (core/replay/node_mapping.h): linear, drawer, random (seeded) and files.
#include "core/replay/node_mapping.h"

#include <gtest/gtest.h>

#include <set>

namespace d3 {
namespace {

std::vector<router_id> mapped(const std::string& how, std::uint32_t nodes, const topology& t,
                              std::uint64_t seed = 1, const std::string& text = "") {
    auto r = map_nodes(how, text, nodes, t, seed);
    if (auto* err = std::get_if<std::string>(&r)) ADD_FAILURE() << *err;
    return std::get<std::vector<router_id>>(r);
}

TEST(NodeMapping, LinearAndDrawer) {
    const topology t(2, 4);  // 8 drawers of 4 routers
    EXPECT_EQ(mapped("linear", 3, t), std::vector<router_id>({0, 1, 2}));
    // Dealt over the drawers: node i in drawer i mod 8, at position i / 8.
    const auto d = mapped("drawer", 10, t);
    EXPECT_EQ(d[0], 0u);
    EXPECT_EQ(d[1], 4u);
    EXPECT_EQ(d[7], 28u);
    EXPECT_EQ(d[8], 1u);
    EXPECT_EQ(d[9], 5u);
}

TEST(NodeMapping, RandomIsASeededInjection) {
    const topology t(2, 4);
    const auto a = mapped("random", 32, t, 7);
    EXPECT_EQ(std::set<router_id>(a.begin(), a.end()).size(), 32u);
    EXPECT_EQ(mapped("random", 32, t, 7), a);
    EXPECT_NE(mapped("random", 32, t, 8), a);
}

TEST(NodeMapping, FilesAndErrors) {
    const topology t(2, 4);
    EXPECT_EQ(mapped("m.txt", 2, t, 1, "# node router\n0 31\n1 31\n"),
              std::vector<router_id>({31, 31}));
    auto err = [&](const std::string& how, std::uint32_t nodes, const std::string& text) {
        return std::get<std::string>(map_nodes(how, text, nodes, t, 1));
    };
    EXPECT_EQ(err("linear", 33, ""),
              "the trace has 33 nodes, more than the 32 routers of D3(2,4) (--mapping FILE may "
              "put several on one router)");
    EXPECT_EQ(err("m.txt", 2, "0 1\n"), "m.txt: node 1 of the trace is not mapped");
    EXPECT_EQ(err("m.txt", 2, "0 32\n"), "m.txt:1: ROUTER_ID must be 0..31 (got '32')");
    EXPECT_EQ(err("m.txt", 2, "0 1\n0 2\n"), "m.txt:2: node 0 is mapped twice");
    EXPECT_EQ(err("m.txt", 2, "0\n"), "m.txt:1: expected NODE ROUTER_ID");
}

}  // namespace
}  // namespace d3
