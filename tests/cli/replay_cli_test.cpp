// d3sim --trace from the command line (docs/traces.md): the JSON result, its rerun through
// --config RESULT.json, --dump-config read back, and one-line refusals (exit 2).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli/d3sim_cli.h"
#include "support/read_file.h"
#include "support/trace_writer.h"

namespace d3 {
namespace {

std::string temp(const std::string& name) {
    return testing::TempDir() + "replay_cli_" + name;
}

// Three messages on D3(2,4): a request, its answer 2 cycles after it arrived, and a message at
// cycle 1 that waits for nothing. Each test writes its own (`name`): CTest runs them at once.
std::string small_trace(const std::string& name) {
    const std::string path = temp(name + ".trace");
    test::write_text(path, "0 0 5 1 1\n2 5 0 1 2 1\n1 3 4 1\n");
    return path;
}

nlohmann::json run_ok(const std::string& args) {
    const test::outcome o = test::run_d3sim(args + " -q --json -");
    EXPECT_EQ(o.code, 0) << args << "\n" << o.err;
    return o.code == 0 ? nlohmann::json::parse(o.out) : nlohmann::json::object();
}

TEST(ReplayCli, JsonReportsCompletionAndLatencyAndReruns) {
    const std::string trace = small_trace("JsonReportsCompletionAndLatencyAndReruns");
    const nlohmann::json j = run_ok("--k 2 --m 4 --trace " + trace);
    ASSERT_TRUE(j.contains("trace"));
    EXPECT_TRUE(j["correct"]);
    EXPECT_EQ(j["primitive"], "trace");
    EXPECT_EQ(j["trace"]["messages_arrived"], 3);
    EXPECT_EQ(j["trace"]["completion_cycle"], 10);  // 0 + 4, then 4 + 2 + 4
    EXPECT_EQ(j["trace"]["per_message"]["latency"], nlohmann::json({4, 4, 4}));
    EXPECT_EQ(j["config"]["workload"]["trace"]["file"], trace);
    EXPECT_EQ(j["config"]["workload"]["trace"]["mapping"], "linear");
    EXPECT_FALSE(j["config"]["workload"].contains("traffic"));
    const std::string result = temp("result.json");
    test::write_text(result, j.dump());
    const nlohmann::json again = run_ok("--config " + result);
    EXPECT_EQ(again["trace"]["per_message"], j["trace"]["per_message"]);
    EXPECT_EQ(again["config"]["workload"], j["config"]["workload"]);
}

TEST(ReplayCli, DumpConfigReadsBack) {
    const std::string trace = small_trace("DumpConfigReadsBack");
    const test::outcome o =
        test::run_d3sim("--k 2 --m 4 --trace " + trace + " --mapping drawer --dump-config");
    ASSERT_EQ(o.code, 0) << o.err;
    EXPECT_NE(o.out.find("    file: \"" + trace + "\"  # --trace"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("    mapping: \"drawer\"  # --mapping"), std::string::npos) << o.out;
    EXPECT_EQ(o.out.find("rate"), std::string::npos) << o.out;
    const std::string yaml = temp("dump.yaml");
    test::write_text(yaml, o.out);
    const test::outcome back = test::run_d3sim("--config " + yaml + " --dump-config");
    EXPECT_EQ(back.out, o.out);
    // --traffic on the command line replaces the file's trace.
    const test::outcome traffic =
        test::run_d3sim("--config " + yaml + " --traffic uniform --dump-config");
    EXPECT_EQ(traffic.code, 0) << traffic.err;
    EXPECT_EQ(traffic.out.find("--trace"), std::string::npos) << traffic.out;
}

TEST(ReplayCli, NetraceFileRuns) {
    const std::string path = temp("n.tra.bz2");
    test::write_bzip2(path,
                      test::netrace_bytes(64, {{50, 1, 1, 0, 63, {2}}, {52, 2, 2, 63, 0, {}}}));
    const nlohmann::json j = run_ok("--k 2 --m 6 --trace " + path + " --mapping random");
    EXPECT_EQ(j["trace"]["format"], "netrace");
    EXPECT_EQ(j["trace"]["packets"], 6);
    EXPECT_EQ(j["trace"]["messages_arrived"], 2);
}

TEST(ReplayCli, BadInputIsOneLineAndExitTwo) {
    const std::string trace = small_trace("BadInputIsOneLineAndExitTwo");
    test::expect_bad_input("--trace " + temp("missing.trace"), "--trace: cannot read");
    const std::string bad = temp("bad.trace");
    test::write_text(bad, "0 0 1 1\n0 0 1\n");
    test::expect_bad_input("--k 2 --m 4 --trace " + bad, bad + ":2: expected CYCLE");
    test::expect_bad_input("--mapping random", "--mapping needs --trace");
    test::expect_bad_input("--trace " + trace + " --traffic uniform",
                           "--traffic cannot be combined with --trace");
    test::expect_bad_input("--trace " + trace + " --primitive broadcast",
                           "--primitive cannot be combined with --trace");
    test::expect_bad_input("--trace " + trace + " --rate 0.2", "--rate needs --traffic");
    test::expect_bad_input("--k 1 --m 2 --trace " + trace, "the trace has 6 nodes");
    test::expect_bad_input("--k 2 --m 4 --trace " + trace + " --mapping " + temp("nomap"),
                           "--mapping: cannot read");
    const std::string map = temp("map.txt");
    test::write_text(map, "0 1\n");
    test::expect_bad_input("--k 2 --m 4 --trace " + trace + " --mapping " + map,
                           "node 1 of the trace is not mapped");
    const std::string yaml = temp("both.yaml");
    test::write_text(yaml, "workload:\n  traffic:\n    pattern: uniform\n  trace:\n    file: x\n");
    test::expect_bad_input("--config " + yaml, "a workload is traffic or a trace, not both");
}

}  // namespace
}  // namespace d3
