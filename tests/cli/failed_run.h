// A d3sim run with failures, as the failure tests read it (tests/cli/fail_*_cli_test.cpp): its
// exit code, stderr, JSON and whole packet log.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/d3sim_cli.h"
#include "support/packet_log_rows.h"
#include "support/read_file.h"

namespace d3::test {

struct failed_run {
    int code = 0;
    std::string err;
    nlohmann::json j;  ///< null when the run wrote no JSON
    std::vector<log_row> rows;
};

/// Runs d3sim with `options` (its failures among them), its JSON and packet log in files named
/// after `file_stem` (unique to the test process).
inline failed_run run_failing(const std::string& options, const std::string& file_stem) {
    const std::string json = write_temp(file_stem + ".json", "");
    const std::string log = write_temp(file_stem + ".csv", "");
    const outcome r = run_d3sim(options + " --json " + json + " --trace-packets " + log + " -q");
    failed_run out{r.code, r.err, nlohmann::json(), log_rows(read_all(log))};
    if (!read_all(json).empty()) out.j = nlohmann::json::parse(read_all(json));
    return out;
}

}  // namespace d3::test
