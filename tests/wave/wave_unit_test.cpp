// The waveform pieces without a simulation: writer and reader agree, scopes parse, the trace
// observer resets links and counts conflicts, the save file names only declared signals.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/decoding/header.h"
#include "paper/programs/registry.h"
#include "trace/formats/gtkw.h"
#include "trace/formats/vcd_reader.h"
#include "trace/formats/vcd_writer.h"
#include "trace/wave_estimate.h"
#include "trace/wave_scope.h"
#include "trace/wave_trace.h"
#include "trace_check.h"

namespace d3 {
namespace {

TEST(VcdReader, ReadsScopesVectorsAndAliases) {
    std::istringstream in(R"($date today $end
$timescale 1ns $end
$scope module top $end
$scope module sub $end
$var wire 1 ! clk $end
$var wire 8 " data [7:0] $end
$var wire 4 # nib $end
$var wire 1 ! clk_alias $end
$upscope $end
$upscope $end
$enddefinitions $end
#0
$dumpvars
0!
b0 "
bx #
$end
#3
1!
b101 "
#5
0!
b1111 #
#9
)");
    const vcd_file v = vcd_file::parse(in);
    ASSERT_EQ(v.vars().size(), 4u);
    EXPECT_EQ(v.vars()[1].name, "top.sub.data[7:0]");
    EXPECT_EQ(v.vars()[2].name, "top.sub.nib[3:0]");
    EXPECT_TRUE(v.find("top.sub.data"));
    EXPECT_EQ(v.end_time(), 9u);
    EXPECT_EQ(v.value_at(*v.find("top.sub.data[7:0]"), 4), 5u);
    EXPECT_EQ(v.time_high(*v.find("top.sub.clk")), 2u);
    EXPECT_EQ(v.time_high(*v.find("top.sub.clk_alias")), 2u);
    EXPECT_TRUE(v.changes(*v.find("top.sub.nib")).front().unknown);
    std::istringstream bad("$enddefinitions $end\n#1\n1?\n");
    EXPECT_THROW(vcd_file::parse(bad), std::runtime_error);
}

TEST(VcdWriter, RoundTripsThroughTheReader) {
    const std::string path = testing::TempDir() + "rt.vcd";
    {
        vcd_writer w(path);
        w.push_scope("a");
        const signal_id one = w.add_var("bit", 1);
        const signal_id wide = w.add_var("word", 45);
        w.pop_scope();
        w.end_definitions();
        w.set_time(2);
        w.change(one, 1);
        w.change(wide, (std::uint64_t{1} << 44) | 3);
        w.set_time(4);
        w.change(one, 0);
        w.close(7);
    }
    const vcd_file v = vcd_file::load(path);
    EXPECT_EQ(v.vars()[1].name, "a.word[44:0]");
    EXPECT_EQ(v.value_at(1, 3), (std::uint64_t{1} << 44) | 3);
    EXPECT_EQ(v.time_high(0), 2u);
    EXPECT_EQ(v.end_time(), 7u);
}

TEST(WaveScope, ParsesPatternsAndRejectsNonsense) {
    const topology t(2, 4);
    std::string err;
    auto s = wave_scope::parse("0,1,*", t, err);
    ASSERT_TRUE(s) << err;
    EXPECT_TRUE(s->selects({0, 1, 3}));
    EXPECT_FALSE(s->selects({0, 2, 3}));
    EXPECT_FALSE(s->selects({1, 1, 3}));
    s = wave_scope::parse("1,0-1,2; 0,3,0", t, err);
    ASSERT_TRUE(s) << err;
    EXPECT_TRUE(s->selects({1, 1, 2}));
    EXPECT_TRUE(s->selects({0, 3, 0}));
    EXPECT_FALSE(s->selects({1, 2, 2}));
    s = wave_scope::parse("conflicts", t, err);
    ASSERT_TRUE(s);
    EXPECT_TRUE(s->conflicts_only());
    EXPECT_TRUE(s->selects({1, 3, 3}));
    EXPECT_TRUE(wave_scope::parse("all", t, err)->everything());
    for (const char* bad : {"", "0,1", "2,0,0", "0,4,0", "a,b,c", "0,3-1,0", "some"})
        EXPECT_FALSE(wave_scope::parse(bad, t, err)) << bad;
}

TEST(WaveEstimate, ParsesSizes) {
    EXPECT_EQ(parse_bytes("0"), 0u);
    EXPECT_EQ(parse_bytes("10k"), 10u << 10);
    EXPECT_EQ(parse_bytes("256M"), 256u << 20);
    EXPECT_EQ(parse_bytes("2GB"), 2ull << 30);
    EXPECT_FALSE(parse_bytes("lots"));
    EXPECT_FALSE(parse_bytes("12q"));
    EXPECT_EQ(parse_bytes("3KiB"), 3u << 10);
    EXPECT_EQ(parse_bytes("1TB"), 1ull << 40);
    for (const char* loose : {"256m", "2gb", "1 G", " 1G", "+1G", "1.5G", "0x10M", "1e3M", "1Gi"})
        EXPECT_FALSE(parse_bytes(loose)) << loose;
    EXPECT_EQ(human_bytes(1536), "1.5 kB");
}

TEST(WaveEstimate, GrowsWithTheScopeAndWarnsOverTheLimit) {
    const topology t(2, 4);
    primitive_options o;  // Theorem 7's all-to-all, rounds back to back
    o.schedule = schedule_kind::none;
    const auto work = make_primitive_workload(t, o);
    const workload& w = *work;
    std::string err;
    const auto all = *wave_scope::parse("all", t, err);
    const auto drawer = *wave_scope::parse("0,0,*", t, err);
    const wave_size big = estimate_wave(t, w, all, wave_format::vcd);
    const wave_size small = estimate_wave(t, w, drawer, wave_format::vcd);
    EXPECT_EQ(big.link_events, 32u * 32u * 3u);
    EXPECT_LT(small.bytes, big.bytes);
    EXPECT_LT(estimate_wave(t, w, all, wave_format::fst).bytes, big.bytes);
    EXPECT_TRUE(size_warning("x.vcd", big, all, 1024));
    EXPECT_FALSE(size_warning("x.vcd", big, all, 0));
    EXPECT_FALSE(size_warning("x.vcd", big, all, big.bytes));
    EXPECT_LT(small.signals, big.signals);
}

// Synthetic traffic is drawn during the run: its estimate takes the expected packets and their
// routing's steps, spread over the routers like a primitive's.
TEST(WaveEstimate, TrafficCountsItsPacketsStepsInTheScope) {
    const topology t(2, 4);  // 32 routers, 8 per drawer
    std::string err;
    const auto all = *wave_scope::parse("all", t, err);
    const auto drawer = *wave_scope::parse("0,0,*", t, err);
    const wave_size whole = estimate_wave(t, 1000, 3, 100, all, wave_format::vcd);
    EXPECT_EQ(whole.link_events, 3000u);
    EXPECT_EQ(whole.routers, 32u);
    EXPECT_EQ(whole.steps, 100u);
    const wave_size part = estimate_wave(t, 1000, 5, 100, drawer, wave_format::vcd);
    EXPECT_EQ(part.routers, 4u);
    EXPECT_EQ(part.link_events, 5000u * 4u / 32u);
    EXPECT_LT(part.signals, whole.signals);
    // The same packets as a primitive's unicasts: the same events and file size.
    EXPECT_EQ(estimate_wave(t, 32u * 32u, 3, 100, all, wave_format::vcd).link_events,
              32u * 32u * 3u);
}

// The writers' memory (calibrated against real runs by memory_estimate.runs): a VCD writer's does
// not grow with the trace's events, an FST writer's does until fstapi's block of 2^27 bytes is
// full, when it writes the block out and starts the next.
TEST(WaveEstimate, WriterMemoryFollowsTheSignalsAndFstBlocks) {
    wave_size s;
    s.signals = 1000;
    const std::uint64_t vcd = wave_writer_bytes(s, wave_format::vcd);
    const std::uint64_t fst = wave_writer_bytes(s, wave_format::fst);
    s.link_events = 1000;
    EXPECT_EQ(wave_writer_bytes(s, wave_format::vcd), vcd);
    EXPECT_GT(wave_writer_bytes(s, wave_format::fst), fst);
    s.link_events = std::uint64_t{1} << 40;
    EXPECT_EQ(wave_writer_bytes(s, wave_format::fst), (std::uint64_t{1} << 27) + fst);
    s.signals = 2000;
    EXPECT_GT(wave_writer_bytes(s, wave_format::vcd), vcd);
}

// The permutation's nodes launch their data when their exchange has arrived, which a replay
// without deliveries never sees: the estimate stops at the workload's schedule instead of stepping
// its programs to the replay's limit (2^24 steps, "about 256.1 MB" for a 112 kB trace).
TEST(WaveEstimate, ReactiveProgramsEndWithTheSchedule) {
    const topology t(2, 4);
    primitive_options o;
    o.primitive = "permutation";
    const auto work = make_primitive_workload(t, o);
    std::string err;
    const auto all = *wave_scope::parse("all", t, err);
    const wave_size est = estimate_wave(t, *work, all, wave_format::vcd);
    EXPECT_LE(est.steps, work->rounds() + work->delays());
    EXPECT_LT(est.bytes, 1u << 20);
    EXPECT_FALSE(size_warning("x.vcd", est, all, 256u << 20));
}

link_event event(std::uint64_t step, router_id r, int port, int requesters, std::uint64_t serial,
                 const header& h) {
    link_event e;
    e.step = step;
    e.router = r;
    e.port = static_cast<std::uint16_t>(port);
    e.requesters = static_cast<std::uint16_t>(requesters);
    e.counted = requesters > 1 ? link_event::kRunConflict : 0;  // no background traffic
    e.sent = true;
    e.serial = serial;
    e.src = r;
    e.hdr = h;
    return e;
}

TEST(WaveTrace, LinksResetAfterTheirStepAndConflictsCount) {
    const topology t(2, 4);
    const std::string path = testing::TempDir() + "unit.vcd";
    header h = make_source_vector_header(false, 2, {1, 2, 3});
    {
        wave_trace w(path, wave_options{}, t);
        w.on_link(event(3, 0, 2, 2, 7, h));  // router 0, output 2 = local 1, conflict
        w.on_link(event(4, 0, 2, 1, 8, h));  // the loser crosses next step
        w.on_buffer(4, 0, -1, 2);
        w.on_round(4, 0, 0);
        w.on_link(event(9, 0, 0, 1, 9, h));
        w.finish(12);
        EXPECT_EQ(w.conflict_pulses(), 1u);
    }
    const vcd_file v = vcd_file::load(path);
    const auto busy = *v.find("d3.c0.d0.p0.l1.busy");
    EXPECT_EQ(v.time_high(busy), 2u);
    EXPECT_EQ(v.value_at(busy, 5), 0u);
    EXPECT_EQ(v.time_high(*v.find("d3.c0.d0.p0.l1.conflict")), 1u);
    EXPECT_EQ(v.value_at(*v.find("d3.c0.d0.p0.l1.packet"), 4), 8u);
    // dest of (gamma, pi, delta) = (1, 2, 3) from (0,0,0) is (1, 3, 2).
    EXPECT_EQ(v.value_at(*v.find("d3.c0.d0.p0.l1.dest"), 3), t.id({1, 3, 2}));
    EXPECT_EQ(v.value_at(*v.find("d3.c0.d0.p0.l1.gamma"), 3), 1u);
    EXPECT_EQ(v.value_at(*v.find("d3.c0.d0.p0.hold_occupancy"), 4), 2u);
    EXPECT_EQ(v.value_at(*v.find("d3.step"), 7), 7u);
    EXPECT_EQ(v.value_at(*v.find("d3.conflicts"), 12), 1u);
    EXPECT_EQ(v.time_high(*v.find("d3.c0.d0.p0.g0.busy")), 1u);

    std::ifstream g(wave_trace::gtkw_path_for(path));
    const auto names = gtkw_trace_names(g);
    ASSERT_FALSE(names.empty());
    for (const auto& n : names) EXPECT_TRUE(v.find(n)) << n;
    EXPECT_NE(std::find(names.begin(), names.end(), "d3.c0.d0.p0.l1.conflict"), names.end());
}

TEST(WaveTrace, ATraceToADeviceWritesNoViewBesideIt) {
    EXPECT_EQ(wave_trace::gtkw_path_for("run.vcd"), "run.gtkw");
    EXPECT_EQ(wave_trace::gtkw_path_for("run.fst"), "run.fst.gtkw");
    EXPECT_EQ(wave_trace::gtkw_path_for("/dev/null"), "");
    EXPECT_EQ(wave_trace::summary_line("run.vcd"),
              "waveform: run.vcd, view: gtkwave run.vcd run.gtkw");
    EXPECT_EQ(wave_trace::summary_line("/dev/null"),
              "waveform: /dev/null (not a regular file: no gtkwave view)");
    const topology t(2, 4);
    {
        wave_trace w("/dev/null", wave_options{}, t);
        w.on_link(event(3, 0, 2, 2, 7, make_source_vector_header(false, 2, {1, 2, 3})));
        w.finish(5);  // before: /dev/null.gtkw and /dev/null.routers.txt in /dev
    }
    EXPECT_FALSE(std::filesystem::exists("/dev/null.gtkw"));
    EXPECT_FALSE(std::filesystem::exists("/dev/null.routers.txt"));
}

TEST(WaveTrace, ConflictScopeDeclaresOnlyConflictingLinks) {
    const topology t(2, 4);
    const std::string path = testing::TempDir() + "conflicts_only.vcd";
    wave_options o;
    o.scope = "conflicts";
    const header h = make_source_vector_header(false, 2, {0, 1, 1});
    {
        wave_trace w(path, o, t);
        w.on_link(event(1, 5, 3, 1, 1, h));
        w.on_link(event(2, 6, 4, 3, 2, h));
        w.finish(5);
        EXPECT_EQ(w.links_traced(), 1u);
    }
    const vcd_file v = vcd_file::load(path);
    EXPECT_EQ(test::conflict_steps(v), 1u);
    EXPECT_FALSE(v.find("d3.c0.d1.p1.l2.busy"));  // router 5, output 3: no conflict
    EXPECT_TRUE(v.find("d3.c0.d1.p2.l3.busy"));   // router 6, output 4
    EXPECT_EQ(v.value_at(*v.find("d3.c0.d1.p2.l3.requesters"), 2), 3u);
}

// With background traffic the counters follow what the allocator counted (link_event::counted),
// not the requesters; the link's own signals still show every requester.
TEST(WaveTrace, BackgroundConflictsCountWhatTheAllocatorCounted) {
    const topology t(2, 4);
    const std::string path = testing::TempDir() + "background.vcd";
    wave_options o;
    o.background = true;
    const header h = make_source_vector_header(false, 2, {0, 1, 1});
    {
        wave_trace w(path, o, t);
        link_event e = event(1, 0, 2, 2, 1, h);
        e.counted = link_event::kBackgroundConflict;  // two background packets
        w.on_link(e);
        e = event(2, 0, 2, 3, 2, h);
        e.counted = link_event::kRunConflict | link_event::kBackgroundConflict;
        w.on_link(e);
        e = event(3, 0, 2, 2, 3, h);
        e.counted = 0;  // a privileged packet and a standard one: no conflict for either
        w.on_link(e);
        w.finish(6);
        EXPECT_EQ(w.conflict_pulses(), 1u);
        EXPECT_EQ(w.background_conflict_pulses(), 2u);
    }
    const vcd_file v = vcd_file::load(path);
    EXPECT_EQ(v.value_at(*v.find("d3.conflicts"), v.end_time()), 1u);
    EXPECT_EQ(v.value_at(*v.find("d3.background_conflicts"), v.end_time()), 2u);
    EXPECT_EQ(test::conflict_steps(v), 3u);  // the link's flag: every step with two requesters
    std::ifstream g(testing::TempDir() + "background.gtkw");
    const auto names = gtkw_trace_names(g);
    EXPECT_NE(std::find(names.begin(), names.end(), "d3.background_conflicts[31:0]"), names.end());
}

TEST(Gtkw, WritesGroupsMarkersAndReadsNamesBack) {
    gtkw_view v;
    v.dumpfile = "x.vcd";
    v.savefile = "x.gtkw";
    v.start = 4;
    v.end = 20;
    v.primary = 8;
    v.markers = {{8, "first"}, {9, ""}};
    v.top = {{"d3.step[31:0]", "", gtkw_trace::format::decimal, 0, ""}};
    v.groups = {{"link",
                 {{"d3.c0.d0.p0.l1.conflict", "", gtkw_trace::format::binary, 1, ""},
                  {"d3.c0.d0.p0.l1.packet[31:0]", "pkt", gtkw_trace::format::hex, 0, ""}},
                 false}};
    std::ostringstream os;
    write_gtkw(v, os);
    const std::string s = os.str();
    EXPECT_NE(s.find("[timestart] 4"), std::string::npos);
    EXPECT_NE(s.find(" 8 8 9 -1"), std::string::npos);
    EXPECT_NE(s.find("[markername] Afirst"), std::string::npos);
    EXPECT_NE(s.find("@800200\n-link\n"), std::string::npos);
    EXPECT_NE(s.find("[color] 1\nd3.c0.d0.p0.l1.conflict"), std::string::npos);
    std::istringstream in(s);
    EXPECT_EQ(gtkw_trace_names(in),
              (std::vector<std::string>{"d3.step[31:0]", "d3.c0.d0.p0.l1.conflict",
                                        "d3.c0.d0.p0.l1.packet[31:0]"}));
    EXPECT_EQ(relative_to_folder_of("waves/a.gtkw", "waves/a.vcd"), "a.vcd");
}

}  // namespace
}  // namespace d3
