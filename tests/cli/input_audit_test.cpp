// An audit of d3sim's user input (2026-11): each command below was accepted silently, crashed into
// a bare library message with exit 1, or said less than the other errors do. Each is now one line
// on stderr naming the option and why, and exit 2 (or, where the input is legal, a run).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "d3sim_cli.h"
#include "support/read_file.h"
#include "support/run_command.h"

namespace {

using d3::test::expect_bad_input;
using d3::test::outcome;
using d3::test::write_temp;
constexpr auto run = &d3::test::run_d3sim;

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
    // Issue 45: decimal only, and a value out of range echoed as given (not 1.000000, not 309
    // digits).
    expect_bad_input("--traffic uniform --rate 0x0.8p0 --check",
                     "--rate: must be a number in (0, 1] (got '0x0.8p0')");
    expect_bad_input("--traffic uniform --rate inf --check", "(got 'inf')");
    expect_bad_input("--traffic uniform --rate 1.0000000001 --check",
                     "--rate: must be in (0, 1] flits per terminal per step (got '1.0000000001')");
    expect_bad_input("--traffic uniform --rate 1e308 --check",
                     "--rate: must be in (0, 1] flits per terminal per step (got '1e308')");
    EXPECT_EQ(run("--traffic uniform --rate .5e0 --check").code, 0);
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

// Options the run does not read were accepted silently (README: "refused (exit 2)").
TEST(InputAudit, OptionsTheRunDoesNotReadAreRefused) {
    const std::string t = "--k 2 --m 4 --traffic uniform --check ";
    expect_bad_input(t + "--hotspot-fraction 0.5", "--hotspot-fraction needs --traffic hotspot");
    expect_bad_input(t + "--routing minimal --ugal-threshold 3",
                     "--ugal-threshold needs --routing ugal");
    expect_bad_input(t + "--routing valiant --ugal-threshold 3",
                     "--ugal-threshold needs --routing ugal");
    for (const char* wave :
         {"--wave-scope 0,0,*", "--wave-limit 1M", "--wave-groups 3", "--wave-decoder"}) {
        const std::string opt = std::string(wave).substr(0, std::string(wave).find(' '));
        expect_bad_input(std::string("--k 2 --m 4 --check ") + wave, opt + " needs --wave FILE");
        expect_bad_input(t + wave, opt + " needs --wave FILE");
    }
    expect_bad_input("--k 2 --m 4 --check --trace-routers 0,0,*",
                     "the --trace-* filters need --trace-packets FILE");
    // From a --config file as well, named where the file gives it.
    const std::string f = write_temp("d3_audit_unread.yaml",
                                     "network:\n  k: 2\n  m: 4\nworkload:\n  traffic:\n"
                                     "    pattern: uniform\n    hotspot_fraction: 0.5\n");
    expect_bad_input("--config " + f + " --check",
                     f + ":7: workload.traffic.hotspot_fraction: --hotspot-fraction needs");
    const std::string g =
        write_temp("d3_audit_wave.yaml", "network:\n  k: 2\n  m: 4\noutputs:\n  wave_groups: 2\n");
    expect_bad_input("--config " + g + " --check", "--wave-groups needs --wave FILE");
    // Where the run reads them, they run.
    for (const std::string ok : {"--traffic hotspot --hotspot-fraction 0.5",
                                 "--traffic uniform --routing ugal "
                                 "--ugal-threshold 3"})
        EXPECT_EQ(run("--k 2 --m 4 -q --check " + ok).code, 0) << ok;
    const std::string log = testing::TempDir() + "d3_audit_log.csv";
    EXPECT_EQ(run("--k 2 --m 4 -q --check --trace-packets " + log + " --trace-routers 0,0,*").code,
              0);
    const std::string vcd = testing::TempDir() + "d3_audit.vcd";
    EXPECT_EQ(run("--k 2 --m 4 -q --check --wave " + vcd +
                  " --wave-scope 0,0,* --wave-limit 1M --wave-groups 3 --wave-decoder")
                  .code,
              0);
}

// What --dump-config prints, for a traffic run of each pattern and routing, reads back and runs:
// its keys at their defaults (hotspot_fraction, ugal_threshold) are not refused.
TEST(InputAudit, DumpedConfigurationsReadBack) {
    const std::string traffic = "--warmup 10 --measure 20 --traffic ";
    for (const std::string& args : {traffic + "uniform", traffic + "hotspot --hotspot-fraction 0.3",
                                    traffic + "transpose --routing ugal --ugal-threshold 2",
                                    std::string("--primitive broadcast")}) {
        const outcome d = run("--k 2 --m 4 " + args + " --dump-config");
        ASSERT_EQ(d.code, 0) << args << ": " << d.err;
        const std::string f = write_temp("d3_audit_dump.yaml", d.out);
        const outcome back = run("--config " + f + " -q --check");
        EXPECT_EQ(back.code, 0) << args << ": " << back.err;
        EXPECT_EQ(run("--config " + f + " --dump-config").out, d.out) << args;
    }
}

// A value given twice ran every job of validate's grid again, and two sweep points at once on
// one point file.
// With --json the run's configuration is recorded as JSON before the options' own checks; a byte
// that is not UTF-8 in a value threw from the JSON library there (exit 1, its message). The
// option's own check now refuses it (exit 2, one line), as without --json.
TEST(InputAudit, AValueThatIsNotUtf8IsRefusedByItsOption) {
    const std::string json = testing::TempDir() + "d3_audit_utf8.json";
    for (const std::string& out : {std::string(), " --json " + json})
        expect_bad_input("--primitive broadcast --source \"$(printf '\\377'),0,0\"" + out,
                         "--source must be c,d,p");
}

TEST(InputAudit, RepeatedValuesAreRefused) {
    const std::string work = testing::TempDir() + "d3_audit_work";
    const std::string validate = "validate --out - --dry-run --work " + work + " ";
    expect_bad_input(validate + "--k 2,2 --m 4,4", "--k gives 2 more than once (got '2,2')");
    expect_bad_input(validate + "--k 1,2 --m 4,6,4", "--m gives 4 more than once (got '4,6,4')");
    expect_bad_input(validate + "--k 3,1,03 --m 4", "--k gives 3 more than once");
    const std::string sweep = "sweep --traffic uniform --k 2 --m 4 --dry-run --out " + work + " ";
    expect_bad_input(sweep + "--rates 0.1,0.1", "--rates: rate 0.1 is given more than once");
    expect_bad_input(sweep + "--rates 0.2,0.1,0.10", "--rates: rate 0.1 is given more than once");
    EXPECT_EQ(run(sweep + "--rates 0.1,0.2").code, 0);
    EXPECT_EQ(run(validate + "--k 1,2 --m 4").code, 0);
}

// --check --json - printed its line on stdout, which is the JSON's: it goes to stderr there, as the
// summary does.
TEST(InputAudit, CheckLineLeavesStdoutToTheJson) {
    for (const std::string args : {"--k 2 --m 4", "--k 2 --m 4 --traffic uniform"}) {
        const outcome o = run(args + " --check --json -");
        EXPECT_EQ(o.code, 0) << o.err;
        EXPECT_EQ(o.out, "") << args;
        EXPECT_EQ(o.err.rfind("d3sim: check passed: estimated ", 0), 0u) << o.err;
        const outcome file = run(args + " --check --json " + testing::TempDir() + "d3_audit.json");
        EXPECT_EQ(file.out.rfind("d3sim: check passed: estimated ", 0), 0u) << file.out;
        EXPECT_EQ(file.err, "") << args;
    }
}

// --background-warmup had no range check of its own: a value past an int gave CLI11's "Could not
// convert" without the range.
TEST(InputAudit, BackgroundWarmupNamesItsRange) {
    const std::string bg = "--k 2 --m 4 --primitive all-to-all --background uniform --check ";
    expect_bad_input(bg + "--background-warmup 99999999999",
                     "--background-warmup: must be a whole number from 0 to 10000000 (got "
                     "'99999999999')");
    expect_bad_input(bg + "--background-warmup 1x", "--background-warmup: must be a whole number");
    EXPECT_EQ(run(bg + "-q --background-warmup 10000000").code, 0);
}

// --help's --source omitted broadcast-trees (registry.cpp's option_uses: it reads the source); the
// README's synopsis lacked --protocol paper; there was no --version.
TEST(InputAudit, HelpVersionAndReadmeSayWhatTheToolDoes) {
    const outcome help = run("--help");
    ASSERT_EQ(help.code, 0);
    EXPECT_NE(help.out.find("(broadcast, one-to-all, glgl-one-to-all, broadcast-trees; the "
                            "all-to-one sink)"),
              std::string::npos)
        << help.out;
    EXPECT_NE(help.out.find("--version"), std::string::npos) << help.out;
    const outcome v = run("--version");
    EXPECT_EQ(v.code, 0) << v.err;
    EXPECT_EQ(v.err, "");
    const outcome r = run("--k 2 --m 4 -q --json -");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto version = nlohmann::json::parse(r.out)["config"]["version"].get<std::string>();
    EXPECT_EQ(v.out, version + "\n");
    std::ifstream f(D3_README);
    const std::string readme{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
    EXPECT_NE(readme.find("[--protocol paper|1|2|3|doubly-parallel]"), std::string::npos);
    EXPECT_NE(readme.find("d3sim --version"), std::string::npos);
}

}  // namespace

// A misspelled option, or an option's value not among its names, is named with the closest valid
// one (cli/did_you_mean, issue 42): one line, exit 2.
namespace {

TEST(InputAudit, MisspelledOptionNamesTheClosest) {
    expect_bad_input("--primtive all-to-all",
                     "d3sim: error: unknown option --primtive (did you mean --primitive?)");
    expect_bad_input("--k 2 --m 4 --buffer-dept=4 --check",
                     "unknown option --buffer-dept (did you mean --buffer-depth?)");
    expect_bad_input("--topology mdff --check",
                     "--topology: mdff not in {d3,mdf,file:PATH} (did you mean mdf?)");
    expect_bad_input("--traffic unifrom --check", "(did you mean uniform?)");
    // Nothing close: CLI11's own message.
    expect_bad_input("--xyzzy", "The following argument was not expected: --xyzzy");
}

TEST(InputAudit, MisspelledStudyOptionNamesTheClosest) {
    expect_bad_input("validate --gird small", "unknown option --gird (did you mean --grid?)");
}

}  // namespace
