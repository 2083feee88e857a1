// The transaction-level link protocol of the model (docs/architecture.md, "Links").
// A packet is a tlm_generic_payload with a d3::packet extension. On a link:
//   nb_transport_fw(BEGIN_REQ, delay)  the packet is sent; it may be processed at now + delay.
//   nb_transport_bw(END_REQ, delay)    the receiver freed the buffer slot: one credit returns.
// Credits allow several packets in flight, which the TLM base protocol forbids, so links use their
// own protocol traits: a base-protocol socket cannot be bound to a router by mistake.
#pragma once

#include <cstdint>
#include <systemc>
#include <tlm>

#include "core/header.h"
#include "core/topology.h"

namespace d3 {

struct link_protocol_types {
    using tlm_payload_type = tlm::tlm_generic_payload;
    using tlm_phase_type = tlm::tlm_phase;
};

inline constexpr unsigned kSocketWidth = 64;

/// One time step of the paper (one hop) is one cycle of this length: waves show one unit per step.
inline sc_core::sc_time step_time() {
    return sc_core::sc_time(1, sc_core::SC_NS);
}

/// The cycle at simulation time t.
inline std::uint64_t to_cycle(const sc_core::sc_time& t) {
    return t.value() / step_time().value();
}

/// Per-packet state carried with the payload.
class packet : public tlm::tlm_extension<packet> {
  public:
    std::uint64_t serial = 0;   ///< unique per copy, shown in waves
    std::uint64_t msg = 0;      ///< ledger message id (copies of a broadcast share it)
    router_id src = 0;          ///< launching router
    header hdr;                 ///< current header; the sync counter steps down per step
    std::uint64_t payload = 0;  ///< the message word, for the receiving node's program
    std::uint64_t launch = 0;   ///< cycle of the first step at the source router
    std::uint32_t hops = 0;     ///< link traversals so far

    tlm::tlm_extension_base* clone() const override { return new packet(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        *this = static_cast<const packet&>(other);
    }
};

}  // namespace d3
