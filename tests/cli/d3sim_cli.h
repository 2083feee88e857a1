// d3sim run as a user runs it, for the command-line tests: their target defines D3SIM, the path of
// the d3sim binary.
#pragma once

#include <gtest/gtest.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "support/run_command.h"

#ifndef D3SIM
#error "the test target defines D3SIM (the d3sim binary)"
#endif

namespace d3::test {

/// d3sim with `args` (options as typed on a command line).
inline outcome run_d3sim(const std::string& args) {
    return run_command(std::string(D3SIM) + " " + args);
}

/// d3sim with `args` writing its JSON result to `json` (a test's temporary file): the result, and
/// a failure of the test when d3sim did not exit 0.
inline nlohmann::json run_d3sim_json(const std::string& args, const std::string& json) {
    const outcome r = run_d3sim(args + " --json " + json + " -q");
    EXPECT_EQ(r.code, 0) << args << "\n" << r.err;
    std::ifstream in(json);
    return nlohmann::json::parse(in, nullptr, false);
}

/// d3sim refuses `args` as bad input: exit 2, one line that mentions `mentions`, no stdout.
inline void expect_bad_input(const std::string& args, const std::string& mentions) {
    expect_bad_input_command(std::string(D3SIM) + " " + args, mentions);
}

}  // namespace d3::test
