// A packet: what it carries and what the checks and waves need to know about it (the link
// protocol's payload, sc/protocol.h, points at one). Plain C++.
#pragma once

#include <cstdint>

#include "core/containers/cache_line.h"
#include "core/decoding/header.h"
#include "core/network/topology.h"

namespace d3 {

/// Per-packet state: what a packet carries and what the checks and waves need to know about it.
/// One cache line each (56 bytes of fields): a hop touches one line of its packet.
struct alignas(kCacheLine) packet {
    std::uint64_t serial = 0;   ///< unique per copy, shown in waves
    std::uint64_t msg = 0;      ///< ledger message id (copies of a broadcast share it)
    router_id src = 0;          ///< launching router
    header hdr;                 ///< current header; the sync counter steps down per step
    std::uint64_t payload = 0;  ///< the message word, for the receiving node's program
    std::uint64_t launch = 0;   ///< cycle of the first step at the source router
    std::uint32_t hops = 0;     ///< link traversals so far
    std::uint8_t service = 0;   ///< service class (core/router/service.h): 0 privileged, 1 standard
    bool background = false;    ///< launched by the background traffic (statistics only)
    /// `hdr` is known valid on this network (the ledger checks every header a node launches, and
    /// the reference decoder every header it decodes), and only the reference decoder has chosen
    /// its next headers since: a route stage may decode it without checking it again
    /// (core/decoding/decoder.h, decode_valid). Cleared by any other decoder.
    bool header_checked = false;
    /// The terminal of the source router that created it (traffic with --concentration), for a
    /// router with terminal ports (core/vc_router): its source queue.
    std::uint8_t terminal = 0;
    /// Its size in flits (docs/multi-flit.md): set by the node in a network of multi-flit
    /// packets (router_params::packet_length > 1), where the routers read it; 1 otherwise, as the
    /// pool made it (no store per packet in the one-flit runs).
    std::uint8_t flits = 1;
    /// Global links crossed so far: the hop phase, a design-space router's VC class
    /// (core/vc_router/vc_class.h).
    std::uint8_t globals = 0;
};
static_assert(sizeof(packet) == kCacheLine, "a packet is one cache line");

}  // namespace d3
