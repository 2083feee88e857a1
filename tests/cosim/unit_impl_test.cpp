// `d3sim --unit-impl UNIT=rtl|lockstep` (issue 49) as a user runs it: the Verilated round-robin
// arbiters (switch_allocator), the Verilated replicator and the Verilated hold stage in every
// router, modules of one's own (rtl:MODULE), and a design-space router's Verilated separable
// allocator give byte for byte the JSON result of the C++ units (but for the keys that measure the
// run and the recorded options), lockstep runs clean, every unit in RTL at once too, the seeded
// faults of the RTL (d3sim_fault) stop a lockstep run naming the router, the unit, the inputs and
// both outputs, and bad values are one line on stderr and exit 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support/run_command.h"

namespace {

using d3::test::outcome;

outcome run(const std::string& d3sim, const std::string& args) {
    return d3::test::run_command(d3sim + " " + args);
}

// Keys that measure the run (they differ from run to run) and the options given (`config`).
const std::array<const char*, 5> kRunKeys = {"wall_seconds", "elaboration_seconds",
                                             "hops_per_second", "peak_rss_kib", "config"};

std::string result_text(const std::string& args, const std::string& impl,
                        const std::string& unit = "switch_allocator") {
    const std::string with = impl.empty() ? "" : " --unit-impl " + unit + "=" + impl;
    const outcome o = run(D3SIM, args + with + " --json - --quiet");
    EXPECT_EQ(o.code, 0) << args << with << ": " << o.err;
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(o.out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << o.out;
    if (j.is_discarded()) return {};
    const nlohmann::ordered_json& section = j["config"]["router"][unit];
    const std::string recorded = section.is_object() ? section.value("impl", "") : "";
    EXPECT_EQ(recorded, impl) << "the result records the unit's implementation when given";
    for (const char* key : kRunKeys) j.erase(key);
    return j.dump(1);  // the text, in the result's order: byte-identical, not only equal
}

// The hold stage's runs: rtl and lockstep give cpp's result. The packets held (that must not be
// none, unless `may_hold_none`).
long expect_same_holds(const std::string& args, const std::string& cpp,
                       bool may_hold_none = false) {
    const nlohmann::json j = nlohmann::json::parse(cpp, nullptr, false);
    EXPECT_FALSE(j.is_discarded());
    if (j.is_discarded()) return 0;
    const long holds = j.value("holds", 0L);
    if (!may_hold_none) {
        EXPECT_GT(holds, 0L) << args << ": " << cpp.substr(0, 400);
    }
    for (const char* impl : {"rtl", "lockstep"})
        EXPECT_EQ(result_text(args, impl, "hold_stage"), cpp) << args << " hold_stage=" << impl;
    return holds;
}

// `min_conflicts`: the runs must have had conflicts (so the arbiters picked), at least this many.
// The hold stage's RTL too, where `holds`.
void expect_same_result(const std::string& args, long min_conflicts,
                        const std::string& unit = "switch_allocator", bool holds = true) {
    const std::string cpp = result_text(args, "", unit);
    const nlohmann::json j = nlohmann::json::parse(cpp, nullptr, false);
    ASSERT_FALSE(j.is_discarded());
    const auto conflicts = j.contains("conflicts") ? j["conflicts"].get<long>() : 0;
    EXPECT_GE(conflicts, min_conflicts) << args << ": " << cpp.substr(0, 400);
    for (const char* impl : {"cpp", "rtl", "lockstep"})
        EXPECT_EQ(result_text(args, impl, unit), cpp) << args << " " << unit << "=" << impl;
    if (holds) expect_same_holds(args, cpp);
}

// The replicator's runs: broadcasts, whose copies it decides.
void expect_same_broadcast(const std::string& args) {
    const std::string cpp = result_text(args, "", "replicator");
    const nlohmann::json j = nlohmann::json::parse(cpp, nullptr, false);
    ASSERT_FALSE(j.is_discarded());
    EXPECT_GT(j.value("hops", 0L), 0L) << cpp.substr(0, 400);
    for (const char* impl : {"cpp", "rtl", "lockstep"})
        EXPECT_EQ(result_text(args, impl, "replicator"), cpp) << args << " replicator=" << impl;
    expect_same_holds(args, cpp);
}

const std::string kUniform =
    " --traffic uniform --rate 0.6 --warmup 100 --measure 300 --drain-limit 2000";

TEST(UnitImplNetwork, AllToAllD3_4_8) {
    expect_same_result("--k 4 --m 8", 0);
}
TEST(UnitImplNetwork, UnscheduledAllToAllD3_3_4) {
    expect_same_result("--k 3 --m 4 --schedule none", 1);
}
TEST(UnitImplNetwork, UniformTrafficD3_4_8) {
    expect_same_result("--k 4 --m 8" + kUniform, 1000);
}
TEST(UnitImplNetwork, UniformTrafficMdf4_8) {
    expect_same_result("--topology mdf --k 4 --m 8" + kUniform, 1000);
}
// The hold stage with a capacity (its room is the RTL's, room_o), and with links of several
// cycles (holds of several cycles; the routers skip cycles, the RTL's idle edges).
TEST(UnitImplNetwork, UniformTrafficWithAHoldCapacityAndSlowLinksD3_4_8) {
    for (const std::string& args : {"--k 4 --m 8 --hold-capacity 2" + kUniform,
                                    "--k 4 --m 8 --local-latency 2 --global-latency 5" + kUniform})
        expect_same_holds(args, result_text(args, "", "hold_stage"));
}
// Every primitive of the paper on D3(4,8), and those MDF(4,8) runs, with the hold stage in RTL.
TEST(UnitImplNetwork, HoldStageOnEveryPrimitive) {
    long holds = 0;
    for (const char* p : {"broadcast", "one-to-all", "all-to-one", "all-to-all", "permutation",
                          "glgl-one-to-all", "broadcast-trees", "hypercube-exchange",
                          "hypercube-allreduce", "vector-matrix", "matrix-product", "transpose"}) {
        const std::string args = "--k 4 --m 8 --primitive " + std::string(p);
        holds += expect_same_holds(args, result_text(args, "", "hold_stage"), true);
    }
    EXPECT_GT(holds, 0L);
    for (const char* p : {"all-to-all", "broadcast"}) {
        const std::string args = "--topology mdf --k 4 --m 8 --primitive " + std::string(p);
        expect_same_holds(args, result_text(args, "", "hold_stage"));
    }
}

// Two service classes: an arbiter per output and class.
TEST(UnitImplNetwork, AllToAllUnderBackgroundD3_4_4) {
    expect_same_result(
        "--k 4 --m 4 --primitive all-to-all --background uniform "
        "--background-rate 0.5 --service standard",
        0);
}

// Bring your own RTL: the matrix arbiter (rtl/d3_matrix_arbiter.sv), built as an architect's module
// is, named in the configuration. Where no two packets compete (the scheduled all-to-all) its
// result is round robin's; where they do, every packet is delivered once, the result is its own,
// and lockstep against the C++ matrix arbiter (core/allocation/matrix_arbiter.h) runs clean.
TEST(UnitImplNetwork, MatrixArbiterOfYourOwn) {
    const std::string matrix = "rtl:d3_matrix_arbiter";
    EXPECT_EQ(result_text("--k 4 --m 8", matrix), result_text("--k 4 --m 8", ""));
    for (const std::string& args :
         {std::string("--k 3 --m 4 --schedule none"), "--k 4 --m 8" + kUniform}) {
        const std::string rtl = result_text(args, matrix);
        EXPECT_EQ(result_text(args, "lockstep:d3_matrix_arbiter"), rtl) << args;
        EXPECT_NE(rtl, result_text(args, ""))
            << args << ": the policies differ where packets compete";
        const nlohmann::json j = nlohmann::json::parse(rtl, nullptr, false);
        ASSERT_FALSE(j.is_discarded());
        EXPECT_TRUE(j.value("correct", false)) << args;
        EXPECT_GT(j.value("conflicts", 0L), 0L) << args;
        EXPECT_EQ(j.value("delivered", -1L), j.value("expected", -2L)) << args;
        for (const char* bad : {"duplicated", "lost", "misrouted"})
            EXPECT_EQ(j.value(bad, -1L), 0L) << bad;
    }
}

TEST(UnitImplNetwork, BroadcastD3_4_8) {
    expect_same_broadcast("--k 4 --m 8 --primitive broadcast --source 0,1,0");
}
TEST(UnitImplNetwork, BroadcastMdf4_8) {
    expect_same_broadcast("--topology mdf --k 4 --m 8 --primitive broadcast --source 3,0,2");
}
TEST(UnitImplNetwork, BroadcastTreesD3_3_4) {
    expect_same_broadcast("--k 3 --m 4 --primitive broadcast-trees --source 1,0,2");
}

// Bring your own RTL for the replicator: rtl/d3_replicator_count.sv (a count of the targets left
// rather than a test of the list), built as an architect's module is. The same policy: the C++
// unit's results byte for byte, and lockstep beside it runs clean.
TEST(UnitImplNetwork, ReplicatorOfYourOwn) {
    for (const std::string& args :
         {std::string("--k 4 --m 8 --primitive broadcast --source 0,1,0"),
          std::string("--k 3 --m 4 --primitive broadcast-trees --source 1,0,2")}) {
        const std::string cpp = result_text(args, "", "replicator");
        for (const char* impl : {"rtl:d3_replicator_count", "lockstep:d3_replicator_count"})
            EXPECT_EQ(result_text(args, impl, "replicator"), cpp) << args << " " << impl;
    }
}

// Every unit d3sim runs as RTL at once (the decoder, the arbiters, the replicator).
TEST(UnitImplNetwork, EveryUnitInRtl) {
    const std::string all =
        " --unit-impl decoder=rtl --unit-impl switch_allocator=rtl --unit-impl replicator=rtl"
        " --unit-impl hold_stage=rtl";
    for (const std::string args : {"--k 4 --m 8", "--k 4 --m 8 --primitive broadcast"}) {
        const outcome cpp = run(D3SIM, args + " --json - --quiet");
        const outcome rtl = run(D3SIM, args + all + " --json - --quiet");
        ASSERT_EQ(rtl.code, 0) << rtl.err;
        nlohmann::ordered_json a = nlohmann::ordered_json::parse(cpp.out, nullptr, false);
        nlohmann::ordered_json b = nlohmann::ordered_json::parse(rtl.out, nullptr, false);
        ASSERT_FALSE(a.is_discarded() || b.is_discarded());
        for (const char* key : kRunKeys) {
            a.erase(key);
            b.erase(key);
        }
        b["decoder"] = a["decoder"];  // recorded as the option given
        EXPECT_EQ(b.dump(1), a.dump(1)) << args;
    }
}

// A design-space router's separable input-first switch allocator in RTL
// (rtl/d3_separable_allocator.sv behind the allocator interface): the C++ allocator's results.
const std::string kSeparable =
    " --traffic uniform --warmup 20 --measure 40 --drain-limit 500 --sw-allocator "
    "separable-input-first --vc-allocator separable-input-first --flow-control wormhole --vcs 2 "
    "--input-speedup 1";
const std::string kMdfSeparable =
    "--topology mdf --k 4 --m 8 --concentration 4 --rate 0.2" + kSeparable;

TEST(UnitImplNetwork, SeparableAllocatorMdf4_8) {
    expect_same_result(kMdfSeparable, 1000, "switch_allocator", false);
}
TEST(UnitImplNetwork, SeparableAllocatorD3_4_8) {
    expect_same_result("--k 4 --m 8 --rate 0.5" + kSeparable, 500, "switch_allocator", false);
}
TEST(UnitImplFault, SeparableAllocatorLockstepStopsAtTheFirstDifference) {
    const outcome o =
        run(D3SIM_FAULT, kMdfSeparable + " --unit-impl switch_allocator=lockstep --quiet");
    EXPECT_NE(o.code, 0);
    for (const char* part : {"d3/lockstep", "router", "switch_allocator (separable input-first)",
                             "requests in", "C++ reference matches in", "RTL matches"})
        EXPECT_NE(o.err.find(part), std::string::npos) << part << " in: " << o.err;
}

TEST(UnitImplFault, ReplicatorLockstepStopsAtTheFirstDifference) {
    const outcome o = run(D3SIM_FAULT,
                          "--k 4 --m 8 --primitive broadcast --source 0,1,0 "
                          "--unit-impl replicator=lockstep --quiet");
    EXPECT_NE(o.code, 0);
    for (const char* part : {"d3/lockstep", "router", "replicator list", "targets left", "serving",
                             "C++ reference gives", "RTL: copy_o"})
        EXPECT_NE(o.err.find(part), std::string::npos) << part << " in: " << o.err;
}

TEST(UnitImplFault, HoldStageLockstepStopsAtTheFirstDifference) {
    // Holds of two cycles and more: the fault (ready a cycle early) shows.
    const outcome o = run(D3SIM_FAULT,
                          "--k 4 --m 8 --local-latency 2 --global-latency 3 "
                          "--unit-impl hold_stage=lockstep --quiet");
    EXPECT_NE(o.code, 0);
    for (const char* part : {"d3/lockstep", "router", "hold_stage", "held packet", "due step",
                             "C++ reference: count", "ready tags", "RTL: count_o", "ready"})
        EXPECT_NE(o.err.find(part), std::string::npos) << part << " in: " << o.err;
}

TEST(UnitImplFault, LockstepStopsAtTheFirstDifference) {
    const outcome o = run(
        D3SIM_FAULT, "--k 4 --m 8" + kUniform + " --unit-impl switch_allocator=lockstep --quiet");
    EXPECT_NE(o.code, 0);
    for (const char* part : {"d3/lockstep", "router", "switch_allocator output", "requesters",
                             "C++ reference grants source", "RTL grants source"})
        EXPECT_NE(o.err.find(part), std::string::npos) << part << " in: " << o.err;
}
TEST(UnitImplFault, TheCppUnitIsUnaffected) {
    EXPECT_EQ(run(D3SIM_FAULT, "--k 4 --m 8" + kUniform + " --quiet").code, 0);
}

// The id of `name`'s $var in a VCD (empty: none), and how many there are.
std::pair<std::string, int> vcd_var(const std::string& vcd, const std::string& name) {
    std::istringstream in(vcd);
    std::string line, id;
    int n = 0;
    while (std::getline(in, line)) {
        std::istringstream w(line);
        std::string var, wire, width, code, named;
        if (w >> var >> wire >> width >> code >> named && var == "$var" && named == name) {
            id = code;
            ++n;
        }
    }
    return {id, n};
}

// The VCD of d3sim `args` --wave-rtl 0,1,2 (its files removed after).
std::string wave_of(const std::string& args, const std::string& stem) {
    const std::string base = testing::TempDir() + stem + std::to_string(getpid());
    const outcome o = run(D3SIM, args + " --wave " + base + ".vcd --wave-rtl 0,1,2 -q");
    EXPECT_EQ(o.code, 0) << o.err;
    std::ifstream in(base + ".vcd");
    const std::string vcd((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const char* ext : {".vcd", ".gtkw", ".routers.txt", ".act.txt", ".route.txt"})
        std::remove((base + ext).c_str());
    return vcd;
}

// Whether a value change of one of the signals `ids` has a 1 bit (scalar "1id", vector "b.. id").
bool takes_a_one(const std::string& vcd, const std::vector<std::string>& ids) {
    std::istringstream lines(vcd);
    std::string line;
    while (std::getline(lines, line)) {
        const std::size_t sp = line.find(' ');
        for (const std::string& id : ids) {
            if (id.empty() || line.size() <= id.size()) continue;
            const bool vector = sp != std::string::npos && line[0] == 'b';
            const std::string code = vector ? line.substr(sp + 1) : line.substr(1);
            const std::string value = vector ? line.substr(0, sp) : line.substr(0, 1);
            if (code == id && value.find('1') != std::string::npos) return true;
        }
    }
    return false;
}

// --wave-rtl: the chosen router's RTL units' own ports in the network's wave, under its scope,
// taking values (the hold stage held packets, an arbiter granted), and no other router's.
TEST(UnitImplWave, WaveRtlAddsTheRouterUnitsPorts) {
    const std::string vcd = wave_of(
        "--k 3 --m 4 --schedule none --unit-impl hold_stage=rtl --unit-impl switch_allocator=rtl",
        "d3_wave_rtl_");
    for (const char* name : {"count_o", "room_o", "ready_o", "left_i", "admit_i", "o1_c0_req_i",
                             "o1_c0_valid_o", "o1_c0_idx_o"})
        EXPECT_EQ(vcd_var(vcd, name).second, 1) << name;
    EXPECT_NE(vcd.find("$scope module hold_stage $end"), std::string::npos);
    EXPECT_NE(vcd.find("$scope module switch_allocator $end"), std::string::npos);
    // Values: count_o above 0 in some step, and some arbiter's valid_o (where packets competed).
    EXPECT_TRUE(takes_a_one(vcd, {vcd_var(vcd, "count_o").first}));
    std::vector<std::string> valid;
    for (int o = 0; o < 6; ++o)  // D3(3,4): 6 link outputs
        valid.push_back(vcd_var(vcd, "o" + std::to_string(o) + "_c0_valid_o").first);
    EXPECT_TRUE(takes_a_one(vcd, valid));
}

// The replicator's ports, a step's takes together: a broadcast's source router fans out (a step
// serves two or more of its list's lines, with copies; its lists close).
TEST(UnitImplWave, WaveRtlAddsTheReplicatorsPorts) {
    const std::string vcd =
        wave_of("--k 4 --m 8 --primitive broadcast --source 0,1,2 --unit-impl replicator=rtl",
                "d3_wave_rep_");
    for (const char* name : {"list", "remaining_o", "take_i", "copy_o", "done_o"})
        EXPECT_EQ(vcd_var(vcd, name).second, 1) << name;
    EXPECT_NE(vcd.find("$scope module replicator $end"), std::string::npos);
    EXPECT_EQ(vcd.find("$scope module hold_stage $end"), std::string::npos);
    EXPECT_TRUE(takes_a_one(vcd, {vcd_var(vcd, "copy_o").first}));
    EXPECT_TRUE(takes_a_one(vcd, {vcd_var(vcd, "done_o").first}));
    for (const char* lines : {"remaining_o", "take_i"}) {  // some value with two lines or more
        const std::string id = vcd_var(vcd, lines).first;
        std::istringstream in(vcd);
        std::string line;
        bool several = false;
        while (std::getline(in, line))
            if (line.size() > id.size() + 1 && line[0] == 'b' &&
                line.compare(line.size() - id.size() - 1, std::string::npos, " " + id) == 0)
                several = several || std::count(line.begin(), line.end(), '1') >= 2;
        EXPECT_TRUE(several) << lines;
    }
}

void expect_bad_input(const std::string& args, const std::string& says) {
    const outcome o = run(D3SIM, args);
    EXPECT_EQ(o.code, 2) << args << ": " << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    EXPECT_NE(o.err.find(says), std::string::npos) << o.err;
}

TEST(UnitImplCli, BadValuesAreRefused) {
    expect_bad_input("--k 2 --m 4 --unit-impl switch_allocator", "give UNIT=IMPL");
    expect_bad_input("--k 2 --m 4 --unit-impl crossbar=rtl", "unknown unit crossbar");
    expect_bad_input("--k 2 --m 4 --unit-impl switch_allocator=verilog",
                     "unknown implementation verilog");
    expect_bad_input("--k 2 --m 4 --unit-impl decoder=verilog", "unknown implementation verilog");
    expect_bad_input("--k 2 --m 4 --decoder rtl --unit-impl decoder=cpp", "disagree");
    expect_bad_input("--k 2 --m 4 --traffic uniform --unit-impl decoder=rtl", "runs a --primitive");
    expect_bad_input("--k 2 --m 4 --unit-impl hold_stage=rtl --hold-capacity 40",
                     "needs --hold-capacity 0..32");
    expect_bad_input("--k 2 --m 4 --unit-impl hold_stage=rtl --global-latency 300",
                     "needs hold times of at most 255");
    expect_bad_input("--k 2 --m 4 --unit-impl switch_allocator=rtl:d3_no_such_arbiter",
                     "no RTL arbiter module d3_no_such_arbiter in this build");
    expect_bad_input("--k 2 --m 4 --wave /dev/null --wave-rtl 0,0,0",
                     "--wave-rtl needs a unit in RTL");
    expect_bad_input("--k 2 --m 4 --unit-impl hold_stage=rtl --wave /dev/null --wave-rtl 0,5,0",
                     "--wave-rtl must be a router c,d,p of D3(2,4)");
    expect_bad_input("--k 2 --m 4 --unit-impl replicator=rtl:d3_matrix_arbiter",
                     "no RTL replicator module d3_matrix_arbiter in this build (built: "
                     "d3_replicator, d3_replicator_count");
    expect_bad_input("--k 2 --m 4 --unit-impl hold_stage=lockstep:d3_rr_arbiter",
                     "no RTL hold_stage module d3_rr_arbiter in this build (built: d3_hold_stage");
    expect_bad_input("--k 2 --m 4 --unit-impl replicator=cpp:d3_replicator",
                     "only rtl:MODULE or lockstep:MODULE");
    expect_bad_input("--k 40 --m 30 --unit-impl replicator=rtl", "needs K + M + 1 <= 64");
    expect_bad_input("--k 2 --m 4 --unit-impl switch_allocator=rtl --arbitration oldest-first",
                     "needs --arbitration round-robin");
    expect_bad_input(
        "--k 2 --m 4 --traffic uniform --sw-allocator islip --unit-impl "
        "switch_allocator=rtl",
        "with --sw-allocator separable-input-first");
    expect_bad_input(
        "--k 2 --m 4 --traffic uniform --sw-allocator separable-input-first "
        "--alloc-iters 2 --unit-impl switch_allocator=lockstep",
        "needs --alloc-iters 1");
    expect_bad_input(
        "--k 2 --m 4 --traffic uniform --sw-allocator separable-input-first "
        "--unit-impl switch_allocator=rtl --unit-impl replicator=rtl",
        "replicator=rtl runs in the paper's router");
}

// --unit-impl decoder=IMPL is --decoder IMPL: the same run, recorded as the decoder.
TEST(UnitImplCli, DecoderIsTheDecoderOption) {
    const std::string args = "--k 3 --m 4 --primitive broadcast --source 1,0,2 --json - --quiet";
    const outcome unit = run(D3SIM, args + " --unit-impl decoder=lockstep");
    const outcome option = run(D3SIM, args + " --decoder lockstep");
    ASSERT_EQ(unit.code, 0) << unit.err;
    ASSERT_EQ(option.code, 0) << option.err;
    nlohmann::json a = nlohmann::json::parse(unit.out, nullptr, false);
    nlohmann::json b = nlohmann::json::parse(option.out, nullptr, false);
    ASSERT_FALSE(a.is_discarded() || b.is_discarded());
    EXPECT_EQ(a["decoder"], "lockstep");
    EXPECT_EQ(a["config"]["router"]["route_stage"]["decoder"], "lockstep");
    for (const char* key : kRunKeys) {
        if (std::string(key) == "config") continue;
        a.erase(key);
        b.erase(key);
    }
    EXPECT_EQ(a, b);
}

TEST(UnitImplCli, IsAConfigKey) {
    const outcome dump =
        run(D3SIM, "--k 2 --m 4 --unit-impl switch_allocator=lockstep --dump-config");
    EXPECT_EQ(dump.code, 0) << dump.err;
    EXPECT_NE(dump.out.find("impl: \"lockstep\""), std::string::npos) << dump.out;
    const outcome plain = run(D3SIM, "--k 2 --m 4 --dump-config");
    EXPECT_NE(plain.out.find("impl: \"cpp\""), std::string::npos) << plain.out;
    // A result's config reruns the run: the key becomes the option again.
    const std::string file =
        testing::TempDir() + "d3_unit_impl_" + std::to_string(getpid()) + ".yaml";
    {
        std::FILE* f = std::fopen(file.c_str(), "w");
        ASSERT_NE(f, nullptr);
        std::fputs("router:\n  switch_allocator:\n    impl: rtl\n", f);
        std::fclose(f);
    }
    const outcome r = run(D3SIM, "--k 2 --m 4 --config " + file + " --json - --quiet");
    std::remove(file.c_str());
    EXPECT_EQ(r.code, 0) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << r.out;
    EXPECT_EQ(j["config"]["router"]["switch_allocator"].value("impl", ""), "rtl");
}

}  // namespace
