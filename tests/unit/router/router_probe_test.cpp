// Router probe: what the observer is told, against the observer's interface (core/run/stats.h):
// the port's occupancy and, with several channels, the buffer's; packet events with the input port
// and channel a buffer index stands for (kNode for injection, kHold for the hold stage); the
// switch's pipeline stages after the allocation.
#include "sc/router/router_probe.h"

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

namespace d3 {
namespace {

struct recorder final : link_observer {
    std::vector<std::tuple<int, int, std::size_t>> buffers;  // input, vc (-1: port), occupancy
    std::vector<packet_event> packets;
    std::vector<std::tuple<pipeline_unit, std::uint64_t, std::uint64_t>> stages;
    void on_link(const link_event&) override {}
    void on_buffer(std::uint64_t, router_id, int input, std::size_t n) override {
        buffers.emplace_back(input, -1, n);
    }
    void on_vc_buffer(std::uint64_t, router_id, int input, int vc, std::size_t n) override {
        buffers.emplace_back(input, vc, n);
    }
    void on_packet(const packet_event& e) override { packets.push_back(e); }
    bool wants_packets() const override { return true; }
    void on_stage(std::uint64_t, router_id, pipeline_unit u, std::uint64_t from,
                  std::uint64_t to) override {
        stages.emplace_back(u, from, to);
    }
    bool wants_stages() const override { return true; }
};

input_unit::setup three_inputs() {  // 3 link inputs, 2 VCs each: buffers 0..5, injection 6
    input_unit::setup s;
    s.link_inputs = 3;
    s.vcs = 2;
    s.buffer_depth = 4;
    s.injection_depth = 4;
    return s;
}

TEST(RouterProbe, ArrivalsTellThePortAndTheChannelAndInjectionsTheirEvent) {
    recorder obs;
    router_params p;
    p.vcs = 2;
    input_unit in("input_unit", three_inputs());
    const router_probe probe({&obs, 7, &p, &in});
    packet a, b;
    in.accept(in.fifo_index(2, 1), &a, 0);
    probe.arrived(3, in.fifo_index(2, 1), a);
    in.accept(in.injection(), &b, 0);
    probe.arrived(3, in.injection(), b);
    using entry_t = std::tuple<int, int, std::size_t>;
    EXPECT_EQ(obs.buffers, (std::vector<entry_t>{{2, -1, 1}, {2, 1, 1}, {3, -1, 1}}));
    ASSERT_EQ(obs.packets.size(), 1u);  // the link arrival is the sender's hop event
    EXPECT_EQ(obs.packets[0].kind, packet_event_kind::inject);
    EXPECT_EQ(obs.packets[0].router, 7u);
    EXPECT_EQ(obs.packets[0].input, packet_event::kNode);
}

TEST(RouterProbe, SwitchedPacketsNameTheirInputChannelAndOutput) {
    recorder obs;
    router_params p;
    p.vcs = 2;
    p.pipeline = {0, 2, 1};  // route 0, allocate 2, traverse 1
    input_unit in("input_unit", three_inputs());
    const router_probe probe({&obs, 7, &p, &in});
    packet a;
    a.serial = 11;
    probe.switched(a, 5, static_cast<std::uint32_t>(in.fifo_index(1, 1)), 4);
    probe.switched(a, 5, static_cast<std::uint32_t>(in.buffers()), kEjectTarget);  // held
    probe.lost(a, 6, static_cast<std::uint32_t>(in.injection()), 2);
    ASSERT_EQ(obs.packets.size(), 3u);
    EXPECT_EQ(obs.packets[0].kind, packet_event_kind::hop);
    EXPECT_EQ(obs.packets[0].input, 1);
    EXPECT_EQ(obs.packets[0].vc, 1);
    EXPECT_EQ(obs.packets[0].output, 4);
    EXPECT_EQ(obs.packets[0].serial, 11u);
    EXPECT_EQ(obs.packets[1].kind, packet_event_kind::deliver);
    EXPECT_EQ(obs.packets[1].input, packet_event::kHold);
    EXPECT_EQ(obs.packets[1].output, packet_event::kNode);
    EXPECT_EQ(obs.packets[2].kind, packet_event_kind::conflict_wait);
    EXPECT_EQ(obs.packets[2].input, packet_event::kNode);
    EXPECT_EQ(obs.packets[2].output, 2);
    // Each switched packet: allocate from its step for 2 cycles, then traverse for 1.
    using stage = std::tuple<pipeline_unit, std::uint64_t, std::uint64_t>;
    const stage allocate{pipeline_unit::allocate, 5, 7}, traverse{pipeline_unit::traverse, 7, 8};
    EXPECT_EQ(obs.stages, (std::vector<stage>{allocate, traverse, allocate, traverse}));
}

TEST(RouterProbe, WithoutAnObserverItIsOff) {
    router_params p;
    input_unit in("input_unit", three_inputs());
    EXPECT_FALSE(router_probe({nullptr, 0, &p, &in}).on());
    EXPECT_FALSE(router_probe({nullptr, 0, &p, &in}).logs_packets());
}

}  // namespace
}  // namespace d3
