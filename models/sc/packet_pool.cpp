#include "sc/packet_pool.h"

namespace d3 {

tlm::tlm_generic_payload* packet_pool::acquire() {
    tlm::tlm_generic_payload* gp = nullptr;
    if (free_.empty()) {
        all_.push_back(std::make_unique<tlm::tlm_generic_payload>());
        gp = all_.back().get();
        gp->set_extension(new packet);
    } else {
        gp = free_.back();
        free_.pop_back();
    }
    packet& p = info(*gp);
    p = packet{};
    p.serial = next_serial_++;
    return gp;
}

void packet_pool::release(tlm::tlm_generic_payload* gp) {
    free_.push_back(gp);
}

}  // namespace d3
