#include "rtl/rtl_decoder.h"

#include <systemc>

namespace d3 {

void check_rtl_limits(int k, int m, const rtl_limits& limits, const char* model) {
    if (k >= 1 && k <= limits.max_k() && m >= 2 && m <= limits.max_m()) return;
    const std::string msg = std::string(model) + " (GlobalPortWidth " +
                            std::to_string(limits.global_port_width) + ", LocalPortWidth " +
                            std::to_string(limits.local_port_width) +
                            ") decodes D3(K,M) with K <= " + std::to_string(limits.max_k()) +
                            " and M <= " + std::to_string(limits.max_m()) + ", not D3(" +
                            std::to_string(k) + "," + std::to_string(m) + ")";
    SC_REPORT_ERROR("d3/rtl", msg.c_str());
}

}  // namespace d3
