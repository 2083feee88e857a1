#include "sc/router/design_io.h"

#include "sc/router/entry.h"

namespace d3 {

void design_io::bind_input(int input, bw_if* link, std::uint64_t latency) {
    // Sized once for every link input (they are bound in any order), not grown binding by binding
    if (inputs_.empty()) inputs_.resize(static_cast<std::size_t>(route_.topo().link_ports()));
    if (inputs_.size() <= static_cast<std::size_t>(input))
        inputs_.resize(static_cast<std::size_t>(input) + 1);
    inputs_[static_cast<std::size_t>(input)] = {link, latency, cycles(latency)};
}

void design_io::send_flit(int output, int vc, packet* p, int seq, std::uint64_t depart) {
    const edge<fw_if>& e = outputs_[static_cast<std::size_t>(output)];
    flit f;
    f.pkt = p;
    f.vc = static_cast<std::uint8_t>(vc);
    f.seq = static_cast<std::uint16_t>(seq);
    tlm::tlm_phase ph = tlm::BEGIN_REQ;
    sc_core::sc_time delay = after(depart, e);
    const tlm::tlm_sync_enum r = e.link->nb_transport_fw(f, ph, delay);
    if (r != tlm::TLM_ACCEPTED) check_return(name_, "nb_transport_fw", r, tlm::TLM_ACCEPTED);
}

void design_io::send_credit(int input, int vc, std::uint64_t at) {
    const edge<bw_if>& e = inputs_[static_cast<std::size_t>(input)];
    flit f;
    f.vc = static_cast<std::uint8_t>(vc);
    tlm::tlm_phase ph = tlm::END_REQ;
    sc_core::sc_time delay = after(at, e);
    const tlm::tlm_sync_enum r = e.link->nb_transport_bw(f, ph, delay);
    if (r != tlm::TLM_ACCEPTED) check_return(name_, "nb_transport_bw", r, tlm::TLM_ACCEPTED);
}

void design_io::deliver(packet* p, std::uint64_t at) {
    if (sink_) return sink_->deliver(p, at);
    flit f;
    f.pkt = p;
    tlm::tlm_phase ph = tlm::BEGIN_REQ;
    const std::uint64_t ahead = at - clock_.now();
    if (ahead != deliver_ahead_) {  // the delay of the last delivery's distance is kept
        deliver_ahead_ = ahead;
        deliver_delay_ = ahead == 0 ? sc_core::SC_ZERO_TIME : cycles(ahead);
    }
    sc_core::sc_time delay = deliver_delay_;
    const tlm::tlm_sync_enum r = node_->nb_transport_fw(f, ph, delay);
    if (r != tlm::TLM_COMPLETED) check_return(name_, "nb_transport_fw", r, tlm::TLM_COMPLETED);
}

bool design_io::route(const packet& p, std::uint64_t t, target& to, header& next) {
    entry& e = decoding_;
    e.pkt = const_cast<packet*>(&p);
    const bool unicast = net_ == network_kind::mdf  ? route_.route(e, t, mdf_network{})
                         : net_ == network_kind::d3 ? route_.route(e, t, d3_network{})
                                                    : route_.route(e, t);
    if (!unicast) return false;
    to = e.to;
    next = e.dec.next;
    return true;
}

}  // namespace d3
