// A sweep's bad input: the line "d3sim sweep: error: MSG" on stderr and exit code 2, for
// sweep.cpp and sweep_compare.cpp.
#pragma once

#include <cstdio>
#include <string>

#include "cli/option_limits.h"

namespace d3 {

inline int sweep_bad_input(const std::string& msg) {
    std::fprintf(stderr, "d3sim sweep: error: %s\n", printable(msg).c_str());
    return 2;
}

}  // namespace d3
