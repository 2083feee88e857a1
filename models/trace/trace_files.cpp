#include "trace/trace_files.h"

#include <stdexcept>

namespace d3 {

std::string finish_trace_files(wave_trace* wave, packet_log* log, std::uint64_t end_step) {
    std::string error;
    if (wave) {
        try {
            wave->finish(end_step);
        } catch (const std::runtime_error& e) {
            error = e.what();
        }
    }
    if (log)
        if (auto err = log->finish(); err && error.empty()) error = *err;
    return error;
}

}  // namespace d3
