// The design-space router's options (issue 43, d3sim/design_cli.cpp, docs/design-space.md) as a
// user gives them: each bad value or combination is one line on stderr and exit 2, a
// configuration file of them dumps and reads back to the same text, and BookSim2's delay names
// are recorded as pipeline units.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "cli/d3sim_cli.h"
#include "support/read_file.h"

namespace d3 {
namespace {

using test::expect_bad_input;
using test::outcome;
using test::run_d3sim;
using test::write_temp;

const std::string kTraffic = "--k 2 --m 4 --traffic uniform";

// The whole line: CLI11's check (cli/did_you_mean's member_of) lists the kinds and names the
// closest.
TEST(DesignSpaceCli, UnknownAllocatorNamesTheClosest) {
    expect_bad_input(kTraffic + " --sw-allocator islipp",
                     "d3sim: error: --sw-allocator: islipp not in {paper,separable-input-first,"
                     "separable-output-first,islip,wavefront} (did you mean islip?)\n");
    expect_bad_input(kTraffic + " --vc-allocator wavefrnt",
                     "d3sim: error: --vc-allocator: wavefrnt not in {static,separable-input-first,"
                     "separable-output-first,islip,wavefront} (did you mean wavefront?)\n");
    expect_bad_input(kTraffic + " --flow-control wormhol", "--flow-control: wormhol not in");
    expect_bad_input(kTraffic + " --vc-classes phases", "--vc-classes: phases not in");
}

TEST(DesignSpaceCli, InputSpeedupAboveTheVcsIsRefused) {
    expect_bad_input(kTraffic + " --input-speedup 3 --vcs 2",
                     "d3sim: error: --input-speedup must be 1..2 (the VCs) or 0 for all (got 3)\n");
    expect_bad_input(kTraffic + " --input-speedup -1 --sw-allocator islip",
                     "--input-speedup: must be a whole number from 0 to 32 (got '-1')");
    EXPECT_EQ(run_d3sim(kTraffic + " --input-speedup 2 --vcs 2 --check").code, 0);
}

// VCs by phase: one class per global link a path may cross plus one, so 2 for minimal routing
// and 3 for Valiant and UGAL.
TEST(DesignSpaceCli, DynamicVcsByPhaseNeedAVcPerPhase) {
    expect_bad_input(kTraffic + " --vc-allocator separable-input-first --vcs 2 --routing ugal",
                     "d3sim: error: --vc-allocator separable-input-first by phase or remaining "
                     "global hops needs a VC per phase: --vcs 3 or more (got 2)\n");
    expect_bad_input(kTraffic + " --vc-allocator islip --vcs 2 --routing valiant",
                     "needs a VC per phase: --vcs 3 or more (got 2)");
    expect_bad_input(kTraffic + " --vc-allocator wavefront --vcs 1",
                     "needs a VC per phase: --vcs 2 or more (got 1)");
    EXPECT_EQ(run_d3sim(kTraffic + " --vc-allocator separable-input-first --vcs 3 --routing ugal "
                                   "--check")
                  .code,
              0);
    EXPECT_EQ(run_d3sim(kTraffic + " --vc-allocator separable-input-first --vcs 2 --check").code,
              0);
}

// The primitives run the paper's router only: every option that would choose a design-space
// router is refused with them (the paper's own values, such as --flow-control vct, are not).
TEST(DesignSpaceCli, DesignOptionsNeedTraffic) {
    const std::string message =
        "d3sim: error: the design-space router's options (--sw-allocator, --vc-allocator, "
        "--flow-control, ...) need --traffic\n";
    for (const std::string option :
         {"--flow-control wormhole", "--sw-allocator islip", "--vc-allocator wavefront --vcs 2",
          "--alloc-iters 2", "--input-speedup 1", "--wait-for-tail-credit", "--credit-delay 1",
          "--vc-classes sync", "--skip-holds", "--vc-alloc-delay 2"})
        expect_bad_input("--k 2 --m 4 --primitive broadcast " + option, message);
    for (const std::string option :
         {"--flow-control vct", "--sw-allocator paper", "--vc-allocator static",
          "--input-speedup 0", "--vc-alloc-delay 0"}) {
        const outcome o = run_d3sim("--k 2 --m 4 --primitive broadcast -q " + option);
        EXPECT_EQ(o.code, 0) << option << ": " << o.err;
    }
}

TEST(DesignSpaceCli, YoungestFirstIsThePaperRoutersOnly) {
    expect_bad_input(kTraffic + " --arbitration youngest-first --sw-allocator islip",
                     "d3sim: error: --arbitration youngest-first is the paper router's; a "
                     "design-space router's allocators take round-robin, matrix or oldest-first\n");
    EXPECT_EQ(run_d3sim(kTraffic + " --arbitration oldest-first --sw-allocator islip --check").code,
              0);
    // The matrix arbiter is the allocators' alone: the paper's router refuses it.
    EXPECT_EQ(run_d3sim(kTraffic + " --arbitration matrix --sw-allocator islip --check").code, 0);
    expect_bad_input(kTraffic + " --arbitration matrix",
                     "d3sim: error: --arbitration matrix is an allocator's arbiter: it needs a "
                     "design-space router (--sw-allocator, --vc-allocator, ...)\n");
}

// configs/booksim-iq-router.yaml dumps to a file that dumps to the same text, and runs (on
// MDF(2,4), shorter).
TEST(DesignSpaceCli, BookSimConfigDumpRoundTrips) {
    const outcome first = run_d3sim("--config " D3_CONFIGS "/booksim-iq-router.yaml --dump-config");
    ASSERT_EQ(first.code, 0) << first.err;
    for (const char* text :
         {"kind: \"separable-input-first\"  # --sw-allocator", "input_speedup: 1",
          "kind: \"separable-input-first\"  # --vc-allocator", "kind: \"wormhole\"",
          "units: \"vc-allocate,allocate,traverse\"", "skip: true", "classes: \"phase\""})
        EXPECT_NE(first.out.find(text), std::string::npos) << text << "\n" << first.out;
    const std::string f = write_temp("d3_booksim_iq_dump.yaml", first.out);
    const outcome second = run_d3sim("--config " + f + " --dump-config");
    ASSERT_EQ(second.code, 0) << second.err;
    EXPECT_EQ(second.out, first.out);
    const outcome run =
        run_d3sim("--config " + f + " --k 2 --m 4 --warmup 100 --measure 100 --rate 0.3");
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_NE(run.out.find("correct:"), std::string::npos) << run.out;
}

// Every design option given on the command line is recorded, and reads back to the same text.
TEST(DesignSpaceCli, CommandLineDumpRoundTrips) {
    const outcome first = run_d3sim(
        kTraffic +
        " --vcs 3 --routing valiant --sw-allocator islip --alloc-iters 2 --vc-allocator "
        "wavefront --vc-classes sync --input-speedup 2 --flow-control wormhole "
        "--wait-for-tail-credit --credit-delay 2 --skip-holds --buffer-depth 2 --packet-length 4 "
        "--dump-config");
    ASSERT_EQ(first.code, 0) << first.err;
    for (const char* text : {"kind: \"islip\"", "iterations: 2", "kind: \"wavefront\"",
                             "classes: \"sync\"", "input_speedup: 2", "kind: \"wormhole\"",
                             "wait_for_tail_credit: true", "credit_delay: 2", "skip: true"})
        EXPECT_NE(first.out.find(text), std::string::npos) << text << "\n" << first.out;
    const std::string f = write_temp("d3_design_dump.yaml", first.out);
    const outcome second = run_d3sim("--config " + f + " --dump-config");
    ASSERT_EQ(second.code, 0) << second.err;
    EXPECT_EQ(second.out, first.out);
}

// BookSim2's vc_alloc_delay is the pipeline's vc-allocate unit, recorded in its one form.
TEST(DesignSpaceCli, VcAllocDelayIsAPipelineUnit) {
    const outcome o = run_d3sim(kTraffic + " --vc-alloc-delay 2 --dump-config");
    ASSERT_EQ(o.code, 0) << o.err;
    EXPECT_NE(o.out.find("  pipeline:\n    units: \"vc-allocate:2\"  # --pipeline\n"),
              std::string::npos)
        << o.out;
    const outcome all = run_d3sim(kTraffic +
                                  " --routing-delay 0 --vc-alloc-delay 2 --sw-alloc-delay 1 "
                                  "--st-delay 1 --dump-config");
    ASSERT_EQ(all.code, 0) << all.err;
    EXPECT_NE(all.out.find("units: \"vc-allocate:2,allocate,traverse\""), std::string::npos)
        << all.out;
}

// --link-stats counts packets and flits apart (docs/multi-flit.md): with 4-flit packets the
// paper's router puts a packet's four flits on its link together (flits = 4 x packets, exactly);
// a design-space router reports each flit as it crosses, and the packets of its 2 VCs interleave
// on a link, so in the measurement window a link's flits are 4 x its packets within the 3 flits
// of one packet per VC cut at each end of the window (6).
// Utilization is flits per cycle.
void expect_flits_per_packet(const std::string& options, bool exact) {
    const std::string csv = testing::TempDir() + "d3_link_flits.csv";
    ASSERT_EQ(run_d3sim("--k 2 --m 4 --traffic uniform --rate 0.3 --packet-length 4 "
                        "--buffer-depth 8 --warmup 50 --measure 100 --link-stats " +
                        csv + " " + options)
                  .code,
              0);
    std::istringstream rows(test::read_all(csv));
    std::string line;
    ASSERT_TRUE(std::getline(rows, line));
    EXPECT_NE(line.find(",packets,flits,utilization,"), std::string::npos) << line;
    long all = 0;
    while (std::getline(rows, line)) {
        std::vector<std::string> cells;
        std::stringstream cut(line);
        for (std::string c; std::getline(cut, c, ',');) cells.push_back(c);
        ASSERT_EQ(cells.size(), 15u) << line;
        const long packets = std::stol(cells[10]), flits = std::stol(cells[11]);
        if (exact)
            EXPECT_EQ(flits, 4 * packets) << line;
        else
            EXPECT_LE(std::labs(flits - 4 * packets), 6) << line;
        EXPECT_DOUBLE_EQ(std::stod(cells[12]), static_cast<double>(flits) / 100) << line;
        all += packets;
    }
    EXPECT_GT(all, 0);
}

TEST(DesignSpaceCli, LinkStatsCountPacketsAndFlitsApart) {
    expect_flits_per_packet("", true);
    expect_flits_per_packet("--flow-control wormhole --vcs 2 --sw-allocator islip", false);
}

// UGAL's non-minimal route through a random router (BookSim2's, a via header on MDF): a bad value,
// each combination it does not take (a one-line error, exit 2), its key in --dump-config, and a
// short run on MDF whose packets all arrive.
TEST(DesignSpaceCli, UgalValiantRouterIsMdfsWithTheLocalRule) {
    const std::string mdf = "--topology mdf --k 2 --m 2 --traffic uniform --routing ugal ";
    expect_bad_input(mdf + "--ugal-valiant routr",
                     "d3sim: error: --ugal-valiant: routr not in {group,router} (did you mean "
                     "router?)\n");
    expect_bad_input(mdf + "--ugal-valiant router",
                     "d3sim: error: --ugal-valiant router needs --ugal-rule local (BookSim2's "
                     "UGAL-L)\n");
    expect_bad_input(kTraffic + " --routing ugal --ugal-rule local --ugal-valiant router",
                     "--ugal-valiant router needs --topology mdf");
    expect_bad_input(kTraffic + " --routing valiant --ugal-valiant router",
                     "--ugal-valiant needs --routing ugal");
    // The RTL decoder does not read via headers (kind 3): traffic runs take the C++ reference.
    expect_bad_input(mdf + "--ugal-rule local --ugal-valiant router --decoder rtl",
                     "--decoder rtl cannot be combined with --traffic");
    const std::string ok = mdf + "--ugal-rule local --ugal-valiant router ";
    const outcome dump = run_d3sim(ok + "--dump-config");
    ASSERT_EQ(dump.code, 0) << dump.err;
    EXPECT_NE(dump.out.find("ugal_valiant: \"router\"  # --ugal-valiant"), std::string::npos)
        << dump.out;
    const outcome run = run_d3sim(ok + "--rate 0.5 --warmup 50 --measure 200");
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_NE(run.out.find("correct:"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace d3
