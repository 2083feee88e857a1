#include "rtl/rtl_replicator.h"

#include <systemc>

namespace d3 {

namespace {
std::string name_of_target(target x) {
    return x == kHoldTarget ? "hold" : x == kEjectTarget ? "eject" : "port " + std::to_string(x);
}
}  // namespace

std::string describe_replicator_mismatch(const replicator_unit_setup& s, std::uint32_t fan,
                                         const std::vector<target>& left, target to, bool reference,
                                         bool copy, bool done) {
    std::string targets;
    for (target x : left) targets += (targets.empty() ? "" : ", ") + name_of_target(x);
    return std::string(*s.router ? s.router : "router") + " " + to_string(s.at) +
           ": replicator list " + std::to_string(fan) + ", targets left " + targets + ", serving " +
           name_of_target(to) + ": C++ reference gives " +
           (reference ? "a copy" : "the packet (the last)") + "; RTL: copy_o " +
           std::to_string(copy) + ", done_o " + std::to_string(done);
}

void report_replicator_mismatch(const replicator_unit_setup& s, std::uint32_t fan,
                                const std::vector<target>& left, target to, bool reference,
                                bool copy, bool done) {
    const std::string msg = describe_replicator_mismatch(s, fan, left, to, reference, copy, done);
    SC_REPORT_ERROR("d3/lockstep", msg.c_str());
}

}  // namespace d3
