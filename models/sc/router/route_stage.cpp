#include "sc/router/route_stage.h"

#include <sstream>

namespace d3 {

route_stage::route_stage(const char* name, decoder_if& decoder, const topology& t, const coord& at,
                         const char* router_name, fanout& lists)
    : sc_core::sc_object(name), decoder_(decoder), lists_(lists), topo_(t), at_(at) {
    ctx_.router = t.id(at);
    ctx_.name = router_name;
    if (const auto* ref = dynamic_cast<const topology_decoder*>(&decoder))
        reference_ = &ref->topo();
}

void route_stage::decode_first(entry& e, std::uint64_t t) {
    packet& p = *e.pkt;
    if (reference_) {
        e.dec = d3::decode(p.hdr, at_, *reference_);
        p.header_checked = e.dec.act != action::invalid;
        return;
    }
    p.header_checked = false;  // another decoder chooses the next header
    ctx_.step = t;
    e.dec = decoder_.decode(p.hdr, at_, ctx_);
}

void route_stage::fan_out(entry& e, std::uint64_t t) {
    if (!expand(e.dec, at_, topo_, hops_)) fail(e, t);
    if (e.fan == fanout::kNone) e.fan = lists_.open();
    std::vector<target>& targets = lists_[e.fan];
    targets.clear();
    for (const hop& h : hops_) targets.push_back(h.to);
}

void route_stage::fail(const entry& e, std::uint64_t t) const {
    std::ostringstream os;
    os << ctx_.name << " " << topo_.label(at_) << " step " << t << ": cannot route header "
       << to_string(e.pkt->hdr) << " (decoder said " << to_string(e.dec) << ")";
    SC_REPORT_ERROR("d3/router", os.str().c_str());
}

}  // namespace d3
