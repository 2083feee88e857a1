// The memory estimate's inputs and arithmetic. The workloads' volumes (what the ledger reserves
// and the estimate counts) are checked against a brute-force replay of every node's program, each
// launch walked from its own router; every d3sim run checks them again against its ledger
// (tb/conservation.cpp), and memory_estimate.runs checks the estimate against real peaks.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "core/decoding/walk.h"
#include "core/network/dragonfly.h"
#include "core/run/memory_estimate.h"
#include "paper/programs/registry.h"

namespace {

using namespace d3;

// Every node's program replayed on its own (no deliveries: only programs that do not react).
workload_volume replay(const topology& t, const workload& w) {
    workload_volume v;
    std::map<std::uint64_t, std::uint64_t> copies_at;  // step -> copies launched, all nodes
    std::vector<launch> out;
    for (router_id id = 0; id < t.routers(); ++id) {
        auto p = w.program_for(id);
        if (!p) continue;
        for (std::uint64_t step = 0; !p->finished(step); ++step) {
            out.clear();
            p->launches(step, out);
            for (const launch& l : out) {
                const walk_result r = walk(t, t.at(id), l.hdr);
                EXPECT_TRUE(r.error.empty()) << r.error;
                ++v.messages;
                v.deliveries += r.destinations.size();
                copies_at[step] += r.destinations.size();
            }
        }
    }
    for (const auto& [step, n] : copies_at) {  // the most copies in four consecutive steps
        std::uint64_t window = 0;
        for (std::uint64_t s = step; s < step + 4; ++s)
            if (auto it = copies_at.find(s); it != copies_at.end()) window += it->second;
        v.in_flight = std::max(v.in_flight, window);
    }
    return v;
}

TEST(WorkloadVolume, ScheduleWorkloadsMatchABruteForceReplay) {
    for (auto [k, m] : {std::pair{3, 4}, std::pair{2, 5}, std::pair{1, 6}}) {
        const topology t(k, m);
        for (const char* prim : {"all-to-all", "broadcast", "one-to-all", "glgl-one-to-all"}) {
            primitive_options o;
            o.primitive = prim;
            o.count = 3;
            if (std::string(prim) == "all-to-all") o.protocol = 2;
            const auto w = make_primitive_workload(t, o);
            const auto v = w->volume(t);
            ASSERT_TRUE(v.has_value()) << prim;
            const workload_volume b = replay(t, *w);
            EXPECT_EQ(v->messages, b.messages) << prim << " D3(" << k << "," << m << ")";
            EXPECT_EQ(v->deliveries, b.deliveries) << prim << " D3(" << k << "," << m << ")";
            EXPECT_EQ(v->in_flight, b.in_flight) << prim << " D3(" << k << "," << m << ")";
        }
    }
}

TEST(WorkloadVolume, PaperCounts) {
    // Theorem 7: N^2 messages of one copy each; Theorem 4: one broadcast reaches all N routers.
    const topology t(3, 4);
    const std::uint64_t n = t.routers();
    primitive_options o;
    const auto a2a = make_primitive_workload(t, o)->volume(t);
    EXPECT_EQ(a2a->messages, n * n);
    EXPECT_EQ(a2a->deliveries, n * n);
    o.primitive = "broadcast";
    const auto bc = make_primitive_workload(t, o)->volume(t);
    EXPECT_EQ(bc->messages, 1u);
    EXPECT_EQ(bc->deliveries, n);
}

TEST(MemoryEstimate, PartsAddUpAndScale) {
    memory_inputs in;
    in.routers = 1000;
    in.link_ports = 15;
    in.vcs = 1;
    const memory_estimate a = estimate_memory(in);
    EXPECT_GT(a.process_mib, 0);
    EXPECT_EQ(a.ledger_mib, 0);  // no volume, no traffic
    EXPECT_EQ(a.traffic_mib, 0);
    in.routers = 2000;
    EXPECT_DOUBLE_EQ(estimate_memory(in).routers_mib, 2 * a.routers_mib);
    in.vcs = 5;
    EXPECT_GT(estimate_memory(in).routers_mib, 2 * a.routers_mib);
    in.volume = workload_volume{1u << 20, 1u << 20, 0};
    const memory_estimate b = estimate_memory(in);
    // Unicast: a message (12 B, its destination in it) and its index when checked (4 B).
    EXPECT_DOUBLE_EQ(b.ledger_mib, 16.0);
    EXPECT_NEAR(b.total_mib(), b.process_mib + b.routers_mib + b.ledger_mib, 1e-9);
    // Several destinations per message (2^22 deliveries of 2^20 messages): each delivery a
    // destination (4 B) and its count (1 B) besides.
    in.volume = workload_volume{1u << 20, 1u << 22, 0};
    EXPECT_DOUBLE_EQ(estimate_memory(in).ledger_mib, 16.0 + 4 * 5.0);
    // --wave: the writer's bytes, as the trace estimates them, on top of the rest.
    const memory_estimate without = estimate_memory(in);
    EXPECT_EQ(without.wave_mib, 0);
    in.wave_bytes = 3 * 1024.0 * 1024.0;
    EXPECT_DOUBLE_EQ(estimate_memory(in).wave_mib, 3.0);
    EXPECT_DOUBLE_EQ(estimate_memory(in).total_mib(), without.total_mib() + 3.0);
}

TEST(MemoryEstimate, TrafficPacketsFollowRateAndPhases) {
    EXPECT_EQ(expected_traffic_packets(100, 1, 0.5, 1, 100, 100, 20000), 100u * 400 / 2);
    EXPECT_EQ(expected_traffic_packets(100, 4, 0.5, 1, 100, 100, 0), 4u * 100 * 200 / 2);
    // In flight: one zero-load latency, 3 pipelines plus local, global, local.
    EXPECT_EQ(expected_traffic_in_flight(100, 1, 1.0, 1, 1, 10, 100), 100u * (3 + 120));
    // The rate counts flits: 4-flit packets are a quarter as many, each alive 3 steps longer
    // while its tail follows its head.
    EXPECT_EQ(expected_traffic_packets(100, 4, 0.5, 4, 100, 100, 0), 4u * 100 * 200 / 2 / 4);
    EXPECT_EQ(expected_traffic_in_flight(100, 1, 1.0, 4, 1, 10, 100), 100u * (3 + 120 + 3) / 4);
}

}  // namespace

