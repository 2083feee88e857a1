// The gtkwave view written next to every trace: global counters on top, then one group per
// conflicting link (in the order of their first conflict) with the link's signals and the header
// fields of the packet on it, a marker A, B, ... at each of the first conflict steps, and the
// window opened on the first conflict. A run without conflicts shows router c0.d0.p0's links.
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trace/gtkw.h"
#include "trace/wave_layout.h"
#include "trace/wave_trace.h"

namespace d3 {

gtkw_view conflict_view(const wave_layout& layout, const std::vector<wave_conflict>& conflicts,
                        const std::string& trace_path, const std::string& gtkw_path,
                        const wave_options& o, std::uint64_t end_step);

/// The traces of one link as the views show them (conflict in red, values in decimal).
std::vector<gtkw_trace> link_traces(const wave_layout& layout, std::size_t link);

}  // namespace d3
