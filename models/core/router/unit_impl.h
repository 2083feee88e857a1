// Which implementation a router unit runs, as `d3sim --unit-impl UNIT=cpp|rtl|lockstep` names it
// (issue 49, docs/rtl-units.md): the C++ unit, its Verilated RTL in its place, or both, stopping at
// the first cycle they differ. Plain C++.
#pragma once

#include <cstdint>

#include "core/enum_names.h"

namespace d3 {

enum class unit_impl : std::uint8_t {
    cpp,       ///< the C++ unit (the default)
    rtl,       ///< the Verilated RTL module, through its adapter (models/rtl)
    lockstep,  ///< both; the run follows the C++ unit and stops at the first difference
};
inline constexpr enum_entry<unit_impl> kUnitImplNames[] = {
    {unit_impl::cpp, "cpp"}, {unit_impl::rtl, "rtl"}, {unit_impl::lockstep, "lockstep"}};
constexpr const auto& enum_names_of(unit_impl) {
    return kUnitImplNames;
}

/// The target lines of d3sim's build of rtl/d3_replicator.sv (a router's K + M - 1 link ports, the
/// hold stage and ejection must fit).
inline constexpr int kReplicatorLines = 64;

/// d3sim's build of rtl/d3_hold_stage.sv: packets held at once, admitted per step, hold time.
inline constexpr int kHoldSlots = 32;
inline constexpr int kHoldAdmits = 8;
inline constexpr int kHoldMostTime = 255;

/// d3sim's build of rtl/d3_separable_allocator.sv: rows (input ports x input speedup) and columns
/// (output ports) of a design-space router's switch allocator.
inline constexpr int kAllocatorPorts = 32;

/// The units --unit-impl selects. (The header decoder has its own option, --decoder.)
enum class rtl_unit : std::uint8_t { switch_allocator, replicator, hold_stage };
inline constexpr enum_entry<rtl_unit> kRtlUnitNames[] = {
    {rtl_unit::switch_allocator, "switch_allocator"},
    {rtl_unit::replicator, "replicator"},
    {rtl_unit::hold_stage, "hold_stage"}};
constexpr const auto& enum_names_of(rtl_unit) {
    return kRtlUnitNames;
}

}  // namespace d3
