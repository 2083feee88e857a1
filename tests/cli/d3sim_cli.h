// d3sim run as a user runs it, for the command-line tests: their target defines D3SIM, the path of
// the d3sim binary.
#pragma once

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

/// d3sim refuses `args` as bad input: exit 2, one line that mentions `mentions`, no stdout.
inline void expect_bad_input(const std::string& args, const std::string& mentions) {
    expect_bad_input_command(std::string(D3SIM) + " " + args, mentions);
}

}  // namespace d3::test
