// The paper's claims as rows of a validation table: what the paper says (its figure, computed here
// from its formulas), what a run measured, and the verdict. The simulated claims are d3sim runs
// (arguments and a judge over the run's JSON result); the topological ones are counted in process
// (topology_claims.h). `d3sim validate` (study/validate) runs them on a grid. Plain C++, no
// SystemC.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/network/topology.h"

namespace d3 {

enum class verdict { holds, does_not_hold, not_applicable };
const char* to_string(verdict v);

/// One row of the validation table.
struct claim_row {
    std::string id;        ///< short key, e.g. "thm7-p1" (stable, for tests and the summary)
    std::string claim;     ///< e.g. "Theorem 7: all-to-all, Protocol 1"
    std::string network;   ///< "D3(4,8)"
    std::string source;    ///< "(0,0,1)", or "" when no source applies
    std::string paper;     ///< the paper's figure for this network
    std::string measured;  ///< what the run or count gave
    std::uint64_t conflicts = 0;
    std::uint64_t rounds = 0;  ///< simulated claims: rounds of the run
    verdict v = verdict::not_applicable;
    std::string note;               ///< why, where a claim does not hold; the fixed schedule
    std::vector<std::string> args;  ///< d3sim arguments that reproduce it (empty: counted)
    nlohmann::json first_conflict;  ///< {step, link} of the first measured conflict, or null
    nlohmann::json config;          ///< the run's recorded configuration (its JSON's `config`)
};

/// Figures a judge reads from a d3sim JSON result.
struct run_figures {
    std::uint64_t rounds = 0, delays = 0, steps = 0, conflicts = 0, delivered = 0, expected = 0;
    bool correct = false;
    static run_figures from_json(const nlohmann::json& j);
};

/// A claim checked by one d3sim run.
struct sim_claim {
    std::string id;
    std::string claim;
    coord source{};
    bool has_source = false;
    std::vector<std::string> args;  ///< without --k, --m, --json
    std::string paper;
    /// Verdict from the run's figures; fills `measured`.
    std::function<verdict(const run_figures&, std::string& measured)> judge;
    std::string why;  ///< explanation shown when the claim does not hold
    /// Run the same with --schedule fixed when the paper's schedule conflicts.
    bool fixable = false;
};

/// Sources used on every network: one with d != p and one fixed point d = p.
coord plain_source(const topology& t);
coord fixed_point_source(const topology& t);

/// Broadcasts chained in the "N broadcasts" claims.
inline constexpr int kValidateBroadcasts = 8;

/// Every simulated claim on D3(K, M).
std::vector<sim_claim> simulated_claims(const topology& t);

/// §13.3, "one-to-all in min(M^2, KM) rounds" (d != p), from the rows of Theorem 5's one-to-all
/// and the glgl one-to-all on the same network: the better of the two that hold.
claim_row one_to_all_min_claim(const topology& t, const claim_row& thm5, const claim_row& glgl);

/// Every topological claim on D3(K, M), counted (Theorem 2 only where the brute force is small).
std::vector<claim_row> topological_claims(const topology& t);

/// Rows that do not depend on a network: the table printed after Theorem 1, row by row.
std::vector<claim_row> port_table_claims();

/// "D3(K,M)".
std::string network_name(const topology& t);

}  // namespace d3
