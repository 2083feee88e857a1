// make_rtl_engine() over the seeded-fault build of the RTL (SeededFault = 1: a source-vector header
// at b = 1 leaves on delta instead of pi). Linked instead of d3_rtl_model into d3sim_fault only, to
// show that the lockstep check fails when the RTL is wrong.
#include "Vd3_header_decoder_fault.h"  // the generated model first (Verilator's include order)
#include "rtl/verilated_engine.h"

namespace d3 {

std::unique_ptr<rtl_engine> make_rtl_engine(const topology& t) {
    constexpr const char* kModel = "Vd3_header_decoder_fault";
    check_rtl_limits(t, {8, 8}, kModel);
    return std::make_unique<verilated_engine<Vd3_header_decoder_fault>>(t, kModel);
}

}  // namespace d3
