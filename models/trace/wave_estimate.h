// How big a trace will be, known before the run: the workload's headers say how many hops to
// expect (b link traversals at most per unicast header, a walk for broadcasts). Plain C++.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/network/topology.h"
#include "core/workload/workload.h"
#include "trace/formats/wave_writer.h"
#include "trace/wave_scope.h"

namespace d3 {

struct wave_size {
    std::uint64_t link_events = 0;  ///< expected link traversals inside the scope
    std::uint64_t bytes = 0;        ///< expected file size
    std::uint32_t routers = 0;      ///< routers inside the scope
    std::uint64_t steps = 0;        ///< program steps of the longest node program
    std::uint64_t signals = 0;      ///< signals declared for the routers inside the scope
};

wave_size estimate_wave(const topology& t, const workload& w, const wave_scope& s, wave_format f);

/// The same for synthetic traffic (core/traffic), whose packets are drawn during the run: `packets`
/// expected (expected_traffic_packets), each at most `steps_per_packet` link traversals
/// (most_steps), over `steps` steps, spread evenly over the routers. `flits`: 0 when a packet is
/// one value on each link it crosses (the paper's router), its flits when a value changes per flit
/// (a design-space router: the link's packet and busy signals, its VC owners and input flits).
wave_size estimate_wave(const topology& t, std::uint64_t packets, int steps_per_packet,
                        std::uint64_t steps, const wave_scope& s, wave_format f, int flits = 0);

/// The memory the writer of such a trace holds while the run goes on (the run's memory estimate,
/// core/run/memory_estimate.h): a VCD writer its signal table and stream buffer; an FST writer
/// (gtkwave's fstapi) also every value change of the block it has not yet written, up to its
/// block size of 128 MiB.
std::uint64_t wave_writer_bytes(const wave_size& s, wave_format f);

/// "3.4 GB", "512 kB".
std::string human_bytes(std::uint64_t bytes);

/// Parses "256M", "1G", "500k", "0" (bytes, powers of 1024; units B, k or K, M, G, T, each also
/// with B or iB after it, exactly so). Nothing when malformed.
std::optional<std::uint64_t> parse_bytes(const std::string& s);

/// The warning to print before writing `path` when the estimate is over `limit` (0: no limit).
std::optional<std::string> size_warning(const std::string& path, const wave_size& s,
                                        const wave_scope& scope, std::uint64_t limit);

}  // namespace d3
