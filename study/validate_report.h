// The rows of `d3sim validate` as a terminal table, a Markdown document (docs/paper-validation.md)
// and JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "paper/claims/paper_claims.h"

namespace d3 {

/// claim | network | source | paper | measured | conflicts | verdict, one line per row.
std::string validation_table(const std::vector<claim_row>& rows);

/// The document: how it was made, a summary per claim, every claim that does not hold with its
/// first conflict, the reason and the fixed schedule, and every row.
std::string validation_document(const std::vector<claim_row>& rows, const std::string& command);

/// The document's last section: the other networks of issue 48 (docs/networks.md), their claims
/// counted on graphs built here, one table. Appended after validation_document's text, so that the
/// rows of the paper's claims stay as they were.
std::string networks_section(const std::vector<claim_row>& rows);
/// The same claims by the run (study/validate_networks.h): a table after the networks section.
std::string network_runs_section(const std::vector<claim_row>& rows);

nlohmann::json validation_json(const std::vector<claim_row>& rows, const std::string& command);

}  // namespace d3
