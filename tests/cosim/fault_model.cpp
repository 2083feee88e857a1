// make_rtl_engine() and register_rtl_units() over the seeded-fault builds of the RTL: the header
// decoder with SeededFault = 1 (a source-vector header at b = 1 leaves on delta instead of pi) and
// the round-robin arbiter with SeededFault = 1 (the pointer stays on the winner), the replicator
// with SeededFault = 1 (no copy for the last target but one), the hold stage with SeededFault = 1
// (a packet is ready a cycle early), the separable allocator with SeededFault = 1 (an output
// pointer stays on its winner). Linked instead of
// d3_rtl_model into d3sim_fault only, to show that the lockstep checks fail when the RTL is wrong.
#include "Vd3_header_decoder_fault.h"  // the generated models first (Verilator's include order)
#include "Vd3_hold_stage_fault.h"
#include "Vd3_replicator_fault.h"
#include "Vd3_rr_arbiter_fault.h"
#include "Vd3_separable_allocator_fault.h"
#include "rtl/rtl_allocator.h"
#include "rtl/rtl_arbiters.h"
#include "rtl/rtl_hold_stage.h"
#include "rtl/rtl_replicator.h"
#include "rtl/verilated_engine.h"

namespace d3 {

std::unique_ptr<rtl_engine> make_rtl_engine(const topology& t) {
    constexpr const char* kModel = "Vd3_header_decoder_fault";
    check_rtl_limits(t, {8, 8}, kModel);
    return std::make_unique<verilated_engine<Vd3_header_decoder_fault>>(t, kModel);
}

namespace {
std::unique_ptr<arbiter_bank_if> make_arbiters(const arbiter_bank_setup& s) {
    return std::make_unique<verilated_arbiters<Vd3_rr_arbiter_fault>>(s, D3_RTL_ARBITER_N,
                                                                      "Vd3_rr_arbiter_fault");
}
std::unique_ptr<replicator_unit_if> make_replicator(const replicator_unit_setup& s) {
    return std::make_unique<verilated_replicator<Vd3_replicator_fault>>(s);
}
std::unique_ptr<hold_unit_if> make_hold(const hold_unit_setup& s) {
    return std::make_unique<verilated_hold_stage<Vd3_hold_stage_fault>>(s);
}
std::unique_ptr<allocator_if> make_allocator_unit(const unit_allocator_setup& s) {
    return std::make_unique<verilated_allocator<Vd3_separable_allocator_fault>>(s);
}
}  // namespace

void register_rtl_units() {
    set_arbiter_modules({{"d3_rr_arbiter", make_arbiters}});
    set_arbiter_bank_maker(make_module_arbiters);
    set_replicator_unit_maker(make_replicator);
    set_hold_unit_maker(make_hold);
    set_unit_allocator_maker(make_allocator_unit);
}

}  // namespace d3
