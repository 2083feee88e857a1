// The switch allocator's per-output arbiters in another implementation than core/router/arbiter.h
// (issue 49, `d3sim --unit-impl switch_allocator=rtl|lockstep`): the Verilated round-robin arbiter
// of rtl/d3_rr_arbiter.sv, one per output and service class, through its adapter (models/rtl/
// rtl_arbiters.h). The SystemC model does not link Verilated code: a build with the RTL registers
// the maker of its banks here (register_rtl_units(), models/rtl), and each router asks for its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/network/topology.h"
#include "core/router/arbiter.h"
#include "core/router/unit_impl.h"

namespace d3 {

/// What a router's bank is made for.
struct arbiter_bank_setup {
    const char* router = "";          ///< the router's SystemC name (lockstep reports)
    coord at;                         ///< the router's coordinates
    std::size_t arbiters = 1;         ///< service classes x outputs, arbiter class * outputs + o
    int outputs = 1;                  ///< link outputs
    std::uint32_t sources = 1;        ///< request sources (the buffers and the hold stage)
    unit_impl impl = unit_impl::rtl;  ///< rtl or lockstep
    const char* module = "";          ///< the RTL module (empty: d3_rr_arbiter)
};

/// A router's per-output arbiters (the round-robin policy).
class arbiter_bank_if {
  public:
    virtual ~arbiter_bank_if() = default;
    /// As arbiter::pick for arbiter `which` (class * outputs + output) in step `step`: the index of
    /// the winner among c[0..n), n >= 2 (the allocator picks only among several).
    virtual std::size_t pick(std::size_t which, const candidate* c, std::size_t n,
                             std::uint64_t step) = 0;
};

using arbiter_bank_maker = std::unique_ptr<arbiter_bank_if> (*)(const arbiter_bank_setup&);

/// Registers the maker of banks (a build with the RTL, before the network is built).
void set_arbiter_bank_maker(arbiter_bank_maker make);

/// A bank from the registered maker; SC_REPORT_ERROR("d3/unit-impl") when none was registered
/// (d3sim refuses --unit-impl without the RTL before it gets here).
std::unique_ptr<arbiter_bank_if> make_arbiter_bank(const arbiter_bank_setup& s);

}  // namespace d3
