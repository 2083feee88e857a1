// What a design-space router is built from (core/vc_router/vc_router.h): its ports, virtual
// channels, buffers, flow control, allocators, speedup and delays. Plain C++.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/enum_names.h"
#include "core/router/pipeline.h"
#include "core/router/unit_impl.h"

namespace d3 {

/// How a head reserves room downstream (docs/design-space.md).
enum class flow_control {
    vct,       ///< virtual cut-through: a head moves only with room for its whole packet
    wormhole,  ///< a head needs its VC and one free slot; a packet may span routers
};

inline constexpr enum_entry<flow_control> kFlowControlNames[] = {
    {flow_control::vct, "vct"},
    {flow_control::wormhole, "wormhole"},
};
constexpr const auto& enum_names_of(flow_control) {
    return kFlowControlNames;
}

/// What a dynamically allocated VC may be (core/vc_router/vc_class.h).
enum class vc_class_kind {
    phase,  ///< by hop phase: the global links crossed so far
    sync,   ///< by the sync counter b the packet arrives with
    /// by the global links still to take (b / 2 after the hop, counted from the last class down):
    /// BookSim2's dragonfly VCs, whose UGAL packets decided minimal start in the middle class
    remaining,
};

inline constexpr enum_entry<vc_class_kind> kVcClassNames[] = {
    {vc_class_kind::phase, "phase"},
    {vc_class_kind::sync, "sync"},
    {vc_class_kind::remaining, "remaining"},
};
constexpr const auto& enum_names_of(vc_class_kind) {
    return kVcClassNames;
}

struct vc_router_setup {
    int link_ports = 1;      ///< P link inputs and outputs, in port_of order
    int terminals = 1;       ///< terminal ports: one injection input and one ejection output each
    int vcs = 1;             ///< virtual channels per input port
    int buffer_depth = 8;    ///< flits per VC at a link input (and at the hold port)
    int terminal_depth = 8;  ///< flits per VC at a terminal input
    int packet_length = 1;   ///< flits per packet
    /// Cycles of the units: route (R), vc_allocate (V), allocate (the switch, A), traverse (T).
    pipeline_spec pipeline;
    int credit_delay = 0;  ///< cycles a credit waits before it leaves for upstream
    /// Switch allocator: "paper" (one arbiter per output, every input VC its own requester) or
    /// an allocator of core/allocation/allocator_factory.h.
    std::string sw_allocator = "paper";
    /// It in RTL (--unit-impl switch_allocator=rtl|lockstep, separable-input-first only;
    /// core/allocation/unit_allocator.h), and the router's name for its reports.
    unit_impl sw_allocator_impl = unit_impl::cpp;
    std::string name;
    /// VC allocator: "static" (the VC fixed by b, core/decoding/vc.h) or an allocator kind.
    std::string vc_allocator = "static";
    std::string arbiter = "round-robin";  ///< the allocators' arbiters
    int alloc_iters = 1;
    int input_speedup = 1;  ///< flits an input port may send per cycle (1..vcs)
    /// Flits an output port may take per allocation round (its link still carries one per cycle:
    /// the others wait in its output queue).
    int output_speedup = 1;
    /// Allocation rounds per link cycle (BookSim2's internal_speedup: 1.5 = 3 rounds every 2
    /// cycles).
    double internal_speedup = 1.0;
    /// Flits an output queue holds (0: unbounded); a switch grant needs room in it.
    int output_queue = 0;
    flow_control control = flow_control::vct;
    bool wait_for_tail_credit = false;
    vc_class_kind classes = vc_class_kind::phase;
    int class_count = 2;  ///< VC classes (dynamic allocation): vcs are split evenly among them
    std::vector<int> link_latency;  ///< per link output, cycles
    std::vector<bool> link_global;  ///< per link output: a global link (the hop phase)
    int hold_latency = 1;           ///< cycles a held packet's head waits (port 0)
    /// Cycles of a terminal's channels: its injection channel into the router and its ejection
    /// channel out (BookSim2's, with its st_final_delay cycle as the traverse unit's).
    int terminal_latency = 1;
    /// A held packet is decoded again at once, without a step of its own: a router that does not
    /// synchronize its paths to three steps (BookSim2's).
    bool skip_holds = false;
    /// The packet log also shows each multi-flit packet's tail leaving a router (a `tail` event):
    /// with a failure at a step, whose losses depend on where the tails are.
    bool log_tails = false;

    /// Why this router cannot be built (one line), or nothing.
    std::optional<std::string> validate() const;
    /// Whether the VC is fixed by b (no choice of VC).
    bool static_vcs() const { return vc_allocator == "static"; }
    /// Rows of the switch allocation per input port: every VC with "paper".
    int rows_per_input() const { return sw_allocator == "paper" ? vcs : input_speedup; }
};

}  // namespace d3
