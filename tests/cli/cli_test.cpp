// d3sim as a user runs it: exit codes, one-line errors, the JSON result of the example.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "support/run_command.h"

namespace {

using d3::test::outcome;

outcome run(const std::string& args) {
    return d3::test::run_command(std::string(D3SIM) + " " + args);
}

void expect_bad_input(const std::string& args, const std::string& mentions) {
    const outcome o = run(args);
    EXPECT_EQ(o.code, 2) << args;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    EXPECT_NE(o.err.find(mentions), std::string::npos) << o.err;
    EXPECT_TRUE(o.out.empty()) << o.out;
}

TEST(Cli, BadInputIsOneLineAndExitCode2) {
    expect_bad_input("--k 0", "K must be at least 1");
    expect_bad_input("--m 1", "M must be at least 2");
    expect_bad_input("--k 300", "K must be at most");
    expect_bad_input("--primitive scatter", "--primitive");
    expect_bad_input("--primitive broadcast --source 0,9,0", "outside");
    expect_bad_input("--source 1,2", "--source");
    expect_bad_input("--bogus", "--bogus");
    expect_bad_input("--primitive broadcast --count 0", "--count");
    expect_bad_input("--protocol 4", "--protocol");
    expect_bad_input("--primitive permutation --perm /nonexistent/perm.txt", "cannot read");
    expect_bad_input("--primitive permutation --protocol 2", "does not apply");
    expect_bad_input("--k 2 --m 4 --schedule fixed", "nothing to fix");
    expect_bad_input("--k four", "--k");
    expect_bad_input("--schedule fast", "--schedule");
    expect_bad_input("--buffer-depth 0", "buffer depth");
}

TEST(Cli, HelpExitsZero) {
    const outcome o = run("--help");
    EXPECT_EQ(o.code, 0);
    EXPECT_NE(o.out.find("--primitive"), std::string::npos);
}

TEST(Cli, AllToAllD3_4_8MatchesThePaper) {
    const outcome o = run("--k 4 --m 8 --primitive all-to-all --json -");
    ASSERT_EQ(o.code, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);  // stdout is exactly one JSON object
    for (const char* key :
         {"k", "m", "primitive", "schedule", "rounds", "delays", "steps", "hops", "conflicts",
          "injected", "delivered", "lost", "duplicated", "correct", "wall_seconds"})
        EXPECT_TRUE(j.contains(key)) << key;
    const int k = 4, m = 8;
    EXPECT_EQ(j["rounds"], k * m * m);
    EXPECT_EQ(j["delays"], k * m);
    EXPECT_EQ(j["conflicts"], 0);
    EXPECT_EQ(j["steps"], k * m * m + k * m + 2);
    EXPECT_EQ(j["delivered"], (k * m * m) * (k * m * m));
    EXPECT_EQ(j["lost"], 0);
    EXPECT_EQ(j["duplicated"], 0);
    EXPECT_EQ(j["correct"], true);
    EXPECT_NE(o.err.find("correct"), std::string::npos);  // the human summary went to stderr
}

TEST(Cli, ScheduleNoneReportsConflicts) {
    const outcome o = run("--k 2 --m 4 --schedule none --json - -q");
    ASSERT_EQ(o.code, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    EXPECT_GT(j["conflicts"].get<int>(), 0);
    EXPECT_EQ(j["correct"], true);
    EXPECT_FALSE(j["first_conflicts"].empty());
}

TEST(Cli, JsonToFileAndSummaryToStdout) {
    const std::string path = testing::TempDir() + "d3sim_result.json";
    const outcome o = run("--k 1 --m 4 --primitive broadcast --json " + path);
    ASSERT_EQ(o.code, 0) << o.err;
    EXPECT_NE(o.out.find("broadcast"), std::string::npos);
    FILE* f = fopen(path.c_str(), "r");
    ASSERT_NE(f, nullptr);
    std::string text;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), f)) > 0) text.append(buf.data(), n);
    fclose(f);
    EXPECT_EQ(nlohmann::json::parse(text)["delivered"], 16);
}

}  // namespace
