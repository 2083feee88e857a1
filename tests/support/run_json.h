// d3sim run as a user runs it, with its result read back: the JSON of `--json -` on stdout.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "support/run_command.h"

namespace d3::test {

/// Runs `D3SIM args -q --json -` under a 60 s limit; expects exit 0 and returns the result (an
/// empty object when the run failed, after the failure is recorded).
inline nlohmann::json run_json(const std::string& d3sim, const std::string& args) {
    const outcome o = run_command("timeout -k 5 60 " + d3sim + " " + args + " -q --json -");
    EXPECT_EQ(o.code, 0) << args << "\n" << o.err;
    return o.code == 0 ? nlohmann::json::parse(o.out) : nlohmann::json::object();
}

}  // namespace d3::test
