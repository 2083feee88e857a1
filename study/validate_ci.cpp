#include "study/validate_ci.h"

#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "cli/option_limits.h"
#include "core/run/input_file.h"

namespace d3 {

std::string row_key(const std::string& claim, const std::string& network,
                    const std::string& source) {
    std::string key = claim + " | " + network + " | " + source;
    for (std::size_t i = 0; i < claim.size(); ++i)  // the document writes '|' in a claim as '/'
        if (key[i] == '|') key[i] = '/';
    return key;
}

namespace {

// The rows of `validate --json` output; false when it is none.
bool json_verdicts(const std::string& text, std::map<std::string, std::string>& out) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("rows") || !j["rows"].is_array())
        return false;
    for (const nlohmann::json& r : j["rows"]) {
        if (!r.is_object() || !r.contains("claim") || !r.contains("network") ||
            !r.contains("verdict") || !r["claim"].is_string() || !r["network"].is_string() ||
            !r["verdict"].is_string())
            return false;
        out.emplace(row_key(r["claim"], r["network"], r.value("source", std::string())),
                    r["verdict"]);
    }
    return true;
}

// The trimmed cells of a Markdown table row "| a | b |".
std::vector<std::string> cells(const std::string& line) {
    std::vector<std::string> out;
    std::size_t at = 1;
    for (std::size_t bar; (bar = line.find('|', at)) != std::string::npos; at = bar + 1) {
        std::string c = line.substr(at, bar - at);
        const std::size_t a = c.find_first_not_of(' '), b = c.find_last_not_of(' ');
        out.push_back(a == std::string::npos ? "" : c.substr(a, b - a + 1));
    }
    return out;
}

// The rows of the document `validate --out` writes (its "Every row" table: claim, network,
// source, paper, measured, conflicts, verdict); false when it has none.
bool document_verdicts(const std::string& text, std::map<std::string, std::string>& out) {
    const std::size_t at = text.find("\n## Every row\n");
    if (at == std::string::npos) return false;
    std::istringstream is(text.substr(at));
    for (std::string line; std::getline(is, line);) {
        const std::vector<std::string> c = line.rfind("| ", 0) == 0 ? cells(line) : cells("");
        if (c.size() == 7 && c[0] != "claim" && c[0].rfind("---", 0) != 0)
            out.emplace(row_key(c[0], c[1], c[2]), c[6]);
    }
    return !out.empty();
}

}  // namespace

std::optional<std::string> load_validate_baseline(const std::string& path, validate_baseline& b) {
    std::string text;
    try {
        text = read_input_text(path, "--baseline");  // a regular file only
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    b.path = path;
    b.verdicts.clear();
    if (json_verdicts(text, b.verdicts)) return std::nullopt;
    b.verdicts.clear();
    if (document_verdicts(text, b.verdicts)) return std::nullopt;
    return "--baseline " + printable(path) +
           " is neither validate --json output nor the document validate --out writes";
}

namespace {

// The baseline's verdict of a row, or "" when the baseline has no such row.
std::string verdict_before(const validate_baseline& b, const claim_row& r) {
    const auto at = b.verdicts.find(row_key(r.claim, r.network, r.source));
    return at == b.verdicts.end() ? "" : at->second;
}

}  // namespace

std::vector<std::string> claims_that_regressed(const validate_baseline& b,
                                               const std::vector<claim_row>& rows) {
    std::vector<std::string> out;
    for (const claim_row& r : rows)
        if (r.v == verdict::does_not_hold && verdict_before(b, r) == to_string(verdict::holds))
            out.push_back(r.id + " on " + r.network +
                          (r.source.empty() ? "" : " from " + r.source) + " (" + r.claim +
                          ") held in the baseline and does not hold now: " + r.measured);
    return out;
}

junit_suite validate_junit(const std::vector<claim_row>& rows, const validate_baseline& b) {
    junit_suite s{"d3sim validate", {}};
    for (const claim_row& r : rows) {
        junit_case c{"d3sim.validate." + r.network,
                     r.id + (r.source.empty() ? "" : " " + r.source) + ": " + r.claim,
                     0,
                     std::nullopt,
                     std::nullopt,
                     "paper: " + r.paper + "; measured: " + r.measured +
                         (r.note.empty() ? "" : "; " + r.note)};
        const std::string before = verdict_before(b, r);
        if (r.v == verdict::not_applicable)
            c.skipped = "not applicable";
        else if (r.v == verdict::does_not_hold && !b.path.empty() &&
                 before == to_string(verdict::does_not_hold))
            c.skipped = "does not hold, as in the baseline: " + r.measured;
        else if (r.v == verdict::does_not_hold)
            c.failure =
                (before == to_string(verdict::holds) ? "held in the baseline, does not hold now: "
                                                     : "does not hold: ") +
                r.measured;
        s.cases.push_back(std::move(c));
    }
    return s;
}

}  // namespace d3
