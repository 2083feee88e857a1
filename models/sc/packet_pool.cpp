#include "sc/packet_pool.h"

#include <stdexcept>
#include <string>

namespace d3 {

packet* packet_pool::grow() {
    all_.emplace_back();
    return &all_.back();
}

void packet_pool::reserve_exhausted(std::size_t share) {
    throw std::logic_error("packet pool: the nodes of share " + std::to_string(share) +
                           " launched more packets in a step than were kept for them");
}

void packet_pool::reserve(std::size_t share, std::size_t n) {
    if (reserved_.size() <= share) reserved_.resize(share + 1);
    std::vector<packet*>& r = reserved_[share];
    while (r.size() < n) {
        r.push_back(take());
    }
}

packet* packet_pool::copy(const packet& from) {
    packet* p = take();
    *p = from;
    p->serial = next_serial_++;
    return p;
}

}  // namespace d3
