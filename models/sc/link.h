// A directed cable between two router ports: adds its latency to packets going forward and to
// credits coming back. Thin by design: arbitration and conflict counting belong to the sending
// port.
#pragma once

#include <tlm_utils/passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <systemc>
#include <tlm>

#include "sc/protocol.h"

namespace d3 {

class link : public sc_core::sc_module {
  public:
    tlm_utils::passthrough_target_socket<link, kSocketWidth, link_protocol_types> in;
    tlm_utils::simple_initiator_socket<link, kSocketWidth, link_protocol_types> out;

    /// latency: cycles from the sending port to the receiving buffer (>= 1).
    link(const sc_core::sc_module_name& name, int latency);

    std::uint64_t packets() const { return packets_; }

  private:
    void end_of_elaboration() override;
    tlm::tlm_sync_enum forward(tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                               sc_core::sc_time& t);
    tlm::tlm_sync_enum backward(tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                sc_core::sc_time& t);

    sc_core::sc_time latency_;
    tlm::tlm_fw_transport_if<link_protocol_types>* fw_ = nullptr;  ///< behind `out`, after binding
    tlm::tlm_bw_transport_if<link_protocol_types>* bw_ = nullptr;  ///< behind `in`, after binding
    std::uint64_t packets_ = 0;
};

}  // namespace d3
