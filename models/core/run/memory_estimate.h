// What a run will take in memory, from its shape and options, before anything is elaborated:
// d3sim prints it (summary and JSON key `estimated_memory_mib`) and refuses a run above
// --max-memory (tb/memory_limit.h). Plain C++.
//
// The model is a sum of the parts that grow (docs/performance.md, "Memory estimate"):
//   process   the SystemC kernel, the libraries and d3sim itself (a constant);
//   routers   per router a constant (the router's units and their SystemC objects, the node, the
//             decoder) plus a part per link port and a part per (link port x virtual channel)
//             (buffers, credits, arbiters); buffers grow with their occupancy, which a run of
//             the paper's primitives keeps small;
//             and, for routers of high radix, a part per (link port)^2 (the allocator's per
//             output requester lists);
//   ledger    per launched message, and per delivery of the messages with several destinations
//             (core/run/ledger.h), known exactly for the primitives (workload::volume); per packet
//             alive at once (the packet pool and the buffer slots it leaves grown);
//   traffic   synthetic traffic: per node its random stream and program, per created packet
//             its ledger entry and the pair count (vectors that grow by doubling);
//   wave      --wave: the writer's tables and buffers, from the trace's own estimate.
// The constants were measured on Debian 12 x86-64 with `tools/memory-calibrate`, which prints the
// estimate against the peak resident set of real runs; the test memory_estimate.* keeps every
// one of those runs within 30 %.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

#include "core/workload/workload.h"

namespace d3 {

struct memory_inputs {
    std::uint64_t routers = 0;
    int link_ports = 0;  ///< per router (topology::link_ports)
    int vcs = 1;         ///< virtual channels per link input (resolved)
    /// Primitives: the workload's volume. Empty for synthetic traffic.
    std::optional<workload_volume> volume;
    /// Synthetic traffic: the packets the run is expected to create (rate x terminals x steps).
    std::uint64_t traffic_packets = 0;
    /// Synthetic traffic: packets alive at once (rate x terminals x zero-load latency).
    std::uint64_t traffic_in_flight = 0;
    /// Synthetic traffic: their flits (traffic_in_flight x the mean packet length).
    std::uint64_t traffic_flits_in_flight = 0;
    bool traffic = false;
    /// --wave: what the waveform writer holds (trace/wave_estimate.h, wave_writer_bytes).
    double wave_bytes = 0;
};

struct memory_estimate {
    double process_mib = 0;
    double routers_mib = 0;
    double ledger_mib = 0;
    double traffic_mib = 0;
    double wave_mib = 0;
    double total_mib() const {
        return process_mib + routers_mib + ledger_mib + traffic_mib + wave_mib;
    }
    /// {"total": .., "process": .., "routers": .., "ledger": .., "traffic": .., "wave": ..} in
    /// MiB.
    nlohmann::json to_json() const;
};

memory_estimate estimate_memory(const memory_inputs& in);

/// The process's resident set now (KiB, /proc/self/statm), or nothing where it cannot be read.
std::optional<std::uint64_t> resident_memory_kib();

// Both take the offered `rate` as the options give it, in flits per terminal and step, and count
// packets, which the model keeps however many flits they have (a pool entry and a buffer slot,
// docs/multi-flit.md): a terminal creates rate / packet_length of them per step (packet_length:
// the mean size with --packet-sizes).

/// Packets of a synthetic-traffic run alive at once: what the terminals create during one
/// zero-load latency (three hops, each a router pipeline and a link, local-global-local, and the
/// packet_length - 1 steps a packet's tail trails its head).
std::uint64_t expected_traffic_in_flight(std::uint64_t routers, int concentration, double rate,
                                         double packet_length, int pipeline_stages,
                                         int local_latency, int global_latency);

/// The packets a synthetic-traffic run is expected to create: every terminal for the warm-up and
/// measurement and for a drain of 200 steps (at most drain_limit). A run past saturation drains
/// longer and creates more: the estimate is for loads below saturation.
std::uint64_t expected_traffic_packets(std::uint64_t routers, int concentration, double rate,
                                       double packet_length, int warmup, int measure,
                                       int drain_limit);

}  // namespace d3
