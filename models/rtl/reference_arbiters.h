// The C++ references of the RTL arbiter modules' policies, as banks of the switch allocator's
// unit interface (sc/router/arbiter_bank.h): what `--unit-impl switch_allocator=lockstep[:MODULE]`
// runs beside the Verilated module and follows. d3_rr_arbiter (the default): the paper's
// round-robin arbiters (core/router/arbiter.h); d3_matrix_arbiter: the matrix arbiter of the
// design-space allocators (core/allocation/matrix_arbiter.h), least recently granted, over the
// router's request sources, a source's oldest packet asking for it (as the adapter drives the RTL).
// A module of an architect's own has no reference: it runs as rtl alone.
#pragma once

#include <memory>
#include <string>

#include "sc/router/arbiter_bank.h"

namespace d3 {

/// Whether lockstep has a C++ reference for `module` (empty: d3_rr_arbiter).
bool has_reference_arbiters(const std::string& module);

/// The reference bank for s.module; nullptr without one.
std::unique_ptr<arbiter_bank_if> make_reference_arbiters(const arbiter_bank_setup& s);

}  // namespace d3
