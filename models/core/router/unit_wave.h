// `d3sim --wave-rtl ROUTER` (issue 49, docs/rtl-units.md): the RTL units of one chosen router put
// their own port signals into the run's waveform, beside the model's link and buffer signals. The
// adapters of the Verilated units (models/rtl) ask for the wave of their router when they are
// built; the testbench sets it (trace/rtl_unit_wave.h) before the network is built. Plain C++.
#pragma once

#include <cstdint>
#include <string>

#include "core/network/topology.h"

namespace d3 {

/// Signals of one router's RTL units in a waveform.
class unit_wave_if {
  public:
    virtual ~unit_wave_if() = default;
    /// Declares signal `name` of `width` bits (<= 64) in sub-scope `scope` of the router's scope
    /// (before the run starts); its id for set().
    virtual std::uint32_t add(const std::string& scope, const std::string& name,
                              unsigned width) = 0;
    /// The signal's value from step `step` on.
    virtual void set(std::uint64_t step, std::uint32_t id, std::uint64_t value) = 0;
};

/// The wave of the router at `router` (nullptr: none).
void set_unit_wave(unit_wave_if* wave, const coord& router);
/// The wave when `at` is the traced router, else nullptr.
unit_wave_if* unit_wave_for(const coord& at);

}  // namespace d3
