// d3sim sweep, run as a user runs it: one process per offered load, a CSV row per point and a plot;
// bad input is one line and exit 2 before any point runs; the merge of the points' results
// (missing, damaged) and the options a sweep refuses (one output file for every point).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d3sim_cli.h"
#include "support/read_file.h"
#include "support/run_command.h"

namespace {

using d3::test::expect_bad_input;
using d3::test::outcome;
constexpr auto run = &d3::test::run_d3sim;

using d3::test::read_all;

// A tiny sweep: one process per point, a CSV row per point, a PNG and an SVG from gnuplot.
TEST(CliSweep, WritesCsvAndPlot) {
    const std::string dir = testing::TempDir() + "d3_sweep_test";
    const outcome o = run("sweep --rates 0.2:0.6:0.4 --out " + dir +
                          " --k 1 --m 2 --traffic uniform --routing valiant --warmup 50 "
                          "--measure 200");
    ASSERT_EQ(o.code, 0) << o.err;
    const std::string csv = read_all(dir + "/sweep.csv");
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3) << csv;
    EXPECT_EQ(csv.rfind("rate,offered,accepted,latency_mean", 0), 0u) << csv;
    EXPECT_NE(csv.find("\n0.2,"), std::string::npos) << csv;
    EXPECT_NE(csv.find("\n0.6,"), std::string::npos) << csv;
    // Every point drained, passed its checks and exited 0.
    std::size_t ok = 0;
    for (std::size_t at = 0; (at = csv.find(",true,true,0,", at)) != std::string::npos; ++at) ++ok;
    EXPECT_EQ(ok, 2u) << csv;
    EXPECT_GT(read_all(dir + "/sweep.png").size(), 1000u);
    EXPECT_NE(read_all(dir + "/sweep.svg").find("<svg"), std::string::npos);
    EXPECT_NE(read_all(dir + "/point_0.6.json").find("\"traffic\""), std::string::npos);
}

// Issue 46, item 5: a point past saturation (the result's `saturated`) is marked in the CSV and
// left off the latency curves, the x axis is --rate in its own unit, and the title says what ran.
TEST(CliSweep, SaturatedPointsAreMarkedAndTheAxisIsTheRate) {
    const std::string dir = testing::TempDir() + "d3_sweep_saturated";
    const outcome o = run("sweep --rates 0.1,1.0 --out " + dir +
                          " --k 2 --m 4 --traffic uniform --buffer-depth 1 --warmup 100 "
                          "--measure 100");
    ASSERT_EQ(o.code, 0) << o.err;
    const std::string csv = read_all(dir + "/sweep.csv");
    EXPECT_NE(csv.find(",exit_code,saturated\n"), std::string::npos) << csv;
    EXPECT_NE(csv.find("\n0.1,"), std::string::npos) << csv;
    EXPECT_NE(csv.find("\n1,"), std::string::npos) << csv;
    const std::string one = csv.substr(csv.find("\n1,") + 1);
    EXPECT_EQ(one.substr(one.find('\n') - 5, 5), ",true") << csv;  // saturated
    EXPECT_NE(read_all(dir + "/point_1.json").find("\"saturated\": true"), std::string::npos);
    const std::string gp = read_all(dir + "/sweep.gp");
    EXPECT_NE(gp.find("title 'D3(2,4): uniform traffic, minimal routing, concentration 1'"),
              std::string::npos)
        << gp;
    EXPECT_NE(gp.find("set xlabel 'offered load, --rate (flits/terminal/step)'"),
              std::string::npos);
    EXPECT_NE(gp.find("strcol(15) ne 'true' ? y : NaN"), std::string::npos) << gp;
    EXPECT_GT(read_all(dir + "/sweep.png").size(), 1000u);
}

