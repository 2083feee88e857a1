// Ending a run's trace files, the same for every testbench: the waveform ends at a step, the packet
// log is flushed and closed. Plain C++.
#pragma once

#include <cstdint>
#include <string>

#include "trace/packet_log.h"
#include "trace/wave_trace.h"

namespace d3 {

/// Ends `wave` (none: nullptr) at `end_step` and closes `log` (none: nullptr). Returns why the
/// first of them could not be written (a full disk), in one line, or empty.
std::string finish_trace_files(wave_trace* wave, packet_log* log, std::uint64_t end_step);

}  // namespace d3
