// The replicator and hold stage modules an executable links (`--unit-impl replicator=rtl:MODULE`,
// `hold_stage=rtl:MODULE`; docs/rtl-units.md, "Bring your own RTL"): each a module with its unit's
// port list, verilated by the build (rtl/CMakeLists.txt) behind the unit's adapter. Registered by
// register_rtl_units(), looked up by name when a router's unit is made and when d3sim checks its
// options. Both units have one correct behaviour (the C++ unit's), so lockstep:MODULE runs any of
// them beside the C++ unit.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/network/config.h"
#include "core/router/unit_impl.h"
#include "sc/router/hold_unit.h"
#include "sc/router/replicator.h"

namespace d3 {

/// A module of a unit's port list that a build verilated: its name and the maker of its adapter.
template <class Setup, class Unit>
struct unit_module {
    const char* name;
    std::unique_ptr<Unit> (*make)(const Setup&);
};
using replicator_module = unit_module<replicator_unit_setup, replicator_unit_if>;
using hold_module = unit_module<hold_unit_setup, hold_unit_if>;

/// Registers the modules this executable links (d3sim's: the generated unit_modules_built.cpp).
void set_unit_modules(const std::vector<replicator_module>& replicators,
                      const std::vector<hold_module>& holds);
/// The unit of s.module (empty: the first, the paper's); d3/unit-impl when it is not linked.
std::unique_ptr<replicator_unit_if> make_module_replicator(const replicator_unit_setup& s);
std::unique_ptr<hold_unit_if> make_module_hold(const hold_unit_setup& s);
/// A one-line error when `module` is not a linked module of `unit` (replicator, hold_stage).
std::optional<std::string> check_unit_module(rtl_unit unit, const std::string& module,
                                             unit_impl impl);
/// check_unit_module for the replicator's and the hold stage's modules of `r`, where named.
std::optional<std::string> check_unit_modules(const router_params& r);

}  // namespace d3