TEST(CliSweep, BadInputIsOneLineAndExitCode2) {
    const std::string dir = testing::TempDir() + "d3_sweep_bad";
    expect_bad_input("sweep --rates 0:1:0.5 --out " + dir + " --traffic uniform", "--rates");
    // The reason, not the format (which is right): a step that gives too many points, a rate
    // out of range.
    expect_bad_input("sweep --rates 0.1:1:1e-9 --out " + dir + " --traffic uniform",
                     "--rates: the step is too small: ");
    expect_bad_input("sweep --rates 0.1:1:1e-9 --out " + dir + " --traffic uniform",
                     " points, at most 1000");
    expect_bad_input("sweep --rates 0:1:0.5 --out " + dir + " --traffic uniform",
                     "--rates: rate 0 is not in (0, 1]");
    expect_bad_input("sweep --rates 0.2,1.5 --out " + dir + " --traffic uniform",
                     "--rates: rate 1.5 is not in (0, 1]");
    expect_bad_input("sweep --rates 0.5 --out " + dir + " --k 2", "needs --traffic");
    expect_bad_input("sweep --rates 0.5 --out " + dir + " --traffic uniform --rate 0.3",
                     "--rate is set by the sweep");
    expect_bad_input("sweep --rates 0.5 --out " + dir + " --traffic bogus", "--traffic");
    expect_bad_input("sweep --rates 0.5 --traffic uniform", "--out");
    expect_bad_input("sweep --rates 0.5 --out " + dir + " --traffic uniform --backend cloud",
                     "--backend");
    expect_bad_input("sweep --rates 0.5 --out " + dir + " --traffic uniform --sshlogin h",
                     "need --backend parallel");
    expect_bad_input("sweep --rates 0.5 --out " + dir + " --traffic uniform --partition p",
                     "need --backend slurm");
    expect_bad_input("job " + dir + "/none.json 0", "cannot read");
    // Slurm's own forms only (a --dry-run script had #SBATCH --mem=lots, which sbatch refuses).
    const std::string slurm = "sweep --rates 0.5 --out " + dir +
                              " --traffic uniform --backend "
                              "slurm --dry-run ";
    expect_bad_input(slurm + "--mem lots", "--mem must be a size such as 2048, 512M or 4G");
    expect_bad_input(slurm + "--mem 4GB", "--mem must be");
    expect_bad_input(slurm + "--time garbage", "--time must be minutes, M:S, H:M:S");
    expect_bad_input(slurm + "--time 1:2:3:4", "--time must be");
    expect_bad_input(slurm + "--partition 'a b'", "--partition must be a partition name");
}

// A point option d3sim refuses is one line and exit 2 before any point runs or the output directory
// is made (the CLI fuzzer's case 90 of seed 20781: under ASan the points ran first, and a
// progress line came before the error).
TEST(CliSweep, BadPointOptionsFailBeforeAnyPointRuns) {
    const std::string dir = testing::TempDir() + "d3_sweep_bad_point";
    std::filesystem::remove_all(dir);
    expect_bad_input("sweep --rates 0.1,0.2 --out " + dir +
                         " --jobs 2 --traffic uniform --k 1 --m 2 --warmup 10 --measure 10 --grid",
                     "--grid");
    // One prefix: the sweep's (it was "d3sim sweep: error: d3sim: error: --k: ...").
    expect_bad_input("sweep --rates 0.1 --out " + dir + " --traffic uniform --k 0",
                     "d3sim sweep: error: --k: must be a whole number from 1 to 256");
    EXPECT_FALSE(std::filesystem::exists(dir));
}

