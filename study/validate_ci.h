// `d3sim validate` for CI: --baseline FILE (an earlier `validate --json` file or document) names
// every claim that held there and does not hold now, and --junit FILE writes one JUnit test case
// per row (cli/junit.h). README.md, "d3sim validate"; docs/ci.md.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cli/junit.h"
#include "paper/claims/paper_claims.h"

namespace d3 {

/// The verdicts of an earlier validation, by row_key.
struct validate_baseline {
    std::string path;  ///< empty: no baseline
    std::map<std::string, std::string> verdicts;
};

/// A row's identity across runs and formats: its claim, network and source as the document's
/// table writes them.
std::string row_key(const std::string& claim, const std::string& network,
                    const std::string& source);

/// Reads `path` (a regular file holding `validate --json` output or the document `validate --out`
/// writes) into `b`; the one-line refusal, or nothing.
std::optional<std::string> load_validate_baseline(const std::string& path, validate_baseline& b);

/// One line per row that held in the baseline and does not hold in `rows`.
std::vector<std::string> claims_that_regressed(const validate_baseline& b,
                                               const std::vector<claim_row>& rows);

/// One test case per row: passed when it holds, skipped when not applicable or when it did not
/// hold in the baseline either, failed otherwise (the message says whether it held there).
junit_suite validate_junit(const std::vector<claim_row>& rows, const validate_baseline& b);

}  // namespace d3
