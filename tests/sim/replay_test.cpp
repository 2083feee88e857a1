// Trace replay through the SystemC model (tb/replay_bench.h, docs/traces.md): a chain of 1,000
// dependent messages written by the test replays to the cycle of a schedule worked out here from
// the model's timing rules, and a netrace file written by the test replays with every message
// delivered exactly once. Each TEST elaborates its own network (one process per test in CTest).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "sim_util.h"
#include "support/trace_writer.h"
#include "tb/replay_bench.h"

namespace d3 {
namespace {

struct replayed {
    run_result r;
    nlohmann::json t;
};

replayed replay(const replay_run_options& o) {
    // The replay's state keeps a reference to its topology (replay_state::topo_): it stays, as
    // the design does (a temporary here was read after its end).
    const topology* topo = new topology(make_topology(o.net));
    auto loaded = load_replay(o.replay, *topo);
    if (auto* err = std::get_if<std::string>(&loaded)) {
        ADD_FAILURE() << *err;
        return {};
    }
    auto* tb =
        new replay_bench("tb", o, std::move(std::get<std::unique_ptr<replay_state>>(loaded)));
    replayed out{tb->run(), tb->replay_json()};
    return out;  // the design stays: SystemC tears it down at exit
}

replay_run_options on_d3(int k, int m, const std::string& trace, int packet_length) {
    replay_run_options o;
    o.net.k = k;
    o.net.m = m;
    o.net.router.packet_length = packet_length;
    o.replay.trace = trace;
    o.replay.packet_length = packet_length;
    return o;
}

// A chain on D3(2,4): message i leaves the node message i - 1 reached, for another node, and waits
// for message i - 1 (and every third one also for i - 3, long arrived), `gap` cycles after it in
// the trace. Only one message is ever in flight: no contention.
struct chain {
    std::string text;
    std::vector<std::uint64_t> cycle;
    std::vector<std::uint32_t> flits;
};

chain make_chain(int messages, std::uint32_t nodes, std::uint32_t max_flits) {
    chain c;
    std::mt19937_64 rng(46);
    std::ostringstream os;
    std::uint32_t at = 0;
    std::uint64_t cycle = 5;
    for (int i = 0; i < messages; ++i) {
        const std::uint32_t to = (at + 1 + static_cast<std::uint32_t>(rng() % (nodes - 1))) % nodes;
        const auto flits = 1 + static_cast<std::uint32_t>(rng() % max_flits);
        if (i > 0) cycle += 1 + rng() % 6;
        os << cycle << ' ' << at << ' ' << to << ' ' << flits << ' ' << 1000 + i;
        if (i > 0) os << ' ' << 1000 + i - 1;
        if (i >= 3 && i % 3 == 0) os << ' ' << 1000 + i - 3;
        os << '\n';
        c.cycle.push_back(cycle);
        c.flits.push_back(flits);
        at = to;
    }
    c.text = os.str();
    return c;
}

// The schedule by hand. On D3 a destination header takes b = 3 steps whatever the route (the hold
// stage makes up the hops it does not need: README, "d3sim --traffic"), after one step on the
// injection channel: a one-packet message created at step t arrives at t + 4 with one-cycle
// links (docs/multi-flit.md: 4 + F - 1 for F flits). A message that waits is created its gap
// (its cycle less the cycle of the message it waits for) after that message arrived.
// `latency(i)`: message i's steps from creation to arrival.
template <typename Latency>
void expect_hand_schedule(const chain& c, const replayed& out, Latency latency) {
    ASSERT_TRUE(out.r.correct);
    const auto& created = out.t["per_message"]["created"];
    const auto& arrived = out.t["per_message"]["arrived"];
    std::uint64_t create = c.cycle[0];
    for (std::size_t i = 0; i < c.cycle.size(); ++i) {
        if (i > 0) create = create + latency(i - 1) + (c.cycle[i] - c.cycle[i - 1]);
        ASSERT_EQ(created[i].get<std::uint64_t>(), create) << "message " << i;
        ASSERT_EQ(arrived[i].get<std::uint64_t>(), create + latency(i)) << "message " << i;
    }
    EXPECT_EQ(out.t["completion_cycle"].get<std::uint64_t>(), create + latency(c.cycle.size() - 1));
    EXPECT_EQ(out.t["messages_arrived"], c.cycle.size());
}

TEST(TraceReplay, ThousandDependentMessagesMeetTheHandSchedule) {
    D3_REQUIRE_FRESH_KERNEL();
    const chain c = make_chain(1000, 32, 1);
    const std::string path = testing::TempDir() + "replay_chain.trace";
    test::write_text(path, c.text);
    const replayed out = replay(on_d3(2, 4, path, 1));
    expect_hand_schedule(c, out, [](std::size_t) { return 4u; });
    EXPECT_EQ(out.r.totals.conflicts, 0u);  // one message in flight at a time
    EXPECT_EQ(out.r.delivered, 1000u);
    EXPECT_EQ(out.r.duplicated, 0u);
}

TEST(TraceReplay, MultiFlitMessagesAddTheirTail) {
    D3_REQUIRE_FRESH_KERNEL();
    // Messages of 4 flits in packets of 4: one packet each, 4 + 4 - 1 = 7 steps.
    const chain c = make_chain(200, 32, 1);
    std::string text;
    std::istringstream in(c.text);
    for (std::string line; std::getline(in, line);) {
        std::istringstream f(line);
        std::string cyc, src, dst, flits, rest;
        f >> cyc >> src >> dst >> flits;
        std::getline(f, rest);
        text += cyc + " " + src + " " + dst + " 4" + rest + "\n";
    }
    const std::string path = testing::TempDir() + "replay_chain4.trace";
    test::write_text(path, text);
    expect_hand_schedule(c, replay(on_d3(2, 4, path, 4)), [](std::size_t) { return 7u; });
}

// Messages of 1 to 3 flits in one-flit packets: a message of N flits is N packets on one path,
// one behind the other, its last one N - 1 steps after the first: 4 + N - 1 steps.
TEST(TraceReplay, MultiPacketMessagesArriveWithTheirLastPacket) {
    D3_REQUIRE_FRESH_KERNEL();
    const chain c = make_chain(300, 32, 3);
    const std::string path = testing::TempDir() + "replay_chain_packets.trace";
    test::write_text(path, c.text);
    const replayed out = replay(on_d3(2, 4, path, 1));
    expect_hand_schedule(c, out, [&c](std::size_t i) { return 4u + c.flits[i] - 1; });
    EXPECT_EQ(out.t["packets"].get<std::uint64_t>(),
              std::accumulate(c.flits.begin(), c.flits.end(), std::uint64_t{0}));
}

// 64 nodes (netrace's CMP) exchanging read requests (8 bytes: 1 flit) and responses (72 bytes: 5
// flits) that wait for their request, many at once, on D3(2,6) (72 routers), randomly mapped.
TEST(TraceReplay, NetraceFileDeliversEveryMessageOnce) {
    D3_REQUIRE_FRESH_KERNEL();
    std::mt19937_64 rng(7);
    std::vector<test::netrace_packet> p;
    std::uint32_t id = 1;
    for (std::uint64_t cycle = 1000; p.size() < 3000; cycle += rng() % 3) {
        const auto a = static_cast<std::uint8_t>(rng() % 64);
        const auto b = static_cast<std::uint8_t>((a + 1 + rng() % 63) % 64);
        p.push_back({cycle, id, 1, a, b, {id + 1}});
        p.push_back({cycle + 1, id + 1, 2, b, a, {}});
        id += 2;
    }
    std::stable_sort(p.begin(), p.end(),
                     [](const auto& x, const auto& y) { return x.cycle < y.cycle; });
    const std::string path = testing::TempDir() + "replay_netrace.tra.bz2";
    test::write_bzip2(path, test::netrace_bytes(64, p));
    replay_run_options o = on_d3(2, 6, path, 1);
    o.replay.mapping = "random";
    o.replay.seed = 3;
    const replayed out = replay(o);
    EXPECT_TRUE(out.r.correct);
    EXPECT_EQ(out.t["format"], "netrace");
    EXPECT_EQ(out.t["messages"], 3000);
    EXPECT_EQ(out.t["messages_arrived"], 3000);
    EXPECT_EQ(out.t["packets"], 1500 * (1 + 5));
    EXPECT_EQ(out.r.delivered, 9000u);
    EXPECT_EQ(out.r.lost + out.r.duplicated + out.r.misrouted + out.r.left_in_buffers, 0u);
    EXPECT_EQ(out.t["dependencies"], 1500);
    // A response leaves no earlier than the step after its request arrived.
    const auto& ids = out.t["per_message"]["id"];
    const auto& created = out.t["per_message"]["created"];
    const auto& arrived = out.t["per_message"]["arrived"];
    std::map<std::uint64_t, std::size_t> at;
    for (std::size_t i = 0; i < ids.size(); ++i) at[ids[i].get<std::uint64_t>()] = i;
    for (const auto& [pid, i] : at) {
        if (pid % 2 != 0) continue;  // a request
        EXPECT_GT(created[i].get<std::uint64_t>(), arrived[at.at(pid - 1)].get<std::uint64_t>());
    }
}

}  // namespace
}  // namespace d3