// An option that names one output file of a run would have every point write that file, the last
// to finish winning (`--trace-packets /tmp/t.csv` held one rate's events): refused before anything
// runs, given on the command line or by a --config file's `outputs`.
TEST(CliSweep, RefusesOneOutputFileForEveryPoint) {
    const std::string dir = testing::TempDir() + "d3_sweep_one_file";
    const std::string file = testing::TempDir() + "d3_sweep_one_file.csv";
    std::filesystem::remove_all(dir);
    std::filesystem::remove(file);
    const std::string sweep =
        "sweep --rates 0.1,0.2,0.3 --k 1 --m 2 --traffic uniform --warmup 10 --measure 10 --out " +
        dir;
    expect_bad_input(sweep + " --trace-packets " + file,
                     "d3sim sweep: error: --trace-packets names one file, which every point of "
                     "the sweep would write over: run d3sim --rate R --trace-packets FILE for the "
                     "point to look at\n");
    expect_bad_input(sweep + " --trace-packets=" + file, "--trace-packets names one file");
    expect_bad_input(sweep + " --link-stats " + file, "--link-stats names one file");
    // --wave, with traffic and with a primitive under a background whose rate is swept.
    const std::string wave = testing::TempDir() + "d3_sweep_one_file.vcd";
    std::filesystem::remove(wave);
    expect_bad_input(sweep + " --wave " + wave,
                     "--wave names one file, which every point of the sweep would write over: run "
                     "d3sim --rate R --wave FILE");
    expect_bad_input(
        "sweep --rates 0.1,0.2 --k 1 --m 2 --primitive all-to-all --background "
        "uniform --out " +
            dir + " --wave " + wave,
        "--wave names one file, which every point of the sweep would write over: run "
        "d3sim --background-rate R --wave FILE");
    const std::string config = testing::TempDir() + "d3_sweep_one_file.yaml";
    {
        std::ofstream f(config);
        f << "outputs:\n  trace_packets: \"" << file << "\"\n";
    }
    expect_bad_input(
        sweep + " --config " + config,
        "--config " + config + ": outputs.trace_packets: --trace-packets names one file");
    EXPECT_FALSE(std::filesystem::exists(dir));
    EXPECT_FALSE(std::filesystem::exists(file));
    EXPECT_FALSE(std::filesystem::exists(wave));
}

// The row of `rate` in a sweep.csv ("" when there is none).
std::string csv_line(const std::string& csv, const std::string& rate) {
    const std::size_t at = csv.find("\n" + rate + ",");
    if (at == std::string::npos) return "";
    return csv.substr(at + 1, csv.find('\n', at + 1) - at - 1);
}

// Damages the first point's figures one way at a time (its `job` record stays valid) and merges:
// the point has no figures (its row empty as for a missing point), the merge names it and exits 1
// (it threw a JSON exception, or read a member that is not there); the other point is kept; and
// the same command without --merge-only makes it again.
void expect_damage_is_no_result(const std::string& sweep, const std::string& dir,
                                const std::string& empty_row,
                                const std::vector<std::function<void(nlohmann::json&)> >& damage) {
    const outcome first = run(sweep);
    ASSERT_EQ(first.code, 0) << first.err;
    const std::string point = dir + "/point_0.2.json";
    const std::string good = d3::test::read_all(point);
    const std::string kept = csv_line(d3::test::read_all(dir + "/sweep.csv"), "0.4");
    const std::string made = csv_line(d3::test::read_all(dir + "/sweep.csv"), "0.2");
    ASSERT_FALSE(kept.empty());
    for (std::size_t i = 0; i < damage.size(); ++i) {
        nlohmann::json j = nlohmann::json::parse(good);
        damage[i](j);
        ASSERT_TRUE(j["job"].is_object());
        std::ofstream(point) << j.dump(2) << "\n";
        const outcome o = run(sweep + " --merge-only");
        EXPECT_EQ(o.code, 1) << "damage " << i << ": " << o.err;
        EXPECT_EQ(o.err.find("exception"), std::string::npos) << "damage " << i << ": " << o.err;
        EXPECT_NE(o.err.find("d3sim sweep: job 0 (rate 0.2): its result lacks the point's figures "
                             "or has them damaged, so its row is empty"),
                  std::string::npos)
            << "damage " << i << ": " << o.err;
        const std::string csv = d3::test::read_all(dir + "/sweep.csv");
        EXPECT_EQ(csv_line(csv, "0.2"), empty_row) << "damage " << i << ": " << csv;
        EXPECT_EQ(csv_line(csv, "0.4"), kept) << "damage " << i << ": " << csv;
        // Run again (not --merge-only): the damaged result is moved aside and made again.
        const outcome again = run(sweep);
        EXPECT_EQ(again.code, 0) << "damage " << i << ": " << again.err;
        EXPECT_NE(again.err.find("d3sim sweep: job 0 (rate 0.2): its result lacks the point's "
                                 "figures or has them damaged; moved to " +
                                 point + ".damaged, running it again"),
                  std::string::npos)
            << "damage " << i << ": " << again.err;
        const std::string remade = d3::test::read_all(dir + "/sweep.csv");
        EXPECT_EQ(csv_line(remade, "0.2"), made) << "damage " << i << ": " << remade;
        EXPECT_EQ(csv_line(remade, "0.4"), kept) << "damage " << i << ": " << remade;
    }
    std::ofstream(point) << good;
}

