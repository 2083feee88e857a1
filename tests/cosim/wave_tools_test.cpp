// Waveforms of co-simulation runs, read back with d3wave as a user does (waves/README.md, "Without
// a window"): the trace of an RTL run carries the JSON's conflicts and its view's signals; d3wave
// refuses what it cannot read or would write wrongly with exit 2 and one line (an FST trace, a
// folder, a window of steps that is negative, reversed or past the end, a view written over the
// trace itself).
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/run_command.h"

namespace {

using d3::test::outcome;
using d3::test::run_command;

std::string temp_path(const std::string& name) {
    return testing::TempDir() + "d3_cosim_wave_" + std::to_string(getpid()) + "_" + name;
}

std::string read_all(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

std::size_t lines(const std::string& s) {
    return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

// The all-to-all of docs/waveforms.md (D3(2,4), --schedule none: 512 conflicts) through the RTL.
class CosimWave : public testing::Test {
  protected:
    void SetUp() override {
        vcd_ = temp_path("a2a.vcd");
        const outcome o = run_command(std::string(D3SIM) +
                                      " --k 2 --m 4 --primitive all-to-all --schedule none "
                                      "--decoder rtl --json - -q --wave " +
                                      vcd_);
        ASSERT_EQ(o.code, 0) << o.err;
        json_ = nlohmann::json::parse(o.out, nullptr, false);
        ASSERT_FALSE(json_.is_discarded()) << o.out;
    }
    outcome d3wave(const std::string& args) const {
        return run_command(std::string(D3WAVE) + " " + args);
    }
    outcome view(const std::string& args) const {
        return d3wave("view " + vcd_ + " -o " + temp_path("view.gtkw") + " -s 'c0.d0.p0.l1.*' " +
                      args);
    }
    // Exit 2 and one line naming the problem.
    static void expect_refused(const outcome& o, const std::string& says) {
        EXPECT_EQ(o.code, 2) << o.out << o.err;
        EXPECT_EQ(lines(o.err), 1u) << o.err;
        EXPECT_EQ(o.err.rfind("d3wave: error: ", 0), 0u) << o.err;
        EXPECT_NE(o.err.find(says), std::string::npos) << "expected '" << says << "' in " << o.err;
    }
    std::string vcd_;
    nlohmann::json json_;
};

TEST_F(CosimWave, StatsOfAnRtlTraceMatchTheJsonAndItsViewIsComplete) {
    const outcome stats = d3wave("stats --json " + vcd_);
    ASSERT_EQ(stats.code, 0) << stats.err;
    const nlohmann::json s = nlohmann::json::parse(stats.out, nullptr, false);
    ASSERT_FALSE(s.is_discarded()) << stats.out;
    EXPECT_EQ(json_.value("conflicts", 0u), 512u);  // docs/waveforms.md
    EXPECT_EQ(s.value("conflicts_counter", 0u), json_.value("conflicts", 0u));
    EXPECT_EQ(s.value("conflict_steps", 0u), json_.value("conflicts", 0u));
    const std::string gtkw = vcd_.substr(0, vcd_.size() - 4) + ".gtkw";
    const outcome check = d3wave("check " + vcd_ + " " + gtkw);
    EXPECT_EQ(check.code, 0) << check.out << check.err;
    // The decoder's ports are in the trace of an RTL run, named as in rtl/d3_header_decoder.sv.
    const std::string text = read_all(vcd_);
    for (const char* port : {" hdr_i ", " act_o ", " port_o ", " hold_o ", " next_o "})
        EXPECT_NE(text.find(port), std::string::npos) << port;
}

// docs/waveforms.md: the trace of an RTL or lockstep run is the C++ run's with --wave-decoder, byte
// for byte (the decoder's ports carry the same decisions).
TEST_F(CosimWave, RtlAndLockstepTracesEqualTheReferenceTrace) {
    const auto trace = [](const std::string& decoder, const std::string& extra) {
        const std::string path = temp_path(decoder + ".vcd");
        const outcome o = run_command(std::string(D3SIM) +
                                      " --k 3 --m 4 --primitive broadcast-trees --source 1,1,2 -q "
                                      "--decoder " +
                                      decoder + extra + " --wave " + path);
        EXPECT_EQ(o.code, 0) << o.err;
        return read_all(path);
    };
    const std::string reference = trace("cpp", " --wave-decoder");
    ASSERT_NE(reference.find(" act_o "), std::string::npos);
    EXPECT_TRUE(trace("rtl", "") == reference);
    EXPECT_TRUE(trace("lockstep", "") == reference);
}

TEST_F(CosimWave, ViewOfAWindowOfSteps) {
    const outcome o = view("--from 4 --to 28");
    ASSERT_EQ(o.code, 0) << o.err;
    EXPECT_NE(read_all(temp_path("view.gtkw")).find("[timestart] 4\n"), std::string::npos);
}

TEST_F(CosimWave, FstTraceIsRefusedInOneLine) {
    const std::string fst = temp_path("a2a.fst");
    const outcome run = run_command(std::string(D3SIM) +
                                    " --k 2 --m 4 --primitive all-to-all --decoder lockstep -q "
                                    "--wave " +
                                    fst);
    ASSERT_EQ(run.code, 0) << run.err;
    expect_refused(d3wave("stats " + fst), "fst2vcd");
    expect_refused(d3wave("check " + fst + " " + fst + ".gtkw"), "is an FST trace");
}

TEST_F(CosimWave, FolderIsRefusedInOneLine) {
    expect_refused(d3wave("stats " + testing::TempDir()), "is a directory");
}

TEST_F(CosimWave, NegativeStepIsRefused) {
    // Read as an unsigned number, -3 was step 18446744073709551613 in the view.
    expect_refused(view("--from -3"), "--from must be a whole number");
    expect_refused(view("--to -1"), "--to must be a whole number");
}

TEST_F(CosimWave, WindowEndingBeforeItStartsIsRefused) {
    expect_refused(view("--from 20 --to 10"), "--to 10 is before --from 20");
}

TEST_F(CosimWave, WindowStartingAfterTheTraceIsRefused) {
    expect_refused(view("--from 1000"), "after the end");
}

TEST_F(CosimWave, ViewIsNotWrittenOverTheTrace) {
    const std::string before = read_all(vcd_);
    expect_refused(d3wave("view " + vcd_ + " -o " + vcd_ + " -s 'c0.d0.p0.l1.*'"),
                   "is the trace itself");
    EXPECT_EQ(read_all(vcd_), before);
}

}  // namespace
