#include "rtl/rtl_allocator.h"

#include <systemc>

namespace d3 {

namespace {
std::string pairs(const matching& m) {
    std::string text;
    for (std::size_t i = 0; i < m.inputs(); ++i)
        if (const std::size_t o = m.output_of(i); o != kNone)
            text += (text.empty() ? "" : " ") + std::string("in") + std::to_string(i) + "->out" +
                    std::to_string(o);
    return text.empty() ? "nothing" : text;
}
}  // namespace

std::string describe_allocator_mismatch(const unit_allocator_setup& s,
                                        const request_matrix& requests, const matching& reference,
                                        const matching& rtl) {
    std::string asked;
    for (std::size_t i = 0; i < requests.inputs(); ++i)
        for (std::size_t o = 0; o < requests.outputs(); ++o)
            if (requests.requested(i, o))
                asked += (asked.empty() ? "" : " ") + std::string("in") + std::to_string(i) +
                         "->out" + std::to_string(o);
    return (s.router.empty() ? std::string("router") : s.router) +
           ": switch_allocator (separable input-first): requests " + asked +
           ": C++ reference matches " + pairs(reference) + "; RTL matches " + pairs(rtl);
}

void report_allocator_mismatch(const unit_allocator_setup& s, const request_matrix& requests,
                               const matching& reference, const matching& rtl) {
    const std::string msg = describe_allocator_mismatch(s, requests, reference, rtl);
    SC_REPORT_ERROR("d3/lockstep", msg.c_str());
}

void report_allocator_too_large(const unit_allocator_setup& s) {
    const std::string msg =
        s.router + ": --unit-impl switch_allocator: " + std::to_string(s.inputs) + " rows x " +
        std::to_string(s.outputs) + " columns, the RTL allocator has " +
        std::to_string(kAllocatorPorts) + " of each";
    SC_REPORT_ERROR("d3/unit-impl", msg.c_str());
}

}  // namespace d3
