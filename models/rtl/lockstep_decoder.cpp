#include "rtl/lockstep_decoder.h"

#include <cstdio>
#include <systemc>

namespace d3 {

std::string describe_mismatch(const std::string& router, std::uint64_t step, std::uint64_t decode,
                              const header& h, const coord& at, const decision& reference,
                              const decision& rtl) {
    char word[32];
    std::snprintf(word, sizeof word, "0x%012llx", static_cast<unsigned long long>(pack(h)));
    return router + " " + to_string(at) + " step " + std::to_string(step) + " (decode " +
           std::to_string(decode) + " of this router): header " + to_string(h) + " = " + word +
           ": C++ reference: " + to_string(reference) + "; RTL: " + to_string(rtl);
}

decision lockstep_decoder::decode_at(const header& h, const coord& at, const decode_context& ctx) {
    ++decodes_;
    const decision ref = reference_->decode(h, at);
    const decision rtl = rtl_->decode(h, at);
    if (ref != rtl) {
        const std::string msg =
            describe_mismatch(*ctx.name ? ctx.name : "router", ctx.step, decodes_, h, at, ref, rtl);
        SC_REPORT_ERROR("d3/lockstep", msg.c_str());
    }
    return ref;
}

}  // namespace d3
