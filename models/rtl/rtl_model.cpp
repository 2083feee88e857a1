// The Verilated RTL as written: make_rtl_engine() and register_rtl_units() of the d3_rtl_model
// library. The port widths are the ones rtl/CMakeLists.txt verilates the models with
// (D3_RTL_GLOBAL_PORT_WIDTH, ..._LOCAL_..., D3_RTL_HOLD_STAGE_ARGS); the arbiter modules are in
// the generated arbiter_modules_built.cpp (rtl/CMakeLists.txt).
#include "Vd3_header_decoder.h"  // the generated models first (Verilator's include order)
#include "Vd3_hold_stage.h"
#include "Vd3_replicator.h"
#include "rtl/rtl_arbiters.h"
#include "rtl/rtl_hold_stage.h"
#include "rtl/rtl_replicator.h"
#include "rtl/verilated_engine.h"

namespace d3 {

std::unique_ptr<rtl_engine> make_rtl_engine(const topology& t) {
    constexpr const char* kModel = "Vd3_header_decoder";
    check_rtl_limits(t, {D3_RTL_GLOBAL_PORT_WIDTH, D3_RTL_LOCAL_PORT_WIDTH}, kModel);
    return std::make_unique<verilated_engine<Vd3_header_decoder>>(t, kModel);
}

const std::vector<arbiter_module>& built_arbiter_modules();  // arbiter_modules_built.cpp.in

namespace {
std::unique_ptr<replicator_unit_if> make_replicator(const replicator_unit_setup& s) {
    return std::make_unique<verilated_replicator<Vd3_replicator>>(s);
}
std::unique_ptr<hold_unit_if> make_hold(const hold_unit_setup& s) {
    return std::make_unique<verilated_hold_stage<Vd3_hold_stage>>(s);
}
}  // namespace

void register_rtl_units() {
    set_arbiter_modules(built_arbiter_modules());
    set_arbiter_bank_maker(make_module_arbiters);
    set_replicator_unit_maker(make_replicator);
    set_hold_unit_maker(make_hold);
}

}  // namespace d3
