// One event in a packet's life inside a router, for the packet event log (d3sim --trace-packets,
// models/trace/packet_log.h): launched into its source router, put in the hold stage, sent over a
// link, kept waiting by a link conflict, delivered. Plain C++.
#pragma once

#include <cstdint>
#include <optional>

#include "core/decoding/header.h"
#include "core/network/topology.h"
#include "core/run/packet.h"

namespace d3 {

enum class packet_event_kind : std::uint8_t {
    inject,         ///< the node handed it to its router's injection buffer
    hold,           ///< it entered the hold stage (port 0) for a step
    hop,            ///< it crossed the link `output`
    conflict_wait,  ///< it had a credit for `output` but another packet won the link
    deliver,        ///< the router delivered it to its node
    lost,  ///< a failure during the run took it (on a failed link, in a failed router, no path)
    /// a multi-flit packet's tail left the router for `output` (a design-space router, with a
    /// failure at a step: where the tails are decides what the failure takes)
    tail,
};

const char* to_string(packet_event_kind k);

struct packet_event {
    /// Where a packet comes from or goes besides a link port: the node, the hold stage.
    static constexpr int kNode = -1;
    static constexpr int kHold = -2;

    std::uint64_t step = 0;
    packet_event_kind kind = packet_event_kind::hop;
    std::uint64_t serial = 0;  ///< the packet (each broadcast copy its own)
    std::uint64_t msg = 0;     ///< the message (broadcast copies share it)
    router_id src = 0;         ///< launching router
    header hdr;                ///< as it waits in the router
    router_id router = 0;
    int input = kNode;   ///< link input port index (port_of), kNode (injection) or kHold
    int vc = 0;          ///< virtual channel of the input buffer
    int output = kNode;  ///< link output port index, kNode (delivery) or kHold; inject: kNode
};

/// An event of `kind` for packet `p` at `router` in step `step` (the ports left as their defaults).
inline packet_event event_of(packet_event_kind kind, const packet& p, std::uint64_t step,
                             router_id router) {
    packet_event ev;
    ev.step = step;
    ev.kind = kind;
    ev.serial = p.serial;
    ev.msg = p.msg;
    ev.src = p.src;
    ev.hdr = p.hdr;
    ev.router = router;
    return ev;
}

/// The router a header leads to from src, or nothing for a broadcast.
std::optional<router_id> header_destination(const topology& t, router_id src, const header& h);

/// The router the packet of event `e` goes to (nothing for a broadcast). A synchronizing header
/// changes on the way (its ports as the decoder leaves them): it is walked from where the packet
/// is, with the header the event carries (a hop's and a hold's: the next router's header, from
/// the link's far end or the router itself; a delivery: its router). Others: header_destination.
std::optional<router_id> event_destination(const topology& t, const packet_event& e);

}  // namespace d3
