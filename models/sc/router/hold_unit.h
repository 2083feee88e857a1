// The hold stage's decisions in another implementation than the C++ one (issue 49, `d3sim
// --unit-impl hold_stage=rtl|lockstep`): the Verilated rtl/d3_hold_stage.sv through its adapter
// (models/rtl/rtl_hold_stage.h), registered by a build with the RTL (register_rtl_units()). The
// C++ hold stage keeps the packets, in the order they entered; the unit is told, per step, the
// packets held (by tag), which of them left and which entered, and decides which held packets are
// ready and the room for new ones; a failure during the run tells it the held packets it took
// (docs/resilience.md, "Failures at a step"). The SystemC model does not link Verilated code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/network/topology.h"
#include "core/router/unit_impl.h"

namespace d3 {

/// A packet held (or entering), as the unit sees it.
struct hold_slot {
    std::uint32_t tag = 0;     ///< its number of entry in this hold stage (low 32 bits)
    bool global = false;       ///< it replaces a global hop (else a local one)
    bool ready = false;        ///< collect: the C++ unit's answer; the unit's decision on return
    bool left = false;         ///< commit: it left in this step
    std::uint64_t due = 0;     ///< the C++ unit's first cycle it may leave (reports)
    std::uint64_t packet = 0;  ///< the packet's serial number (reports)
};

/// A held packet's tag: its number of entry in the hold stage, low 32 bits.
inline std::uint32_t hold_tag(std::uint64_t entered) {
    return static_cast<std::uint32_t>(entered);
}

struct hold_unit_setup {
    const char* router = "";  ///< the router's SystemC name (reports)
    coord at;
    std::uint64_t local_time = 1;   ///< hold times, cycles (hold_stage::hold_time)
    std::uint64_t global_time = 1;  ///<
    std::size_t capacity = 0;       ///< --hold-capacity (0: unbounded)
    unit_impl impl = unit_impl::rtl;
    const char* module = "";  ///< --unit-impl hold_stage=rtl:MODULE (empty: d3_hold_stage)
};

class hold_unit_if {
  public:
    virtual ~hold_unit_if() = default;
    /// Step `t` begins with `held` (in the order they entered): sets each one's `ready` to the
    /// unit's decision (lockstep: stops the run where it differs from the C++ answer given there).
    /// `dropped`: the tags of the packets a failure took out of the hold stage since the last
    /// step (hold_stage::take_out), which the unit still holds: it takes them out in this step,
    /// out of its room at once and of its slots at the commit.
    virtual void collect(std::uint64_t t, std::vector<hold_slot>& held,
                         const std::vector<std::uint32_t>& dropped) = 0;
    /// The room for new packets in this step; `reference`: the C++ unit's (bounded capacity only).
    virtual std::size_t room(std::size_t reference) = 0;
    /// Step `t` ends: the packets that left (`held`'s `left`) are dropped, `entering` enter.
    virtual void commit(std::uint64_t t, const std::vector<hold_slot>& held,
                        const std::vector<hold_slot>& entering) = 0;
};

using hold_unit_maker = std::unique_ptr<hold_unit_if> (*)(const hold_unit_setup&);
/// Registers the maker (a build with the RTL, before the network is built).
void set_hold_unit_maker(hold_unit_maker make);
/// A unit from the registered maker; SC_REPORT_ERROR("d3/unit-impl") when none was registered.
std::unique_ptr<hold_unit_if> make_hold_unit(const hold_unit_setup& s);

}  // namespace d3
