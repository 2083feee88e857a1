#include "sc/packet_pool.h"

namespace d3 {

packet* packet_pool::take() {
    if (free_.empty()) {
        all_.emplace_back();
        return &all_.back();
    }
    packet* p = free_.back();
    free_.pop_back();
    return p;
}

packet* packet_pool::acquire() {
    packet* p = take();
    *p = packet{};
    p->serial = next_serial_++;
    return p;
}

packet* packet_pool::copy(const packet& from) {
    packet* p = take();
    *p = from;
    p->serial = next_serial_++;
    return p;
}

}  // namespace d3
