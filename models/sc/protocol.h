// The transaction-level link protocol of the model (docs/architecture.md, "Links").
//
// What crosses a link in one call is a `flit`: a typed transaction (the protocol's payload type)
// that points at a packet and names a virtual channel. On a link:
//   nb_transport_fw(flit{pkt, vc}, BEGIN_REQ, delay)  the packet enters virtual channel vc of the
//       receiving input; it may be processed at now + delay. The receiver returns TLM_ACCEPTED
//       (TLM_COMPLETED from a node, which consumes what it receives; to a node, delay is the
//       time until the packet's tail arrives, 0 for one-flit packets).
//   nb_transport_bw(flit{nullptr, vc}, END_REQ, delay) one slot (one flit) of virtual channel vc
//       was freed: a credit, usable by the sender at now + delay. The sender returns TLM_ACCEPTED.
// Credits allow several packets in flight, which the TLM base protocol forbids, and the payload
// is not a generic payload (no address, no data: a packet header and its bookkeeping), so links
// use their own protocol traits: a base-protocol socket cannot be bound to a router by mistake.
// Every other phase or return value is a protocol error, reported as d3/protocol.
#pragma once

#include <cstdint>
#include <systemc>
#include <tlm>

#include "core/run/packet.h"

namespace d3 {

/// One transfer on a link: a packet forward, or a credit backward (pkt == nullptr).
struct flit {
    packet* pkt = nullptr;
    std::uint8_t vc = 0;  ///< channel at the receiving input: class * vcs + vc (injection: class)
    /// A design-space router (core/vc_router) moves packets flit by flit: which flit this is
    /// (0 the head, packet_length - 1 the tail), set by its sender. The paper's router sends whole
    /// packets and neither sets nor reads it: no initialiser, so that its flits, built member by
    /// member, cost no store for it.
    std::uint16_t seq;
};

struct link_protocol_types {
    using tlm_payload_type = flit;
    using tlm_phase_type = tlm::tlm_phase;
};

/// The non-blocking transport interfaces of the link protocol, which the sockets' interfaces
/// (tlm_fw_transport_if, tlm_bw_transport_if) have as virtual bases: a pointer kept as one of these
/// calls nb_transport_* without first finding the base through the vtable (two instructions per
/// packet or credit).
using link_fw_call = tlm::tlm_fw_nonblocking_transport_if<flit, tlm::tlm_phase>;
using link_bw_call = tlm::tlm_bw_nonblocking_transport_if<flit, tlm::tlm_phase>;

/// The sockets' BUSWIDTH parameter (unused by the protocol: a flit is one transfer).
inline constexpr unsigned kSocketWidth = 64;

/// One time step of the paper (one hop) is one cycle of this length: waves show one unit per step.
/// Built on the first call, at elaboration (not at static initialisation, which would fix the
/// kernel's time resolution for any program that includes this header).
inline const sc_core::sc_time& step_time() {
    static const sc_core::sc_time step(1, sc_core::SC_NS);
    return step;
}

/// The cycle at simulation time t. The hot paths use stepper::cycle_of, which reads the cycle's
/// length from a member instead of step_time()'s guarded static.
inline std::uint64_t to_cycle(const sc_core::sc_time& t) {
    return t.value() / step_time().value();
}

/// `n` cycles as a delay.
inline sc_core::sc_time cycles(std::uint64_t n) {
    return sc_core::sc_time::from_value(n * step_time().value());
}

/// Reports d3/protocol unless `ph` is `expected` (names the module and the call).
void check_phase(const char* who, const char* call, const tlm::tlm_phase& ph,
                 const tlm::tlm_phase& expected);
/// Reports d3/protocol unless a call returned `expected`.
void check_return(const char* who, const char* call, tlm::tlm_sync_enum got,
                  tlm::tlm_sync_enum expected);
/// Reports d3/protocol: `call` (b_transport, DMI, debug transport) is not part of the link
/// protocol.
[[gnu::cold]] void unsupported_call(const char* who, const char* call);

}  // namespace d3
