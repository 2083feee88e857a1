// The Verilated RTL as written: make_rtl_engine() and register_rtl_units() of the d3_rtl_model
// library. The port widths are the ones rtl/CMakeLists.txt verilates the models with
// (D3_RTL_GLOBAL_PORT_WIDTH, ..._LOCAL_...); the arbiter modules are in the generated
// arbiter_modules_built.cpp, the replicator and hold stage modules in unit_modules_built.cpp
// (rtl/CMakeLists.txt).
#include "Vd3_header_decoder.h"  // the generated models first (Verilator's include order)
#include "Vd3_separable_allocator.h"
#include "rtl/rtl_allocator.h"
#include "rtl/rtl_arbiters.h"
#include "rtl/unit_modules.h"
#include "rtl/verilated_engine.h"

namespace d3 {

std::unique_ptr<rtl_engine> make_rtl_engine(const topology& t) {
    constexpr const char* kModel = "Vd3_header_decoder";
    check_rtl_limits(t, {D3_RTL_GLOBAL_PORT_WIDTH, D3_RTL_LOCAL_PORT_WIDTH}, kModel);
    return std::make_unique<verilated_engine<Vd3_header_decoder>>(t, kModel);
}

const std::vector<arbiter_module>& built_arbiter_modules();        // arbiter_modules_built.cpp.in
const std::vector<replicator_module>& built_replicator_modules();  // unit_modules_built.cpp.in
const std::vector<hold_module>& built_hold_modules();              //

namespace {
std::unique_ptr<allocator_if> make_allocator_unit(const unit_allocator_setup& s) {
    return std::make_unique<verilated_allocator<Vd3_separable_allocator>>(s);
}
}  // namespace

void register_rtl_units() {
    set_arbiter_modules(built_arbiter_modules());
    set_arbiter_bank_maker(make_module_arbiters);
    set_unit_modules(built_replicator_modules(), built_hold_modules());
    set_replicator_unit_maker(make_module_replicator);
    set_hold_unit_maker(make_module_hold);
    set_unit_allocator_maker(make_allocator_unit);
}

}  // namespace d3
