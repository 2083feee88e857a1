#include "sc/packet_pool.h"

namespace d3 {

packet* packet_pool::grow() {
    all_.emplace_back();
    return &all_.back();
}

packet* packet_pool::copy(const packet& from) {
    packet* p = take();
    *p = from;
    p->serial = next_serial_++;
    return p;
}

}  // namespace d3
