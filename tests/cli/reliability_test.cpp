// The reproducers of issue 12 ("Reliability"), run as a user runs them: each command ends within
// a time limit with exit code 2 and one line naming the problem, nothing simulated (or, where the
// input is legal, runs correctly). Each of these failed on the code before the fix (hang, SIGABRT,
// exit 0 with nonsense, exit 1, several lines, a run before the error).
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "support/run_command.h"

namespace {

using d3::test::outcome;

// d3sim under a time limit (coreutils timeout: 124 on expiry, then SIGKILL), so a hang fails the
// test instead of the test run.
outcome run(const std::string& args, int seconds = 20) {
    return d3::test::run_command("timeout -k 5 " + std::to_string(seconds) + " " +
                                 std::string(D3SIM) + " " + args);
}

int lines(const std::string& s) {
    return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}

// Exit 2, exactly one line on stderr that mentions `mentions`, nothing on stdout, well within the
// 10 s the issue allows (the options are checked before anything is elaborated).
void expect_refused(const std::string& args, const std::string& mentions) {
    const outcome o = run(args, 10);
    EXPECT_EQ(o.code, 2) << args << "\n" << o.err;
    EXPECT_EQ(lines(o.err), 1) << args << "\n" << o.err;
    EXPECT_NE(o.err.find(mentions), std::string::npos) << args << "\n" << o.err;
    EXPECT_TRUE(o.out.empty()) << args << "\n" << o.out;
}

TEST(Reliability, ProgressEndsWhenStderrIsNotATerminal) {
    const outcome o = run("--k 2 --m 4 --primitive all-to-all --progress");
    EXPECT_EQ(o.code, 0) << o.err.substr(0, 400);
    EXPECT_EQ(o.err.find("no activity"), std::string::npos) << o.err.substr(0, 400);
    EXPECT_NE(o.out.find("correct"), std::string::npos) << o.out;
}

TEST(Reliability, ValidateRefusesTooManyJobs) {
    expect_refused("validate --out - --k 1 --m 4 --jobs 100000", "--jobs");
    expect_refused("validate --out - --k 1 --m 4 --jobs 100000", "1 to 256");
    expect_refused("validate --out - --k 1 --m 4 --jobs 0", "1 to 256");
}

// Values that overflowed an int (UBSan: config.cpp, traffic_cli.cpp, routing.h) or sized a buffer
// or a schedule without bound: refused, with the limit in the message.
TEST(Reliability, NumericOptionsHaveRangesInTheMessage) {
    expect_refused("--local-latency 2147483647",
                   "--local-latency: must be a whole number from 1 to 1024");
    expect_refused("--pipeline-stages 2147483647", "from 1 to 64");
    expect_refused(
        "--pipeline route,crossbar",
        "--pipeline: 'crossbar' is not a unit (route, vc-allocate, allocate, traverse, or none)");
    expect_refused("--pipeline route:40,traverse:40", "has 81 stages (at most 64)");
    expect_refused("--pipeline route --pipeline-stages 2",
                   "give either --pipeline or --pipeline-stages, not both");
    expect_refused("--injection-width 1073741824",
                   "--injection-width: must be a whole number from 0 to 1024");
    expect_refused("--traffic uniform --global-latency 1073741824", "from 1 to 1024");
    expect_refused("--traffic uniform --routing ugal --ugal-threshold 2147483647",
                   "from 0 to 1000000");
    expect_refused("--buffer-depth 2147483647",
                   "--buffer-depth: must be a whole number from 1 to 1024");
    expect_refused("--injection-depth 2147483647", "from 0 to 4096");
    expect_refused("--traffic uniform --measure 2147483647",
                   "--measure: must be a whole number from 1 to 10000000");
    expect_refused("--traffic uniform --warmup -1", "--warmup");
    expect_refused("--traffic uniform --drain-limit 99999999999", "--drain-limit");
    expect_refused("--primitive broadcast --count 1048576",
                   "--count: must be a whole number from 1 to 65536");
    expect_refused("--watchdog 2147483647", "--watchdog");
    expect_refused("--hold-capacity -5", "--hold-capacity");
    expect_refused("--ejection-width 99999", "--ejection-width");
    expect_refused("--wave-groups 2147483647", "--wave-groups");
    expect_refused("--k 99999999999", "--k: must be a whole number from 1 to 256");
}

TEST(Reliability, SeedIsZeroTo2To64MinusOneExactly) {
    expect_refused("--k 2 --m 4 --seed -1",
                   "--seed: must be a whole number from 0 to 18446744073709551615");
    expect_refused("--k 2 --m 4 --seed 18446744073709551616", "--seed");
    expect_refused("--k 2 --m 4 --seed 1.5", "--seed");
    const outcome o =
        run("--k 2 --m 4 --primitive permutation --seed 18446744073709551615 -q --json -");
    EXPECT_EQ(o.code, 0) << o.err;
}

TEST(Reliability, EmptyValuesAndControlBytesAreRefused) {
    expect_refused("--k 2 --m 4 --json ''", "--json: must not be empty");
    expect_refused("--k ''", "--k: must not be empty");
    const outcome k = run("--k ''", 10);
    EXPECT_EQ(k.err.find("got 0"), std::string::npos) << k.err;
    expect_refused("validate --k ''", "--k: must not be empty");
    expect_refused("validate --k 1, --m 4", "--k must be a list");
    expect_refused("validate --k ,1 --m 4", "--k must be a list");
    // A control byte in the value is shown escaped, never echoed raw (one printable line).
    const outcome c = run("--primitive \"$(printf 'all\\033[2Jto\\001all')\"", 10);
    EXPECT_EQ(c.code, 2);
    EXPECT_EQ(lines(c.err), 1) << c.err;
    EXPECT_EQ(c.err.find('\033'), std::string::npos) << c.err;
    EXPECT_EQ(c.err.find('\001'), std::string::npos) << c.err;
    EXPECT_NE(c.err.find("\\x1b"), std::string::npos) << c.err;
    const outcome n = run("--perm \"$(printf 'a\\nb')\" --primitive permutation", 10);
    EXPECT_EQ(n.code, 2);
    EXPECT_EQ(lines(n.err), 1) << n.err;
}

// Output files are checked before the run: a bad path ends at once, nothing simulated.
TEST(Reliability, OutputFilesAreCheckedBeforeTheRun) {
    const std::string a2a = "--k 4 --m 8 --primitive all-to-all ";
    expect_refused(a2a + "--json /proc/x/y", "--json: cannot write /proc/x/y");
    expect_refused(a2a + "--json /", "Is a directory");
    expect_refused(a2a + "--json /nonexistent-d3/folder/r.json", "No such file or directory");
    expect_refused(a2a + "--wave /", "--wave: cannot write /");
    expect_refused("--k 2 --m 4 --traffic uniform --link-stats /proc/x/y.csv",
                   "--link-stats: cannot write /proc/x/y.csv");
    expect_refused("validate --k 1 --m 4 --out /proc/x/y", "cannot write /proc/x/y");
    expect_refused("validate --k 1 --m 4 --out - --json /proc/x/y", "cannot write /proc/x/y");
    // The decoder ports' translate files beside the view (--wave-decoder, --decoder rtl|lockstep):
    // refused by --check, before a run that would end without them.
    for (const char* names : {"act", "route"}) {
        const std::string base = testing::TempDir() + "d3_blocked_" + names;
        const std::string blocked = base + "." + names + ".txt";
        mkdir(blocked.c_str(), 0755);
        expect_refused("--k 2 --m 4 --wave-decoder --check --wave " + base + ".vcd",
                       "--wave: cannot write " + blocked + ": Is a directory");
        EXPECT_EQ(run("--k 2 --m 4 --check -q --wave " + base + ".vcd", 10).code, 0) << names;
    }
}

TEST(Reliability, ValidateOutsideTheRepositoryFailsBeforeRunning) {
    // The default --out (docs/paper-validation.md) is relative: from a directory without docs/.
    const outcome o = d3::test::run_command("cd / && timeout -k 5 10 " + std::string(D3SIM) +
                                            " validate --k 1 --m 4");
    EXPECT_EQ(o.code, 2) << o.err;
    EXPECT_EQ(lines(o.err), 1) << o.err;
    EXPECT_NE(o.err.find("cannot write docs/paper-validation.md"), std::string::npos) << o.err;
}

// A write that fails at the flush (a full disk) is an error, not a lost file and exit 0.
TEST(Reliability, FullDiskIsAnError) {
    const outcome j = run("--k 2 --m 4 -q --json /dev/full", 10);
    EXPECT_EQ(j.code, 2) << j.err;
    EXPECT_EQ(lines(j.err), 1) << j.err;
    EXPECT_NE(j.err.find("cannot write /dev/full: No space left on device"), std::string::npos)
        << j.err;
    const outcome l =
        run("--k 2 --m 4 --traffic uniform --warmup 10 --measure 10 -q --link-stats /dev/full", 10);
    EXPECT_EQ(l.code, 2) << l.err;
    EXPECT_NE(l.err.find("cannot write /dev/full"), std::string::npos) << l.err;
}

// --wave on a full disk: /dev/full (refused before the run since issue 45: a write of nothing
// fails there as every write would), and an FST under a file size limit: fstapi checks none of
// its writes, and a failed write either leaves a short file (exit 0 before the fix) or a mapping
// of a short temporary file that raises SIGBUS. Exit 2 and one line, like --json (exit 1 or a
// crash before).
TEST(Reliability, FullDiskWaveformIsAnError) {
    for (const char* a2a : {"--k 2 --m 4", "--k 4 --m 8"}) {
        const outcome o = run(std::string(a2a) + " -q --wave /dev/full", 30);
        EXPECT_EQ(o.code, 2) << a2a << "\n" << o.err;
        EXPECT_EQ(lines(o.err), 1) << a2a << "\n" << o.err;
        EXPECT_NE(o.err.find("d3sim: error: --wave: cannot write /dev/full: No space left on "
                             "device"),
                  std::string::npos)
            << a2a << "\n"
            << o.err;
    }
    const std::string fst = testing::TempDir() + "d3_full_" + std::to_string(getpid()) + ".fst";
    const outcome whole = run("--k 4 --m 8 -q --wave " + fst, 30);
    ASSERT_EQ(whole.code, 0) << whole.err;  // about 2 MB
    // 64 kB: the hierarchy's temporary file is short (SIGBUS); 1 MB: the trace is.
    for (const char* limit : {"65536", "1048576"}) {
        const outcome o = d3::test::run_command(
            "trap '' XFSZ; prlimit --fsize=" + std::string(limit) + " timeout -k 5 30 " +
            std::string(D3SIM) + " --k 4 --m 8 -q --wave " + fst);
        EXPECT_EQ(o.code, 2) << limit << "\n" << o.err;
        EXPECT_EQ(lines(o.err), 1) << limit << "\n" << o.err;
        EXPECT_NE(o.err.find("d3sim: error: cannot write waveform file " + fst + ": "),
                  std::string::npos)
            << limit << "\n"
            << o.err;
    }
    for (const std::string& f : {fst, fst + ".gtkw", fst + ".routers.txt", fst + ".hier"})
        std::remove(f.c_str());
}

// An FST path that cannot be written is refused before the run, as a VCD's is.
TEST(Reliability, UnwritableFstIsRefused) {
    expect_refused("--k 2 --m 4 --wave /nonexistent-d3/x.fst",
                   "--wave: cannot write /nonexistent-d3/x.fst: No such file or directory");
    expect_refused("--k 2 --m 4 --wave /proc/x/y.fst", "--wave: cannot write /proc/x/y.fst");
    const std::string dir = testing::TempDir() + "d3_dir_" + std::to_string(getpid()) + ".fst";
    ASSERT_EQ(d3::test::run_command("mkdir -p " + dir).code, 0);
    expect_refused("--k 2 --m 4 --wave " + dir, "--wave: cannot write " + dir + ": Is a directory");
    d3::test::run_command("rmdir " + dir);
}

// The watchdog as the audit ran it: --watchdog 1 on D3(2,4) stopped a healthy all-to-all as a
// deadlock (exit 1), and so did --watchdog 5 with a 5-cycle route and allocate stage; a watchdog
// shorter than the longest a healthy run may go without a move is now refused, one line naming
// the minimum. A real deadlock is still stopped and reported (exit 1).
TEST(Reliability, WatchdogDoesNotStopHealthyRuns) {
    const outcome one = run("--k 2 --m 4 --watchdog 1");
    EXPECT_EQ(one.code, 0) << one.err;
    EXPECT_NE(one.out.find("correct: every expected message arrived exactly once"),
              std::string::npos)
        << one.out;
    expect_refused("--k 2 --m 4 --watchdog 5 --pipeline route:5,allocate:5",
                   "--watchdog 5 steps is shorter than a healthy run may go without any packet "
                   "moving, 11 steps (route 5 + allocate 5 + traverse 0 cycles + link latency 1): "
                   "give at least 11, or 0 for the default");
    const outcome eleven = run("--k 2 --m 4 --watchdog 11 --pipeline route:5,allocate:5 -q");
    EXPECT_EQ(eleven.code, 0) << eleven.err;
    const outcome idle = run(
        "--k 1 --m 2 --traffic uniform --rate 0.001 --warmup 100 --measure 5000 --watchdog 1 -q");
    EXPECT_EQ(idle.code, 0) << idle.err;
    const outcome dead =
        run("--k 2 --m 4 --schedule none --buffer-depth 1 --hold-capacity 1 --watchdog 1");
    EXPECT_EQ(dead.code, 1) << dead.err;
    EXPECT_NE(dead.out.find("problem: deadlock: no packet moved for 1 steps"), std::string::npos)
        << dead.out;
    // Its steps end at the last delivery, before the deadlock's step: the summary says so.
    EXPECT_NE(dead.out.find(" (to the last delivery)  hops "), std::string::npos) << dead.out;
    EXPECT_EQ(one.out.find("to the last delivery"), std::string::npos) << one.out;
}

// Input files are read with a size and a line-length limit (/dev/zero has no end and no newline).
TEST(Reliability, InputFilesAreReadWithLimits) {
    expect_refused("--k 2 --m 4 --primitive permutation --perm /dev/zero",
                   "--perm: cannot read /dev/zero: not a regular file");
    expect_refused("--k 2 --m 4 --topology mdf --traffic uniform --arrangement /dev/zero",
                   "wiring file: cannot read /dev/zero");
    expect_refused("--k 2 --m 4 --primitive permutation --perm /", "--perm: cannot read /");
}

// Issue 45: a FIFO with no writer, named as any input file, is refused at once (its open blocked
// for ever); so are a directory and a device.
TEST(Reliability, InputFilesThatAreNotRegularFilesAreRefusedAtOnce) {
    const std::string fifo = testing::TempDir() + "d3_input_fifo";
    std::remove(fifo.c_str());
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    expect_refused("--config " + fifo, "--config: cannot read " + fifo + ": not a regular file");
    expect_refused("--k 2 --m 4 --primitive permutation --perm " + fifo,
                   "--perm: cannot read " + fifo + ": not a regular file");
    expect_refused("--k 2 --m 4 --topology mdf --traffic uniform --arrangement " + fifo,
                   "not a regular file");
    expect_refused("job " + fifo + " 0", "manifest: cannot read " + fifo + ": not a regular file");
    expect_refused("job / 0", "manifest: cannot read /: a directory, not a file");
    expect_refused("--config /dev/zero", "--config: cannot read /dev/zero: not a regular file");
    std::remove(fifo.c_str());
}

// Issue 45: two options that name the same file, or an output that names an input, are refused
// before the run (before the fix, --perm F --json F overwrote the permutation with the JSON).
TEST(Reliability, OutputsThatCollideAreRefused) {
    const std::string dir = testing::TempDir();
    expect_refused("--k 2 --m 2 --json " + dir + "d3_same --trace-packets " + dir + "d3_same",
                   "--trace-packets and --json name the same file");
    expect_refused(
        "--k 2 --m 2 --traffic uniform --link-stats " + dir + "d3_same --json " + dir + "./d3_same",
        "name the same file");
    expect_refused("--k 2 --m 2 --json - --link-stats - --traffic uniform",
                   "--json and --link-stats name the same file -");
    const std::string perm = dir + "d3_perm.txt";
    ASSERT_EQ(d3::test::run_command("printf '0 1 2 3\n' > " + perm).code, 0);
    expect_refused("--k 2 --m 2 --primitive permutation --perm " + perm + " --json " + perm,
                   "--json names the file " + perm + " that --perm reads");
    EXPECT_EQ(d3::test::run_command("cat " + perm).out, "0 1 2 3\n");  // left as it was
    expect_refused("--k 2 --m 2 --wave " + dir + "d3_w.vcd --json " + dir + "d3_w.gtkw",
                   "--json and --wave (its view) name the same file");
    // Different files are fine.
    EXPECT_EQ(
        run("--k 2 --m 2 --json " + dir + "d3_a.json --trace-packets " + dir + "d3_b.log -q").code,
        0);
}

// std::bad_alloc while D3(64,64) is built (before the fix: in the option checks, escaping sc_main;
// then in SystemC's destructors during the unwinding) ends as one line, never as SIGABRT. A 512 MiB
// address-space limit makes it fail quickly; --max-memory none turns off the estimate that would
// refuse it up front (next test).
TEST(Reliability, OutOfMemoryIsOneLineNotACrash) {
#if D3_SANITIZED
    GTEST_SKIP() << "ASan reserves more address space than the limit allows";
#endif
    const outcome o =
        d3::test::run_command("ulimit -v 524288 && timeout -k 5 60 " + std::string(D3SIM) +
                              " --k 64 --m 64 --primitive all-to-all --max-memory none");
    EXPECT_TRUE(o.code == 1 || o.code == 2) << o.code << "\n" << o.err;
    EXPECT_EQ(lines(o.err), 1) << o.err;
    EXPECT_NE(o.err.find("memory"), std::string::npos) << o.err;
}

// Issue 11 item 5 and issue 12: a run that cannot fit is refused before anything is elaborated,
// with exit 2 and one line, within the 10 s of expect_refused. D3(64,64)'s all-to-all launches
// 6.9e10 messages (the ledger alone needs over a terabyte); D3(256,2)'s needs about 97 MiB.
TEST(Reliability, RunsThatCannotFitAreRefusedUpFront) {
    expect_refused("--k 64 --m 64 --primitive all-to-all", "more than --max-memory");
    expect_refused("--k 256 --m 2 --primitive all-to-all --max-memory 50M",
                   "more than --max-memory 50M (as given)");
    expect_refused("--k 64 --m 64 --traffic uniform --max-memory 1G", "more than --max-memory");
    expect_refused("--k 4 --m 4 --max-memory 1x", "--max-memory must be a size");
    expect_refused("--k 4 --m 4 --max-memory -5M", "--max-memory must be a size");
}

// Issue 45, item 5: --max-memory is a decimal size more than 0 (0 meant no check, silently) and
// at most 1024T, echoed as given (1K was reported as "1 MiB").
TEST(Reliability, MaxMemoryIsParsedStrictlyAndEchoedAsGiven) {
    expect_refused("--k 4 --m 4 --max-memory 0 --check", "(got '0')");
    expect_refused("--k 4 --m 4 --max-memory 99999999999999999999G --check", "at most 1024T");
    expect_refused("--k 4 --m 4 --max-memory 0x10G --check", "(got '0x10G')");
    expect_refused("--k 4 --m 4 --max-memory 1K --check", "more than --max-memory 1K (as given)");
    const outcome o = run("--k 2 --m 2 --max-memory 1.5G --check");
    EXPECT_EQ(o.code, 0) << o.err;
    EXPECT_NE((o.out + o.err).find("(--max-memory 1.5G, as given)"), std::string::npos) << o.out;
}

// Under `ulimit -v`, the default budget is the limit (less the address space beyond the resident
// set): D3(32,32)'s broadcast (about 1.2 GiB) is refused under a 1 GiB limit and says why.
TEST(Reliability, TheDefaultBudgetFollowsUlimit) {
#if D3_SANITIZED
    GTEST_SKIP() << "ASan reserves more address space than the limit allows";
#endif
    const outcome o =
        d3::test::run_command("ulimit -v 1048576 && timeout -k 5 10 " + std::string(D3SIM) +
                              " --k 32 --m 32 --primitive broadcast");
    EXPECT_EQ(o.code, 2) << o.err;
    EXPECT_EQ(lines(o.err), 1) << o.err;
    EXPECT_NE(o.err.find("(the limit of ulimit -v)"), std::string::npos) << o.err;
}

// Every primitive on subnetworks that do not start at cabinet or position 0 runs correctly with no
// packet crossing a partition's boundary, or is refused before anything runs (exit 2, one line).
// Found by a user audit (2026-11-25): the hypercube primitives' synchronizing headers were
// converted as destination headers (wrong results, exit 1), and broadcast-trees, vector-matrix
// and matrix-product failed at run time ("uncaught exception", exit 1). The primitives are the
// ones d3sim lists, so a new one is covered too.
TEST(Reliability, EveryPrimitiveRunsInASubnetworkOrIsRefused) {
    const outcome names = run("--primitive scatter");
    const std::size_t open = names.err.find('{'), close = names.err.find('}');
    ASSERT_TRUE(open != std::string::npos && close != std::string::npos) << names.err;
    std::vector<std::string> primitives;
    std::string list = names.err.substr(open + 1, close - open - 1) + ",";
    for (std::size_t at = 0, comma; (comma = list.find(',', at)) != std::string::npos;
         at = comma + 1)
        primitives.push_back(list.substr(at, comma - at));
    ASSERT_GE(primitives.size(), 12u) << names.err;
    int ran = 0;
    for (const std::string& p : primitives)
        for (const char* spec :
             {"positions=1,2", "cabinets=2,3", "cabinet-out=0", "drawer-out=0"}) {
            const std::string args =
                "--k 4 --m 4 --primitive " + p + " --subnetwork " + spec + " -q --json -";
            const outcome o = run(args);
            if (o.code == 2) {
                EXPECT_EQ(lines(o.err), 1) << args << ": " << o.err;
                EXPECT_TRUE(o.out.empty()) << args;
                continue;
            }
            ASSERT_EQ(o.code, 0) << args << ": " << o.err;
            EXPECT_NE(o.out.find("\n  \"correct\": true"), std::string::npos) << args;
            EXPECT_NE(o.out.find("\n  \"boundary_crossings\": 0,"), std::string::npos) << args;
            ++ran;
        }
    EXPECT_GE(ran, 20);  // most combinations run (some shapes do not suit some primitives)
}

}  // namespace

