#include "cli/junit.h"

#include <cstdio>

namespace d3 {

std::string xml_escape(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default:
                if ((u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7f) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\x%02x", u);
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    return out;
}

namespace {

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", s < 0 ? 0.0 : s);
    return buf;
}

std::string case_xml(const junit_case& c) {
    std::string x = "    <testcase classname=\"" + xml_escape(c.classname) + "\" name=\"" +
                    xml_escape(c.name) + "\" time=\"" + seconds_text(c.seconds) + "\"";
    if (!c.failure && !c.skipped && c.details.empty()) return x + "/>\n";
    x += ">\n";
    if (c.failure)
        x += "      <failure message=\"" + xml_escape(*c.failure) + "\">" + xml_escape(c.details) +
             "</failure>\n";
    else if (c.skipped)
        x += "      <skipped message=\"" + xml_escape(*c.skipped) + "\"/>\n";
    if (!c.failure && !c.details.empty())
        x += "      <system-out>" + xml_escape(c.details) + "</system-out>\n";
    return x + "    </testcase>\n";
}

}  // namespace

std::string junit_xml(const junit_suite& suite) {
    std::size_t failures = 0, skipped = 0;
    double seconds = 0;
    std::string cases;
    for (const junit_case& c : suite.cases) {
        failures += c.failure ? 1 : 0;
        skipped += !c.failure && c.skipped ? 1 : 0;
        seconds += c.seconds;
        cases += case_xml(c);
    }
    const std::string counts = "tests=\"" + std::to_string(suite.cases.size()) + "\" failures=\"" +
                               std::to_string(failures) + "\" errors=\"0\" skipped=\"" +
                               std::to_string(skipped) + "\" time=\"" + seconds_text(seconds) +
                               "\"";
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites " + counts + ">\n" +
           "  <testsuite name=\"" + xml_escape(suite.name) + "\" " + counts + ">\n" + cases +
           "  </testsuite>\n</testsuites>\n";
}

}  // namespace d3