TEST(CliSweep, MergeTakesDamagedFiguresAsNoResult) {
    const std::string dir = testing::TempDir() + "d3_sweep_damaged";
    std::filesystem::remove_all(dir);
    expect_damage_is_no_result("sweep --rates 0.2,0.4 --out " + dir +
                                   " --k 1 --m 2 --traffic uniform --warmup 20 --measure 50",
                               dir, "0.2,,,,,,,,,,,,false,-1,",
                               {[](nlohmann::json& j) { j["traffic"]["drained"] = "yes"; },
                                [](nlohmann::json& j) { j["correct"] = 1; },
                                [](nlohmann::json& j) { j.erase("conflicts"); },
                                [](nlohmann::json& j) { j["traffic"]["latency"].erase("p99"); },
                                [](nlohmann::json& j) { j["traffic"]["latency"] = "none"; },
                                [](nlohmann::json& j) { j["traffic"]["offered"] = "0.2"; },
                                [](nlohmann::json& j) { j["traffic"] = 7; },
                                [](nlohmann::json& j) { j.erase("traffic"); }});
}

// The same with the background's rate swept under a primitive (its own figures and row).
TEST(CliSweep, MergeTakesDamagedBackgroundFiguresAsNoResult) {
    const std::string dir = testing::TempDir() + "d3_sweep_damaged_background";
    std::filesystem::remove_all(dir);
    expect_damage_is_no_result(
        "sweep --rates 0.2,0.4 --out " + dir +
            " --k 1 --m 2 --primitive all-to-all --background uniform",
        dir, "0.2,,,,false,,,,,,-1",
        {[](nlohmann::json& j) { j.erase("steps"); }, [](nlohmann::json& j) { j["service"] = 3; },
         [](nlohmann::json& j) { j["background"]["latency"] = nullptr; },
         [](nlohmann::json& j) { j["background"].erase("conflicts"); },
         [](nlohmann::json& j) { j.erase("background"); }});
}

// Merging with no results runs nothing, names every missing point and writes their rows empty.
TEST(CliSweep, MergeOnlyNamesMissingPoints) {
    const std::string dir = testing::TempDir() + "d3_sweep_merge_only";
    std::remove((dir + "/point_0.3.json").c_str());
    const outcome o =
        run("sweep --rates 0.3,0.4 --out " + dir + " --k 1 --m 2 --traffic uniform --merge-only");
    EXPECT_EQ(o.code, 1) << o.err;
    EXPECT_NE(o.err.find("2 of 2 jobs have no result"), std::string::npos) << o.err;
    EXPECT_NE(o.err.find("(rate 0.3): did not run"), std::string::npos) << o.err;
    const std::string csv = read_all(dir + "/sweep.csv");
    EXPECT_NE(csv.find("\n0.3,,,,,,,,,,,,false,-1,\n"), std::string::npos) << csv;
    EXPECT_NE(csv.find("\n0.4,,,,,,,,,,,,false,-1,\n"), std::string::npos) << csv;
    // Nothing to plot: said so, not blamed on gnuplot's installation (an audit, 2026-11-25).
    EXPECT_NE(o.err.find("no point has a result yet, so there is no plot"), std::string::npos)
        << o.err;
    EXPECT_EQ(o.err.find("gnuplot failed"), std::string::npos) << o.err;
}

