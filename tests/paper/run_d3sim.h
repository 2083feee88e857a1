// The paper tests' way of running d3sim as a user does: one run, its JSON result, its exit code.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/run_command.h"

namespace d3::test {

/// Runs `D3SIM args --json - -q --no-progress`, expects `expect_code`, returns the JSON.
inline nlohmann::json run(const std::string& args, int expect_code = 0) {
    const outcome o = run_command(std::string(D3SIM) + " " + args + " --json - -q --no-progress");
    EXPECT_EQ(o.code, expect_code) << args << ": " << o.err;
    nlohmann::json j = nlohmann::json::parse(o.out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << args << ": " << o.out;
    return j;
}

/// "--k K --m M".
inline std::string net(int k, int m) {
    return "--k " + std::to_string(k) + " --m " + std::to_string(m);
}

}  // namespace d3::test
