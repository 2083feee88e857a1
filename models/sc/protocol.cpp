#include "sc/protocol.h"

#include <string>

namespace d3 {

namespace {
const char* name_of(tlm::tlm_sync_enum s) {
    switch (s) {
        case tlm::TLM_ACCEPTED:
            return "TLM_ACCEPTED";
        case tlm::TLM_UPDATED:
            return "TLM_UPDATED";
        case tlm::TLM_COMPLETED:
            return "TLM_COMPLETED";
    }
    return "?";
}
}  // namespace

void check_phase(const char* who, const char* call, const tlm::tlm_phase& ph,
                 const tlm::tlm_phase& expected) {
    if (ph == expected) return;
    const std::string msg = std::string(who) + ": " + call + " with phase " + ph.get_name() +
                            " (the link protocol expects " + expected.get_name() + ")";
    SC_REPORT_ERROR("d3/protocol", msg.c_str());
}

void check_return(const char* who, const char* call, tlm::tlm_sync_enum got,
                  tlm::tlm_sync_enum expected) {
    if (got == expected) return;
    const std::string msg = std::string(who) + ": " + call + " returned " + name_of(got) +
                            " (the link protocol expects " + name_of(expected) + ")";
    SC_REPORT_ERROR("d3/protocol", msg.c_str());
}

void unsupported_call(const char* who, const char* call) {
    const std::string msg = std::string(who) + ": " + call +
                            " is not part of the link protocol (nb_transport_fw and "
                            "nb_transport_bw only)";
    SC_REPORT_ERROR("d3/protocol", msg.c_str());
}

}  // namespace d3