// A point that runs and fails says why in the sweep's own stderr, not only in its log (before:
// "ran 2 jobs (0 failed)" and exit 1 without a word). Here the memory limit stops the saturated
// point, which still has its row (D3(8,8) hotspot at 1.0,
// CliTraffic.ARunPastSaturationStopsAtTheMemoryLimit); the point below saturation is fine and is
// not named.
TEST(CliSweep, AFailedPointIsNamedWithItsExitCodeAndWhy) {
    const std::string dir = testing::TempDir() + "d3_sweep_failed_point";
    std::filesystem::remove_all(dir);
    const outcome o = run("sweep --rates 0.05,1.0 --out " + dir +
                          " --k 8 --m 8 --traffic hotspot --warmup 100 --measure 3000 "
                          "--max-memory 150M");
    EXPECT_EQ(o.code, 1) << o.err;
    EXPECT_NE(o.err.find("ran 2 jobs (0 without a result)"), std::string::npos) << o.err;
    EXPECT_NE(o.err.find("d3sim sweep: job 1 (rate 1) ended with exit code 1: warning: "
                         "d3/memory: the run stopped at step "),
              std::string::npos)
        << o.err;
    EXPECT_EQ(o.err.find("job 0 (rate 0.05) ended"), std::string::npos) << o.err;
    const std::string csv = read_all(dir + "/sweep.csv");
    // The stopped point keeps the figures of the steps it ran: saturated, not drained, not correct.
    EXPECT_NE(csv.find("\n1,1.0,0."), std::string::npos) << csv;
    EXPECT_NE(csv.find(",false,false,1,"), std::string::npos) << csv;
    EXPECT_NE(csv.find(",true,true,0,"), std::string::npos) << csv;
}

}  // namespace

namespace seeded {

// A sweep's one point with `seeds` seeds: its combined result in sweep.json.
nlohmann::json seeded_point(int seeds) {
    const std::string dir = testing::TempDir() + "d3_sweep_seeds_" + std::to_string(seeds);
    std::filesystem::remove_all(dir);
    const outcome o = run("sweep --rates 0.4 --seeds " + std::to_string(seeds) + " --out " + dir +
                          " --k 2 --m 4 --traffic uniform --warmup 100 --measure 300");
    EXPECT_EQ(o.code, 0) << o.err;
    const std::string csv = read_all(dir + "/sweep.csv");
    EXPECT_NE(csv.find(",saturated,seeds,latency_mean_ci95,latency_p99_ci95,accepted_ci95\n"),
              std::string::npos)
        << csv;
    EXPECT_TRUE(
        std::filesystem::exists(dir + "/point_0.4_seed_" + std::to_string(seeds) + ".json"));
    EXPECT_NE(read_all(dir + "/sweep.gp").find("yerrorlines"), std::string::npos);
    const nlohmann::json j = nlohmann::json::parse(read_all(dir + "/sweep.json"));
    return j["points"][0]["result"];
}

}  // namespace seeded

// Issue 46, item 4: with --seeds, each load's row is the mean over its seeds with a 95 % interval;
// the interval of 10 seeds covers the mean of 40, and 40 seeds' interval is narrower by about
// sqrt(40 / 10) (times t(0.975, 39) / t(0.975, 9) = 0.89, times the ratio of the two samples'
// standard deviations, which for 10 normal samples is within 0.6 to 1.4 nine times in ten).
TEST(CliSweep, SeedsGiveConfidenceIntervalsThatShrinkAsExpected) {
    const nlohmann::json ten = seeded::seeded_point(10), forty = seeded::seeded_point(40);
    ASSERT_EQ(ten["seeds"], 10);
    ASSERT_EQ(forty["seeds"], 40);
    for (const char* figure : {"latency_mean", "accepted"}) {
        const auto value = [&](const nlohmann::json& r) {
            return std::string(figure) == "accepted"
                       ? r["traffic"]["accepted"].get<double>()
                       : r["traffic"]["latency"]["mean"].get<double>();
        };
        const double ci10 = ten["ci95"][figure].get<double>();
        const double ci40 = forty["ci95"][figure].get<double>();
        EXPECT_GT(ci10, 0) << figure;
        EXPECT_LE(std::abs(value(ten) - value(forty)), ci10) << figure;
        EXPECT_GT(ci40 / ci10, 0.45 * 0.89 * 0.6) << figure;
        EXPECT_LT(ci40 / ci10, 0.5 * 0.89 * 1.4) << figure;
    }
    EXPECT_TRUE(forty["correct"].get<bool>());
}

