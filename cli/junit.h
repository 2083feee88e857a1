// JUnit XML for CI systems (--junit FILE of d3sim, validate and sweep): one <testsuite> of
// <testcase>s, each passed, failed (a <failure> with its message) or skipped. The subset of the
// format that Jenkins, GitLab and GitHub's test reporters read; README.md, "CI".
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace d3 {

struct junit_case {
    std::string classname;  ///< the group a report lists the case under ("d3sim.validate.D3(4,4)")
    std::string name;       ///< the case ("thm7-p1 (0,0,1)")
    double seconds = 0;
    std::optional<std::string> failure;  ///< its message when the case failed
    std::optional<std::string> skipped;  ///< its reason when the case was skipped
    std::string details;                 ///< text of the <failure> or <system-out>, may be empty
};

struct junit_suite {
    std::string name;  ///< "d3sim", "d3sim validate", "d3sim sweep"
    std::vector<junit_case> cases;
};

/// Text as XML 1.0 character data or an attribute value: the five special characters escaped,
/// control bytes XML cannot hold (all but tab, newline, carriage return) as "\xNN".
std::string xml_escape(const std::string& s);

/// The suite as a JUnit XML document (<testsuites> with one <testsuite>), counts included.
std::string junit_xml(const junit_suite& suite);

}  // namespace d3
