#include "rtl/rtl_hold_stage.h"

#include <systemc>

namespace d3 {

namespace {
std::string where(const hold_unit_setup& s, std::uint64_t t) {
    return std::string(*s.router ? s.router : "router") + " " + to_string(s.at) + " step " +
           std::to_string(t) + ": hold_stage";
}

std::string held_text(const std::vector<hold_slot>& held) {
    if (held.empty()) return "nothing held";
    std::string r = "held";
    for (std::size_t i = 0; i < held.size(); ++i)
        r += std::string(i ? ", " : " ") + "packet " + std::to_string(held[i].packet) + " (tag " +
             std::to_string(held[i].tag) + (held[i].global ? ", global" : ", local") +
             ", due step " + std::to_string(held[i].due) + ")";
    return r;
}

std::string reference_text(const std::vector<hold_slot>& held) {
    std::string r = "C++ reference: count " + std::to_string(held.size()) + ", ready tags";
    bool any = false;
    for (const hold_slot& h : held)
        if (h.ready) {
            r += " " + std::to_string(h.tag);
            any = true;
        }
    return any ? r : r + " none";
}

std::string rtl_text(const hold_rtl_view& rtl) {
    std::string r = "RTL: count_o " + std::to_string(rtl.count) + ", slots";
    for (std::size_t i = 0; i < rtl.ids.size(); ++i)
        r += std::string(i ? ", " : " ") + "tag " + std::to_string(rtl.ids[i]) +
             ((rtl.ready >> i & 1) ? " ready" : " waiting");
    return rtl.ids.empty() ? r + " none" : r;
}
}  // namespace

std::string describe_hold_mismatch(const hold_unit_setup& s, std::uint64_t t,
                                   const std::vector<hold_slot>& held, const hold_rtl_view& rtl) {
    return where(s, t) + ": " + held_text(held) + ": " + reference_text(held) + "; " +
           rtl_text(rtl);
}

void report_hold_mismatch(const hold_unit_setup& s, std::uint64_t t,
                          const std::vector<hold_slot>& held, const hold_rtl_view& rtl) {
    const std::string msg = describe_hold_mismatch(s, t, held, rtl);
    SC_REPORT_ERROR(s.impl == unit_impl::lockstep ? "d3/lockstep" : "d3/unit-impl", msg.c_str());
}

void report_hold_room_mismatch(const hold_unit_setup& s, std::uint64_t t, std::size_t reference,
                               std::size_t rtl, std::size_t count) {
    const std::string msg = where(s, t) + " room (capacity " + std::to_string(s.capacity) +
                            "): C++ reference " + std::to_string(reference) + "; RTL room_o " +
                            std::to_string(rtl) + " (count_o " + std::to_string(count) + ")";
    SC_REPORT_ERROR("d3/lockstep", msg.c_str());
}

void report_hold_overflow(const hold_unit_setup& s, std::uint64_t t, std::size_t kept,
                          std::size_t entering) {
    const std::string msg = where(s, t) + ": " + std::to_string(entering) +
                            " packets enter beside " + std::to_string(kept) +
                            " held; the RTL admits at most " + std::to_string(kHoldAdmits) +
                            " per step and holds " + std::to_string(kHoldSlots) +
                            " (give --hold-capacity " + std::to_string(kHoldSlots) + " or less)";
    SC_REPORT_ERROR("d3/unit-impl", msg.c_str());
}

}  // namespace d3