TEST(CliSweep, SeedsAreRefusedWhereTheyMeanNothing) {
    const std::string dir = testing::TempDir() + "d3_sweep_seeds_refused";
    expect_bad_input("sweep --rates 0.2 --seeds 0 --out " + dir + " --k 2 --m 4 --traffic uniform",
                     "--seeds: must be a whole number from 1 to 1000 (got '0')");
    expect_bad_input(
        "sweep --rates 0.2 --seeds 3 --seed 4 --out " + dir + " --k 2 --m 4 --traffic uniform",
        "--seed is set by the sweep for each job when --seeds is given");
    expect_bad_input("sweep --rates 0.2 --seeds 3 --out " + dir +
                         " --k 2 --m 4 --primitive all-to-all --background uniform",
                     "--seeds applies to a --traffic sweep");
    EXPECT_FALSE(std::filesystem::exists(dir));
}

// Issue 46, item 5: `--compare` runs one sweep per configuration file and overlays them, with the
// seeds' intervals as error bars and each sweep's saturated points marked; rendered by gnuplot to
// PNG and SVG (the SVG's legend names both and their saturated points).
TEST(CliSweep, CompareOverlaysConfigurationsWithErrorBars) {
    const std::string dir = testing::TempDir() + "d3_sweep_compare";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    for (const char* topology : {"d3", "mdf"}) {
        const outcome o =
            run(std::string("--k 2 --m 4 --topology ") + topology +
                " --concentration 2 --traffic uniform --buffer-depth 2 --warmup 50 --measure 200 "
                "--drain-limit 200 --dump-config");
        ASSERT_EQ(o.code, 0) << o.err;
        std::ofstream(dir + "/" + topology + "-2-4.yaml") << o.out;
    }
    const outcome o = run("sweep --compare " + dir + "/d3-2-4.yaml " + dir +
                          "/mdf-2-4.yaml --rates 0.2,1.0 --seeds 2 --out " + dir + "/out");
    ASSERT_EQ(o.code, 0) << o.err;
    for (const char* name : {"d3-2-4", "mdf-2-4"}) {
        const std::string csv = read_all(dir + "/out/" + name + "/sweep.csv");
        EXPECT_NE(csv.find("\n1,"), std::string::npos) << csv;
        EXPECT_NE(csv.find(",true,2,"), std::string::npos) << csv;  // rate 1.0: saturated
    }
    const std::string gp = read_all(dir + "/out/compare.gp");
    EXPECT_NE(gp.find("with yerrorlines"), std::string::npos) << gp;
    const std::string svg = read_all(dir + "/out/compare.svg");
    for (const char* legend :
         {">d3-2-4<", ">mdf-2-4<", ">d3-2-4 saturated<", ">mdf-2-4 saturated<"})
        EXPECT_NE(svg.find(legend), std::string::npos) << legend;
    EXPECT_GT(read_all(dir + "/out/compare.png").size(), 1000u);
    expect_bad_input("sweep --compare " + dir + "/d3-2-4.yaml --config " + dir +
                         "/mdf-2-4.yaml --rates 0.2 --out " + dir + "/x",
                     "--compare runs one sweep per file with it as --config: --config cannot be "
                     "given with it");
    expect_bad_input("sweep --compare " + dir + "/none.yaml --rates 0.2 --out " + dir + "/x",
                     "is not a configuration file");
}
