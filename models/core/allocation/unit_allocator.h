// The design-space routers' switch allocator in another implementation than the C++ one (issue
// 49, `d3sim --unit-impl switch_allocator=rtl|lockstep` with `--sw-allocator
// separable-input-first`): the Verilated rtl/d3_separable_allocator.sv behind allocator_if, through
// its adapter (models/rtl/rtl_allocator.h), registered by a build with the RTL
// (register_rtl_units()). The core does not link Verilated code. Plain C++.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "core/allocation/allocator_if.h"
#include "core/router/unit_impl.h"

namespace d3 {

struct unit_allocator_setup {
    std::size_t inputs = 1;   ///< rows (input ports x input speedup)
    std::size_t outputs = 1;  ///< columns
    unit_impl impl = unit_impl::rtl;
    std::string router;  ///< the router's name (lockstep reports)
};
using unit_allocator_maker = std::unique_ptr<allocator_if> (*)(const unit_allocator_setup&);
/// Registers the maker (a build with the RTL, before the network is built).
void set_unit_allocator_maker(unit_allocator_maker make);
/// An allocator from the registered maker; std::logic_error when none was registered (d3sim
/// refuses --unit-impl in a build without the RTL before that).
std::unique_ptr<allocator_if> make_unit_allocator(const unit_allocator_setup& s);

}  // namespace d3
