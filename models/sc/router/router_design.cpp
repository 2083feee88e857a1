// The router's glue to a design-space router (router_params::design_space): its units, step,
// arrivals, statistics and bindings, when core/vc_router's units move its packets flit by flit
// (docs/design-space.md). The paper router's own step is in sc/router.cpp.
#include "sc/router.h"

#include "core/vc_router/design_setup.h"

namespace d3 {
namespace {
/// The cycles a design-space router's injection credit takes back to its node.
constexpr std::uint64_t kInjectionCreditCycles = 1;
}  // namespace

// Instead of the paper's units (build_paper_units): its input unit keeps only the buffer indices
// and the node's injection credits, its route stage decodes for design_io.
void router::build_design(const setup& s) {
    design_io_ = std::make_unique<design_io>(this->name(), s.clock, route_);
    vc_router_setup d = design_setup(s.cfg, s.topo, s.cfg.router.design.terminals);
    d.name = this->name();
    design_ = std::make_unique<vc_router>(d, *design_io_, s.observer, id_);
    // As design_io's route() decodes: the reference decoder inline on D3 and MDF.
    if (route_.reference() && !s.topo.is_file())
        design_->decode_with_reference(
            s.topo, s.at,
            s.topo.is_d3() ? vc_router::reference_net::d3 : vc_router::reference_net::mdf);
    slow_arrivals_ = true;  // receive_any takes its arrivals
    plain_ = false;
}

// A design-space router: its packets move flit by flit through core/vc_router's units.
void router::step_design(client& c, std::uint64_t t) {
    router& r = static_cast<router&>(c);
    const std::uint64_t next = r.design_->step(t);
    if (next != UINT64_MAX) r.clock_.wake_router(r, next);
}

// As receive_design takes a packet from the injection channel: counted, into its terminal's source
// queue, the router woken; the node's credit is back after the channel's one cycle (bind_design).
std::uint64_t router::design_sink::inject(packet* p, std::uint64_t ready) {
    router& r = r_;
    r.count_injected(*p);
    const std::uint64_t now = r.clock_.now();
    r.design_->inject(p, ready, now);
    r.clock_.wake_router(r, ready);
    return now + kInjectionCreditCycles;
}

router_stats router::design_stats() const {
    router_stats s = design_->stats();
    s.flits_injected = stats_.flits_injected;
    s.conflicts = design_->conflicts();
    return s;
}

void router::bind_design() {
    for (int o = 0; o < ports_; ++o) {
        const auto latency = static_cast<std::uint64_t>(
            port_of(o, topo_.k()).global ? cfg_.router.global_latency : cfg_.router.local_latency);
        design_io_->bind_output(out[o], latency);
        out.retag(o, design_credit_tag(o));
    }
    design_io_->bind_node(out[ports_]);
    out.retag(ports_, kEjectionCredit);
    for (std::size_t b = 0; b < input_of_binding_.size(); ++b) {
        const int input = input_of_binding_[b];
        const int first = first_buffer(input);
        in.retag(static_cast<int>(b), first);
        if (input == ports_) {  // the node's injection credits
            in_unit_.bind_upstream(input, in[static_cast<int>(b)], cycles(kInjectionCreditCycles));
            continue;
        }
        const auto latency = static_cast<std::uint64_t>(port_of(input, topo_.k()).global
                                                            ? cfg_.router.global_latency
                                                            : cfg_.router.local_latency);
        design_io_->bind_input(input, in[static_cast<int>(b)], latency);
    }
}

void router::start_of_simulation() {
    if (design_) {
        link_design_peers();
        out.forget_links();  // the design-space router's edges keep every link now
        in.forget_links();
        std::vector<std::uint16_t>().swap(input_of_binding_);
    } else if (step_deferral* d = clock_.deferral())
        defer_links(*d);
}

// A link between two design-space routers: its halves would call the other router's receive or
// credit, which for a design-space router hands the flit or credit to its units; the router does
// that directly (vc_router::link_flits, link_credits; design_io wakes the peer). Any other peer
// keeps the transport call.
void router::link_design_peers() {
    for (int o = 0; o < ports_; ++o) {
        const auto* b = dynamic_cast<const link_fw_end<router>*>(out[o]);
        if (!b || !b->downstream().design_) continue;
        router& to = b->downstream();
        design_io_->link_output(o, to);
        design_->link_flits(o, *to.design_, to.in_unit_.input_of(b->tag()),
                            design_io_->output_latency(o));
    }
    for (std::size_t b = 0; b < input_of_binding_.size(); ++b) {
        const int input = input_of_binding_[b];
        if (input == ports_) continue;  // the node's
        const auto* up = dynamic_cast<const link_bw_end<router>*>(in[static_cast<int>(b)]);
        if (!up || !up->upstream().design_ || up->tag() >= kEjectionCredit) continue;
        design_->link_credits(input, *up->upstream().design_, -2 - up->tag(),
                              design_io_->input_latency(input));
    }
}

}  // namespace d3
