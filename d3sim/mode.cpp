#include "d3sim/mode.h"

#include <cstdio>

namespace d3 {

int check_passed(const memory_estimate& est, const mode_context& m,
                 const std::optional<std::string>& wave_warning) {
    if (wave_warning) std::fprintf(stderr, "d3sim: warning: %s\n", wave_warning->c_str());
    if (!m.quiet)
        std::fprintf(m.json == "-" ? stderr : stdout, "%s\n",
                     check_passed_line(est, m.budget).c_str());
    return 0;
}

}  // namespace d3
