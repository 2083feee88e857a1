#include "sc/link.h"

namespace d3 {

link::link(const sc_core::sc_module_name& name, int latency)
    : sc_core::sc_module(name), in("in"), out("out"), latency_(step_time() * latency) {
    in.register_nb_transport_fw(this, &link::forward);
    out.register_nb_transport_bw(this, &link::backward);
}

void link::end_of_elaboration() {
    fw_ = out.operator->();
    bw_ = in.operator->();
}

tlm::tlm_sync_enum link::forward(tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                 sc_core::sc_time& t) {
    ++packets_;
    t += latency_;
    return fw_->nb_transport_fw(gp, ph, t);
}

tlm::tlm_sync_enum link::backward(tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                  sc_core::sc_time& t) {
    t += latency_;
    return bw_->nb_transport_bw(gp, ph, t);
}

}  // namespace d3