// A run that restarts itself on transparent huge pages (cli/huge_pages.h; D3_HUGE_PAGES=0 makes
// every run do so) prints and writes what it does without the restart, once: nothing printed
// before the restart, no second restart (the run would not end), the same results.
TEST(Reliability, ARunRestartedOnHugePagesPrintsAndWritesTheSame) {
    const std::string json = testing::TempDir() + "huge_pages_" + std::to_string(getpid());
    const auto without_times = [](std::string s) {  // the run's own seconds and peak memory
        return std::regex_replace(s, std::regex(R"(\([0-9.]+ s, peak [^)]*\))"), "");
    };
    for (const std::string args : {"--k 4 --m 4 --primitive all-to-all",
                                   "--k 4 --m 8 --traffic uniform --rate 0.2 "
                                   "--warmup 50 --measure 50"}) {
        nlohmann::json results[2];
        std::string printed[2];
        for (int restart = 0; restart < 2; ++restart) {
            const outcome o = d3::test::run_command(
                std::string("D3_HUGE_PAGES=") + (restart ? "0" : "off") + " timeout -k 5 20 " +
                D3SIM + " " + args + " --no-progress --json " + json + std::to_string(restart));
            ASSERT_EQ(o.code, 0) << args << "\n" << o.err;
            printed[restart] = without_times(o.out);
            std::ifstream in(json + std::to_string(restart));
            results[restart] = nlohmann::json::parse(in);
            for (const char* key : {"wall_seconds", "elaboration_seconds", "peak_rss_kib",
                                    "hops_per_second", "estimated_memory_mib"})
                results[restart].erase(key);
            std::remove((json + std::to_string(restart)).c_str());
        }
        EXPECT_EQ(printed[0], printed[1]) << args;
        EXPECT_EQ(results[0], results[1]) << args;
    }
}
