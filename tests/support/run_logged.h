// A run of d3sim with its packet log (--trace-packets) read per packet: the tests of built and
// file networks expect a correct run that delivered every packet once. Header-only test helper.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>

#include "support/bfs_distances.h"
#include "support/packets_seen.h"
#include "support/read_file.h"
#include "support/run_json.h"

namespace d3::test {

/// Runs `d3sim args` with a packet log named after `name`; expects a correct run that delivered
/// every packet once, calls `each` on every packet and returns the result.
inline nlohmann::json run_logged(const std::string& d3sim, const std::string& args,
                                 const std::string& name,
                                 const std::function<void(const packet_seen&)>& each) {
    const std::string log = testing::TempDir() + "d3_logged_" + name + ".csv";
    const nlohmann::json j = run_json(d3sim, args + " --trace-packets " + log);
    if (j.empty()) return j;
    EXPECT_TRUE(j["correct"].get<bool>()) << args;
    const auto injected = j["injected"].get<std::uint64_t>();
    EXPECT_GT(injected, 0u);
    EXPECT_EQ(j["delivered"].get<std::uint64_t>(), injected);
    for (const char* k : {"lost", "duplicated", "misrouted", "left_in_buffers"})
        EXPECT_EQ(j[k].get<std::uint64_t>(), 0u) << k;
    const std::string text = read_all(log);
    std::remove(log.c_str());
    const auto packets = packets_of(text);
    EXPECT_EQ(packets.size(), injected);
    for (const auto& [id, p] : packets) {
        EXPECT_EQ(p.delivered, 1) << "packet " << id;
        each(p);
    }
    return j;
}

/// Runs uniform traffic on `net` (d3sim's network options) at `load` (rate and steps) with its
/// packet log and expects every packet to take a shortest route by `d` (the test's own
/// distances), b one lower on every hop; returns the result (its hops the sum of the shortest
/// routes), or an empty one.
inline nlohmann::json expect_shortest_paths(
    const std::string& d3sim, const std::string& net, const distances& d, const std::string& name,
    const std::string& load = "--rate 0.2 --warmup 60 --measure 60") {
    std::uint64_t shortest = 0;
    const nlohmann::json j =
        run_logged(d3sim, net + " --traffic uniform " + load, name, [&](const packet_seen& p) {
            const int want =
                d[static_cast<std::size_t>(p.source)][static_cast<std::size_t>(p.destination)];
            EXPECT_EQ(p.hops, want) << p.source << " -> " << p.destination;
            for (std::size_t i = 0; i < p.b.size(); ++i)
                EXPECT_EQ(p.b[i], want - 1 - static_cast<int>(i));
            shortest += static_cast<std::uint64_t>(want);
        });
    if (!j.empty()) {
        EXPECT_EQ(j["hops"].get<std::uint64_t>(), shortest);
    }
    return j;
}

}  // namespace d3::test
