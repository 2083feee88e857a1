// The Verilated RTL as written: make_rtl_engine() of the d3_rtl_model library. The port widths are
// the ones rtl/CMakeLists.txt verilates the model with (D3_RTL_GLOBAL_PORT_WIDTH, ..._LOCAL_...).
#include "Vd3_header_decoder.h"  // the generated model first (Verilator's include order)
#include "rtl/verilated_engine.h"

namespace d3 {

std::unique_ptr<rtl_engine> make_rtl_engine(const topology& t) {
    constexpr const char* kModel = "Vd3_header_decoder";
    check_rtl_limits(t, {D3_RTL_GLOBAL_PORT_WIDTH, D3_RTL_LOCAL_PORT_WIDTH}, kModel);
    return std::make_unique<verilated_engine<Vd3_header_decoder>>(t, kModel);
}

}  // namespace d3