// The volumes added with the MDF all-to-all, --headers destination and --subnetwork (they had
// none, so the estimate left out their ledger: MDF(15,17) all-to-all took 518 MiB against an
// estimate of 112) against the same replay. The subnetworks add up their parts' volumes; every
// --subnetwork run checks that sum against its ledger (tb/conservation.cpp).
TEST(WorkloadVolume, MdfAndDestinationHeadersMatchTheReplay) {
    std::vector<std::pair<topology, primitive_options>> cases;
    for (int protocol : {1, 2, 3}) {
        primitive_options o;
        o.protocol = protocol;
        cases.emplace_back(topology(std::make_shared<const dragonfly>(3, 4, arrangement::palmtree)),
                           o);
    }
    for (const char* prim : {"all-to-all", "one-to-all", "broadcast"}) {
        primitive_options o;
        o.primitive = prim;
        o.destination_headers = true;
        cases.emplace_back(topology(3, 4), o);
    }
    for (const auto& [t, o] : cases) {
        const auto w = make_primitive_workload(t, o);
        const auto v = w->volume(t);
        ASSERT_TRUE(v.has_value()) << o.primitive;
        const workload_volume b = replay(t, *w);
        EXPECT_EQ(v->messages, b.messages) << o.primitive << " " << t.name();
        EXPECT_EQ(v->deliveries, b.deliveries) << o.primitive << " " << t.name();
        EXPECT_EQ(v->in_flight, b.in_flight) << o.primitive << " " << t.name();
    }
}
