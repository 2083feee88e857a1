// cli/junit: the JUnit XML writer's escaping and counts, read back by hand.
#include "cli/junit.h"

#include <gtest/gtest.h>

namespace d3 {
namespace {

TEST(Junit, EscapesTheFiveSpecialCharactersAndControlBytes) {
    EXPECT_EQ(xml_escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
    EXPECT_EQ(xml_escape(std::string("x\x01y\x1bz")), "x\\x01y\\x1bz");
    EXPECT_EQ(xml_escape("tab\tnew\nline\r"), "tab\tnew\nline\r");  // XML holds these
    EXPECT_EQ(xml_escape("\xc3\xa9"), "\xc3\xa9");                  // UTF-8 stays
}

TEST(Junit, CountsCasesFailuresAndSkips) {
    junit_suite s{"d3sim validate", {}};
    s.cases.push_back({"c", "passed", 1.5, std::nullopt, std::nullopt, ""});
    s.cases.push_back({"c", "failed", 0.25, std::string("steps 3 > 2"), std::nullopt, "why"});
    s.cases.push_back({"c", "skipped", 0, std::nullopt, std::string("not applicable"), ""});
    const std::string x = junit_xml(s);
    const std::string counts =
        "tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\" time=\"1.750\"";
    EXPECT_NE(x.find("<testsuites " + counts + ">"), std::string::npos) << x;
    EXPECT_NE(x.find("<testsuite name=\"d3sim validate\" " + counts + ">"), std::string::npos);
    EXPECT_NE(x.find("<testcase classname=\"c\" name=\"passed\" time=\"1.500\"/>"),
              std::string::npos);
    EXPECT_NE(x.find("<failure message=\"steps 3 &gt; 2\">why</failure>"), std::string::npos);
    EXPECT_NE(x.find("<skipped message=\"not applicable\"/>"), std::string::npos);
    EXPECT_EQ(x.rfind("</testsuites>\n"), x.size() - 14);
}

TEST(Junit, AnEmptySuiteIsADocumentWithNoCases) {
    const std::string x = junit_xml({"d3sim", {}});
    EXPECT_NE(x.find("tests=\"0\" failures=\"0\""), std::string::npos);
    EXPECT_EQ(x.find("<testcase"), std::string::npos);
}

}  // namespace
}  // namespace d3
