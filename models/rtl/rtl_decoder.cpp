#include "rtl/rtl_decoder.h"

#include <systemc>

namespace d3 {

std::optional<std::string> rtl_limit_error(const topology& t, const rtl_limits& limits,
                                           const char* model) {
    const int k = t.k(), m = t.m();
    const bool fits = k >= 1 && k <= limits.max_k() && m >= 2 && m <= limits.max_m() &&
                      (t.is_d3() || t.groups() <= limits.max_k());
    if (fits) return std::nullopt;
    return std::string(model) + " (GlobalPortWidth " + std::to_string(limits.global_port_width) +
           ", LocalPortWidth " + std::to_string(limits.local_port_width) +
           ") decodes D3(K,M) with K <= " + std::to_string(limits.max_k()) +
           " and M <= " + std::to_string(limits.max_m()) +
           " (MDF(K,M) also K*M+1 <= " + std::to_string(limits.max_k()) + "), not " + t.name();
}

void check_rtl_limits(const topology& t, const rtl_limits& limits, const char* model) {
    if (auto err = rtl_limit_error(t, limits, model)) SC_REPORT_ERROR("d3/rtl", err->c_str());
}

}  // namespace d3
