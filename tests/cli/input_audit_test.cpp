// An audit of d3sim's user input (2026-11): each command below was accepted silently, crashed into
// a bare library message with exit 1, or said less than the other errors do. Each is now one line
// on stderr naming the option and why, and exit 2 (or, where the input is legal, a run).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "d3sim_cli.h"
#include "support/run_command.h"

namespace {

using d3::test::expect_bad_input;
using d3::test::outcome;
constexpr auto run = &d3::test::run_d3sim;

std::string write_temp(const std::string& name, const std::string& text) {
    const std::string path = testing::TempDir() + name;
    std::ofstream(path) << text;
    return path;
}

// A double that overflows or underflows gave "d3sim: error: stod" and exit 1 (the recorded
// configuration converted the text again); a number with trailing text gave CLI11's "Could not
// convert" without the range.
TEST(InputAudit, NumbersADoubleCannotHoldAreRefusedWithTheRange) {
    expect_bad_input("--traffic uniform --rate 1e-400 --check",
                     "--rate: must be a number in (0, 1] (got '1e-400', too small for a double)");
    expect_bad_input("--traffic uniform --rate 1e-310 --check", "--rate: must be a number in");
    expect_bad_input("--traffic uniform --rate 1e999 --check",
                     "--rate: must be a number in (0, 1] (got '1e999', too large for a double)");
    expect_bad_input("--traffic uniform --rate 0.1x --check",
                     "--rate: must be a number in (0, 1] (got '0.1x')");
    expect_bad_input("--traffic uniform --rate nan --check", "--rate: must be a number in");
    expect_bad_input("--traffic hotspot --hotspot-fraction 1e-400 --check",
                     "--hotspot-fraction: must be a number in [0, 1] (got '1e-400'");
    expect_bad_input("--primitive all-to-all --background uniform --background-rate 1e-310 --check",
                     "--background-rate: must be a number in (0, 1] (got '1e-310'");
    const std::string f = write_temp("d3_audit_rate.yaml",
                                     "network:\n  k: 2\n  m: 4\nworkload:\n  traffic:\n"
                                     "    pattern: uniform\n    rate: 1e-400\n");
    expect_bad_input("--config " + f + " --check",
                     f + ":7: workload.traffic.rate: --rate: must be a number in (0, 1]");
    // Legal values still run, and the result records them as numbers.
    const outcome o =
        run("--k 2 --m 4 --traffic hotspot --hotspot-fraction 0 --rate 1e-3 "
            "--warmup 10 --measure 20 -q --dump-config");
    EXPECT_EQ(o.code, 0) << o.err;
    EXPECT_NE(o.out.find("rate: 0.001"), std::string::npos) << o.out;
}

}  // namespace
