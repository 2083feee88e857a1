// Owner of every payload in one network: no allocation per hop, no global pool.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sc/protocol.h"

namespace d3 {

class packet_pool {
  public:
    packet_pool() = default;
    packet_pool(const packet_pool&) = delete;
    packet_pool& operator=(const packet_pool&) = delete;

    /// A payload with a reset packet extension and a fresh serial number.
    tlm::tlm_generic_payload* acquire();
    void release(tlm::tlm_generic_payload* gp);

    static packet& info(tlm::tlm_generic_payload& gp) { return *gp.get_extension<packet>(); }

    std::size_t in_use() const { return all_.size() - free_.size(); }

  private:
    std::vector<std::unique_ptr<tlm::tlm_generic_payload>> all_;
    std::vector<tlm::tlm_generic_payload*> free_;
    std::uint64_t next_serial_ = 0;
};

}  // namespace d3
