// CI-native results (issue 45, item 7): --junit for runs, validate and sweep, validate --baseline
// and --baseline/--tolerance on a run. d3sim run as a user runs it; every JUnit file is parsed by
// python3's xml.etree, and the cases expected are worked out from the results by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "support/read_file.h"
#include "support/run_command.h"

namespace {

using d3::test::outcome;

outcome run(const std::string& args) {
    return d3::test::run_command(std::string(D3SIM) + " " + args);
}

std::string temp(const std::string& name) {
    return testing::TempDir() + "d3_ci_" + name;
}

long lines(const std::string& s) {
    return static_cast<long>(std::count(s.begin(), s.end(), '\n'));
}

// The JUnit file as python3's xml.etree reads it: "tests failures skipped" of the suite, then one
// line per failed case, "FAILED classname|name|message".
std::string parsed_junit(const std::string& file) {
    const std::string py =
        "import sys, xml.etree.ElementTree as E\n"
        "s = E.parse(sys.argv[1]).getroot().find('testsuite')\n"
        "print(s.get('tests'), s.get('failures'), s.get('skipped'))\n"
        "for c in s.findall('testcase'):\n"
        "    f = c.find('failure')\n"
        "    if f is not None: print('FAILED ' + c.get('classname') + '|' + c.get('name') + "
        "'|' + f.get('message'))\n";
    std::ofstream(temp("parse.py")) << py;
    const outcome o = d3::test::run_command("python3 " + temp("parse.py") + " " + file);
    EXPECT_EQ(o.code, 0) << o.err;
    return o.out;
}

TEST(JunitCli, ARunIsOneTestCaseFailedByItsGate) {
    const std::string x = temp("run.xml");
    const outcome ok = run("--k 2 --m 4 -q --junit " + x);
    EXPECT_EQ(ok.code, 0) << ok.err;
    EXPECT_EQ(parsed_junit(x), "1 0 0\n");
    // D3(2,4) all-to-all without the paper's delays conflicts (Gates tests): exit 3, failed.
    const outcome gated = run("--k 2 --m 4 --schedule none --max-conflicts 0 -q --junit " + x);
    EXPECT_EQ(gated.code, 3) << gated.err;
    const std::string p = parsed_junit(x);
    EXPECT_EQ(p.rfind("1 1 0\nFAILED d3sim|D3(2,4) all-to-all|conflicts ", 0), 0u) << p;
}

TEST(BaselineCli, SameResultPassesAHandWorsenedOneFailsWithOneLineEach) {
    const std::string base = temp("base.json"), worse = temp("worse.json");
    const std::string args = "--k 2 --m 4 --schedule none -q";
    ASSERT_EQ(run(args + " --json " + base).code, 0);
    const outcome same = run(args + " --baseline " + base + " --tolerance 5%");
    EXPECT_EQ(same.code, 0) << same.err;
    EXPECT_EQ(same.err, "");
    // The baseline made better by hand (a tenth fewer steps, half the conflicts): this run is
    // worse than it beyond 5 % in those two figures, one line each.
    nlohmann::json b = nlohmann::json::parse(d3::test::read_all(base));
    const auto steps = b["steps"].get<long long>(), conflicts = b["conflicts"].get<long long>();
    ASSERT_GT(conflicts, 1);
    b["steps"] = steps - steps / 10;
    b["conflicts"] = conflicts / 2;
    std::ofstream(worse) << b.dump(1);
    const outcome fail = run(args + " --baseline " + worse + " --tolerance 5%");
    EXPECT_EQ(fail.code, 6) << fail.err;
    EXPECT_EQ(lines(fail.err), 2) << fail.err;
    EXPECT_NE(fail.err.find("d3sim: gate: baseline: steps " + std::to_string(steps)),
              std::string::npos)
        << fail.err;
    EXPECT_NE(fail.err.find("d3sim: gate: baseline: conflicts " + std::to_string(conflicts)),
              std::string::npos)
        << fail.err;
    // Another configuration is no baseline: one line, exit 2.
    const outcome other = run("--k 2 --m 4 -q --baseline " + base);
    EXPECT_EQ(other.code, 2);
    EXPECT_EQ(lines(other.err), 1) << other.err;
    EXPECT_NE(other.err.find("workload.schedule"), std::string::npos) << other.err;
}

TEST(BaselineCli, ValidateNamesAClaimThatHeldInTheBaselineAndFailsNow) {
    const std::string work = temp("validate-work"), json = temp("validate.json"),
                      changed = temp("validate-changed.json"), x = temp("validate.xml");
    d3::test::run_command("rm -rf " + work);
    const std::string args = "validate --k 1 --m 4 --networks none --out - --work " + work;
    const outcome first = run(args + " --json " + json);
    ASSERT_EQ(first.code, 0) << first.err;
    // A claim that does not hold now, marked by hand as holding in the baseline.
    nlohmann::json j = nlohmann::json::parse(d3::test::read_all(json));
    std::string id, network;
    for (auto& r : j["rows"])
        if (r["verdict"] == "does not hold" && id.empty()) {
            id = r["id"];
            network = r["network"];
            r["verdict"] = "holds";
        }
    ASSERT_FALSE(id.empty()) << "every claim holds on D3(1,4): pick another grid";
    std::ofstream(changed) << j.dump(1);
    const outcome same = run(args + " --baseline " + json + " --junit " + x);
    EXPECT_EQ(same.code, 0) << same.err;
    EXPECT_EQ(parsed_junit(x).find("FAILED"), std::string::npos);  // known findings are skips
    const outcome lost = run(args + " --baseline " + changed + " --junit " + x);
    EXPECT_EQ(lost.code, 6) << lost.err;
    EXPECT_NE(lost.err.find("d3sim validate: regression: " + id + " on " + network),
              std::string::npos)
        << lost.err;
    const std::string p = parsed_junit(x);
    EXPECT_EQ(std::count(p.begin(), p.end(), '\n'), 2) << p;  // the counts and one failure
    EXPECT_NE(p.find("FAILED d3sim.validate." + network + "|" + id), std::string::npos) << p;
    EXPECT_NE(p.find("|held in the baseline, does not hold now: "), std::string::npos) << p;
}

TEST(BaselineCli, ValidateTakesItsDocumentAsABaselineToo) {
    const std::string work = temp("doc-work"), doc = temp("validation.md"),
                      changed = temp("validation-changed.md");
    d3::test::run_command("rm -rf " + work);
    const std::string args = "validate --k 1 --m 4 --networks none --work " + work;
    ASSERT_EQ(run(args + " --out " + doc).code, 0);
    EXPECT_EQ(run(args + " --out - --baseline " + doc).code, 0);
    // The first row of the document's full table that does not hold, marked as holding.
    std::string text = d3::test::read_all(doc);
    const std::string verdict = "| does not hold |\n";
    const std::size_t at = text.find(verdict, text.find("\n## Every row\n"));
    ASSERT_NE(at, std::string::npos);
    const std::size_t row = text.rfind('\n', at) + 1;
    const std::string claim = text.substr(row + 2, text.find(" | ", row) - row - 2);
    text.replace(at, verdict.size(), "| holds |\n");
    std::ofstream(changed) << text;
    const outcome lost = run(args + " --out - --baseline " + changed);
    EXPECT_EQ(lost.code, 6) << lost.err;
    EXPECT_NE(lost.err.find("(" + claim + ") held in the baseline"), std::string::npos)
        << claim << "\n"
        << lost.err;
}

TEST(JunitCli, ASweepIsOneTestCasePerPoint) {
    const std::string dir = temp("sweep"), x = temp("sweep.xml");
    d3::test::run_command("rm -rf " + dir);
    const outcome o = run("sweep --out " + dir + " --rates 0.1,0.2 --junit " + x +
                          " --traffic uniform --k 1 --m 2 --warmup 20 --measure 20");
    EXPECT_EQ(o.code, 0) << o.err;
    EXPECT_EQ(parsed_junit(x), "2 0 0\n");
}

}  // namespace
