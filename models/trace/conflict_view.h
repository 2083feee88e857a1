// The gtkwave view written next to every trace: global counters on top, then one group per
// conflicting link (in the order of their first conflict) with the link's signals and the header
// fields of the packet on it, a marker A, B, ... at each of the first conflict steps, and the
// window opened on the first conflict. A run without conflicts shows router c0.d0.p0's links.
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trace/formats/gtkw.h"
#include "trace/wave_layout.h"
#include "trace/wave_trace.h"

namespace d3 {

/// gtkwave translate files the views refer to (empty: values stay numbers).
struct wave_filters {
    std::string routers;              ///< router ids by name, c.d.p on D3 (source, dest)
    std::vector<std::string> probes;  ///< per value-names id of the probes (probe_decl::names)
};

gtkw_view conflict_view(const wave_layout& layout, const std::vector<wave_conflict>& conflicts,
                        const std::string& trace_path, const std::string& gtkw_path,
                        const wave_options& o, std::uint64_t end_step,
                        const wave_filters& filters = {});

/// The traces of one link as the views show them (conflict in red, values in decimal, source
/// and dest by router name), then the input buffer it fills, its router's hold stage and
/// injection queue, then its router's probes that have named values (the decoder's act_o and
/// route with --wave-decoder), by name.
std::vector<gtkw_trace> link_traces(const wave_layout& layout, std::size_t link,
                                    const wave_filters& filters = {});

/// The text of a translate file for router ids: "id NAME" per router (core/network/
/// router_names.h: "c.d.p" on D3), and the broadcast's kEveryRouter as "broadcast".
std::string router_names_filter(const topology& t);

}  // namespace d3
