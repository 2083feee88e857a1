// The waveform side of `--wave-rtl ROUTER` (core/router/unit_wave.h): the chosen router's RTL
// units' signals as probes of the run's wave_trace, under the router's scope (for example
// c0.d0.p1.hold_stage.ready_o). Plain C++.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/network/config.h"
#include "core/router/unit_wave.h"
#include "trace/wave_trace.h"

namespace d3 {

class rtl_unit_wave final : public unit_wave_if {
  public:
    /// Registers itself as the wave of the router at `at` (set_unit_wave) until destroyed.
    rtl_unit_wave(wave_trace& w, const topology& t, const coord& at);
    ~rtl_unit_wave() override;
    rtl_unit_wave(const rtl_unit_wave&) = delete;
    rtl_unit_wave& operator=(const rtl_unit_wave&) = delete;

    std::uint32_t add(const std::string& scope, const std::string& name, unsigned width) override;
    void set(std::uint64_t step, std::uint32_t id, std::uint64_t value) override;

  private:
    wave_trace& w_;
    router_id router_;
};

/// The router "c,d,p" of --wave-rtl on `t`, or why not.
std::optional<std::string> parse_wave_rtl_router(const std::string& text, const topology& t,
                                                 coord& out);
/// Why --wave-rtl `router` (empty: not given) cannot be used on `net`, or nothing: a router of
/// the network, and a unit in RTL whose ports it traces (the hold stage, the switch allocator, the
/// replicator).
std::optional<std::string> check_wave_rtl(const std::string& router, const network_config& net);
/// The wave of --wave-rtl `router` (checked) into `w`; nullptr when not given.
std::unique_ptr<rtl_unit_wave> make_rtl_unit_wave(wave_trace& w, const std::string& router,
                                                  const topology& t);

}  // namespace d3
