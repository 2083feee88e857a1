// What a router's step must handle, as one type: the step (router::step_as<Step>) and every unit it
// calls read the feature they depend on from `Step`. A feature that is false is ruled out at
// compile time: its tests drop out of the step. The paper's router (one service class, one-flit
// packets, no route stage of its own, no observer, no background traffic, the reference decoder)
// steps as paper_step, with every feature false and the route stage decoding one network's rules
// inline; any other configuration steps as any_step, which tests each feature at run time. A unit
// called with no Step (its tests) handles every feature.
#pragma once

#include <type_traits>

namespace d3 {

/// The network a route stage decodes for, known when the step is compiled
/// (route_stage::route): any (tested per decode), D3, MDF or a network given as a file (the
/// reference decoder's rules of that network alone, inline).
struct any_network {};
struct d3_network {};
struct mdf_network {};
struct file_network {};

/// Every feature false: the paper's router on network `Net` (d3_network, mdf_network or
/// file_network).
/// `SlowLinks`: links of more than one cycle, where a router is seldom due in the next cycle; its
/// input unit then works out the next cycle with work while it collects and releases
/// (tracks_next) instead of reading its buffers again after the step.
template <typename Net, bool SlowLinks = false>
struct paper_step {
    static constexpr bool classes = false;      ///< two service classes (core/router/service.h)
    static constexpr bool flits = false;        ///< packets of F > 1 flits (docs/multi-flit.md)
    static constexpr bool route_stage = false;  ///< a route stage of its own cycles (pipeline.h)
    static constexpr bool observed = false;     ///< a link observer (waves, logs, statistics)
    static constexpr bool background = false;   ///< background traffic's figures kept apart
    static constexpr bool tracks_next = SlowLinks;  ///< input_unit::next_work from the step
    static constexpr bool hold_unit = false;  ///< the hold stage's decisions from another unit
    /// --threads N > 1 (F > 1): the link buffers a step emptied kept for the arrivals replayed
    /// after it (input_unit::take_as_before_step).
    static constexpr bool replays_arrivals = false;
    /// Links of more than two latencies (a file network's; D3's and MDF's have a global and a
    /// local one): the output unit's third and later credit rings.
    static constexpr bool many_latencies = std::is_same_v<Net, file_network>;
    using network = Net;
};

/// Every feature possible, tested at run time: any configuration, any decoder.
struct any_step {
    static constexpr bool classes = true;
    static constexpr bool flits = true;
    static constexpr bool route_stage = true;
    static constexpr bool observed = true;
    static constexpr bool background = true;
    static constexpr bool tracks_next = false;
    static constexpr bool hold_unit = false;
    static constexpr bool replays_arrivals = false;
    static constexpr bool many_latencies = true;
    using network = any_network;
};

/// any_step with the hold stage's decisions (which held packets are ready, its room) taken from
/// another implementation of the unit (hold_unit_if, `d3sim --unit-impl hold_stage=rtl|lockstep`):
/// chosen once per router, so that no other step tests for it.
struct unit_step : any_step {
    static constexpr bool hold_unit = true;
};

}  // namespace d3
