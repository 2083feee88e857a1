// `d3sim validate`'s rows of the other networks by the run (issue 48, docs/networks.md): each shape
// is built as `d3sim --topology rsn|hdn|hamming` builds it and run through the simulator, with
// one packet per ordered pair of routers (a message trace) or one of the papers' node programs
// as a trace. The run's packets give the node count, the diameter (the most hops) and the
// average distance; the programs' completion gives their steps. Each is set beside the paper's
// figure and the brute-force count on the built graph (network_claims.h).
#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/network/graphs/network_spec.h"
#include "paper/claims/paper_claims.h"
#include "study/jobs.h"

namespace d3 {

/// A job's outcome: d3sim's exit code and JSON result (null: none).
struct network_run_result {
    int exit_code = -1;
    nlohmann::json result;
};

class network_runs {
  public:
    /// Builds every shape, writes its traces under `dir` and appends one job per run to `jobs`
    /// (their indices are kept). The reason when a file cannot be written.
    std::optional<std::string> plan(const std::string& dir, std::vector<job>& jobs);

    /// The rows from the jobs' results (`result_of(job index)`), beside the counted rows of
    /// network_claims() whose paper figures and verdicts they check.
    std::vector<claim_row> rows(
        const std::vector<claim_row>& counted,
        const std::function<network_run_result(std::size_t)>& result_of) const;

    /// One run of a shape: its job and, for a program, the time the program's rounds take in
    /// the run's units (a round of F-flit messages: 2 + F steps).
    struct run {
        std::size_t job = 0;
        std::string program;  ///< "" for the all-pairs run, else emul:J, ascend, descend, ...
        double program_steps = 0;
        std::size_t program_rounds = 0;
        std::uint64_t messages = 0;  ///< the trace's messages
    };
    struct shape {
        network_spec spec;
        std::string name;  ///< as the papers write it
        std::uint32_t nodes = 0;
        int diameter = 0;
        double average = 0;
        std::uint32_t min_distinct = 0, max_distinct = 0;  ///< distinct neighbours of a node
        std::optional<dual_net_spec> hdn;
        std::vector<run> runs;   ///< the all-pairs run first
        std::string packet_log;  ///< the all-pairs run's (--trace-packets)
    };

  private:
    std::vector<shape> shapes_;
};

}  // namespace d3
