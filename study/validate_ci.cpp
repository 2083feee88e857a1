#include "study/validate_ci.h"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "cli/option_limits.h"
#include "core/run/input_file.h"

namespace d3 {

std::string row_key(const std::string& id, const std::string& network, const std::string& source) {
    return id + " on " + network + (source.empty() ? "" : " from " + source);
}

std::optional<std::string> load_validate_baseline(const std::string& path, validate_baseline& b) {
    std::string text;
    try {
        text = read_input_text(path, "--baseline");  // a regular file only
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    const std::string refused =
        "--baseline " + printable(path) + " is not the output of d3sim validate --json FILE";
    if (j.is_discarded() || !j.is_object() || !j.contains("rows") || !j["rows"].is_array())
        return refused;
    b.path = path;
    b.verdicts.clear();
    for (const nlohmann::json& r : j["rows"]) {
        if (!r.is_object() || !r.contains("id") || !r.contains("network") ||
            !r.contains("verdict") || !r["id"].is_string() || !r["network"].is_string() ||
            !r["verdict"].is_string())
            return refused + " (a row without id, network or verdict)";
        b.verdicts.emplace(row_key(r["id"], r["network"], r.value("source", std::string())),
                           r["verdict"]);
    }
    return std::nullopt;
}

namespace {

// The baseline's verdict of a row, or "" when the baseline has no such row.
std::string verdict_before(const validate_baseline& b, const claim_row& r) {
    const auto at = b.verdicts.find(row_key(r.id, r.network, r.source));
    return at == b.verdicts.end() ? "" : at->second;
}

}  // namespace

std::vector<std::string> claims_that_regressed(const validate_baseline& b,
                                               const std::vector<claim_row>& rows) {
    std::vector<std::string> out;
    for (const claim_row& r : rows)
        if (r.v == verdict::does_not_hold && verdict_before(b, r) == to_string(verdict::holds))
            out.push_back(row_key(r.id, r.network, r.source) + " (" + r.claim +
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
