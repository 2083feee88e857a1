// Failures during a run (issue 47, item 5; docs/resilience.md, "Failures at a step"): what a
// failure at step T does to a packet that waits in a router at T. A packet on a failed cable (in
// the input buffers of the cable's downstream port: the model puts a packet sent over a link
// there at once, ready after the link's latency) or anywhere in a failed router (its input and
// injection buffers, its hold stage) is lost. A packet elsewhere whose remaining route crosses a
// failure gets a detour from where it waits (detour_finder), or is lost when none reaches its
// destination. Every other packet keeps its header. Plain C++.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/decoding/header.h"
#include "core/network/link_faults.h"
#include "core/network/topology.h"
#include "core/traffic/route_around.h"

namespace d3 {

/// Where a packet waits in a router: an input buffer of link port `input` (port_of's index), the
/// injection buffer (kInjected) or the hold stage (kHeld). (packet_event's kNode and kHold.)
struct waiting_place {
    static constexpr int kInjected = -1;
    static constexpr int kHeld = -2;
    router_id at = 0;
    int input = kInjected;
    int vc = 0;  ///< the channel of the link buffer it waits in (0 elsewhere)
    /// Its channel follows its sync counter b down every hop (the paper router's, a design-space
    /// router's static VCs or sync classes); false: a design-space router's classes by hop phase
    /// or by the global links still to take, which a detour begun mid-route leaves.
    bool channels_by_b = true;
    /// A broadcast its router decoded and has begun to copy (the paper router's replicator): the
    /// copies still to leave, each its target (a link port, kHeld, kDelivered) and the header it
    /// leaves with. Null otherwise: the copies are those of its header walked from `at`.
    static constexpr int kDelivered = -3;
    const std::vector<std::pair<int, header>>* copies_left = nullptr;
};

enum class failure_fate : std::uint8_t {
    stays,             ///< its route crosses no failure: untouched
    rerouted,          ///< a detour from where it waits (failure_outcome::hdr)
    on_failed_link,    ///< lost: it waits on a failed cable
    in_failed_router,  ///< lost: it waits in a failed router
    no_route,          ///< lost: no detour reaches its destination (or that router failed)
    /// lost: it waits in a link buffer or the hold stage and every detour would climb to a
    /// channel not below the one it holds (no_descending_detour: deadlock freedom)
    no_descending_detour,
};
const char* to_string(failure_fate f);
inline bool lost(failure_fate f) {
    return f > failure_fate::rerouted;
}

struct failure_outcome {
    failure_fate fate = failure_fate::stays;
    header hdr;  ///< rerouted: the new header
};

/// The router a unicast header leads to from `at`, where its packet waits: a destination header
/// names it; a source vector or synchronizing header mid-way (its counter lowered, its ports
/// those of the launch) is walked from there (header_destination's closed form is from the
/// source). Nothing for a broadcast.
std::optional<router_id> waiting_destination(const topology& t, router_id at, const header& h);
/// A detour `d` for a packet waiting with header `h` keeps the channel order of core/decoding/vc.h
/// (a packet in the channel of b waits only for channels below it): from an injection buffer
/// (no channel: nothing in the network waits for it) always; from a link buffer or the hold
/// stage only when d arrives at its next router with a b below h's (d.b - 1 < h.b) and the
/// channels follow b (w.channels_by_b: else no detour from there keeps their order).
bool detour_descends(const waiting_place& w, const header& h, const header& d);

/// The routers a broadcast copy waiting at `w` with header `h` would still deliver to (its
/// remaining tree; w.copies_left's copies when its router began to copy it), in no order.
std::vector<router_id> waiting_broadcast_destinations(const topology& t, const waiting_place& w,
                                                      const header& h);

/// What the failures `f` do to a packet with header `h` (the header its router decodes next)
/// waiting at `w`. `detours` is over `f`; `spread` chooses where among the detours the search
/// starts (the packet's serial: detours spread over the network, and a run repeats). A broadcast
/// copy whose remaining tree crosses a failure is lost (no_route: no detour carries a tree).
failure_outcome fate_at_failure(const topology& t, const link_faults& f,
                                const detour_finder& detours, const waiting_place& w,
                                const header& h, std::uint64_t spread);

/// Who is told what a failure at a step did (the traffic's state, a primitive's workload): from
/// step T on it goes around `f` (route_around), and each message the failure took (lost) is no
/// longer expected. `launched` false: it still waited in its source's queue (never a packet).
class failure_effects {
  public:
    virtual ~failure_effects() = default;
    virtual void route_around(const link_faults& f) = 0;
    virtual void lost(router_id src, router_id dst, std::uint64_t payload, std::uint64_t serial,
                      bool launched) = 0;
    /// A broadcast copy (or a whole broadcast still queued, `launched` false) the failure took:
    /// its deliveries to `destinations` are no longer expected (nor what they would have caused:
    /// `payload`, the message word). One message lost (`lost` counts it once) however many
    /// destinations.
    virtual void lost_copy(router_id src, const std::vector<router_id>& destinations,
                           std::uint64_t payload, std::uint64_t serial, bool launched) = 0;
};

}  // namespace d3
