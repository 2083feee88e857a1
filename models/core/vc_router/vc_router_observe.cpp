// What a design-space router tells its link observer (core/vc_router/vc_router.h): called only
// with an observer, so that a router without one pays a pointer test per event site.
#include "core/vc_router/vc_router.h"

#include <utility>

namespace d3 {

void vc_router::report_buffer(std::uint64_t t, int input, int vc) {
    const int ports = setup_.link_ports;
    if (input > ports) {  // a terminal's: the node's injection, every terminal's together
        int n = 0;
        for (int x = ports + 1; x < inputs_.inputs(); ++x) n += inputs_.port_flits(x);
        observer_->on_buffer(t, id_, ports, static_cast<std::size_t>(n));
        return;
    }
    observer_->on_buffer(t, id_, input == ports ? link_observer::kHoldPort : input,
                         static_cast<std::size_t>(inputs_.port_flits(input)));
    if (input < ports && inputs_.vcs() > 1)
        observer_->on_vc_buffer(t, id_, input, vc,
                                inputs_.at(inputs_.index(input, vc)).flits.size());
}

void vc_router::log_packet(packet_event_kind kind, const packet& p, std::uint64_t t, int input,
                           int vc, int output) {
    packet_event ev = event_of(kind, p, t, id_);
    ev.input = event_port(input);
    ev.vc = input < 0 ? 0 : vc;
    ev.output = event_port(output);
    observer_->on_packet(ev);
}

void vc_router::observe_traverse(std::uint64_t t, int input, int vc, int output, int out_vc,
                                 const packet& p, bool head, bool tail) {
    const int ports = setup_.link_ports;
    report_buffer(t, input, vc);
    ++input_sent_[static_cast<std::size_t>(input)];
    output_sent_[static_cast<std::size_t>(output)] = &p;
    ++output_flits_[static_cast<std::size_t>(output)];
    if (head) ++output_heads_[static_cast<std::size_t>(output)];
    if (head && log_packets_)
        log_packet(output < ports    ? packet_event_kind::hop
                   : output == ports ? packet_event_kind::hold
                                     : packet_event_kind::deliver,
                   p, t, input, vc, output);
    if (!tail) return;
    if (!head && log_packets_ && setup_.log_tails)
        log_packet(packet_event_kind::tail, p, t, input, vc, output);
    // The tail frees its output VC now, or (wait_for_tail_credit) when its last credit is back.
    if (outputs_.free(output, out_vc))
        observer_->on_vc_grant(t, id_, observed_port(output), out_vc, link_observer::kFreeVc,
                               link_observer::kFreeVc);
    else
        releases_.push_back({output, out_vc});
}

void vc_router::observe_switch(std::uint64_t t) {
    // A head that asked for an output and lost it to another row's flit waited for a conflict.
    for (const head_request& h : heads_asked_) {
        const packet* sent = output_sent_[static_cast<std::size_t>(h.output)];
        if (sent && sent != h.pkt && switch_.askers(h.output) > 1 &&
            switch_.asks(h.input, h.vc, h.output))
            log_packet(packet_event_kind::conflict_wait, *h.pkt, t, h.input, h.vc, h.output);
    }
    heads_asked_.clear();
    const int ports = setup_.link_ports;
    for (int o = 0; o < outputs_.outputs(); ++o) {
        const packet* sent = output_sent_[static_cast<std::size_t>(o)];
        output_sent_[static_cast<std::size_t>(o)] = nullptr;
        const std::uint16_t flits = std::exchange(output_flits_[static_cast<std::size_t>(o)], 0);
        const std::uint16_t heads = std::exchange(output_heads_[static_cast<std::size_t>(o)], 0);
        const int n = switch_.askers(o);
        if (n == 0) continue;
        if (o >= ports) {  // the hold port, an ejection port: no link to show it on
            if (n > 1)
                observer_->on_inner_conflict(t, id_, observed_port(o), static_cast<std::size_t>(n));
            continue;
        }
        // As switch_allocation counts its conflicts (vc_router::conflicts, the JSON's).
        link_event ev;
        ev.step = t;
        ev.router = id_;
        ev.port = static_cast<std::uint16_t>(o);
        ev.requesters = static_cast<std::uint16_t>(n);
        ev.counted = n > 1 ? link_event::kRunConflict : 0;
        if (sent) mark_sent(ev, *sent);
        ev.flits = flits;
        ev.packets = heads;
        observer_->on_link(ev);
    }
    for (int i = 0; i < inputs_.inputs(); ++i) {
        int& n = input_sent_[static_cast<std::size_t>(i)];
        if (n == 0) continue;
        observer_->on_input_flits(t, id_, observed_port(i), n);
        n = 0;
    }
}

void vc_router::observe_releases(std::uint64_t t) {
    std::size_t kept = 0;
    for (const pending_release& r : releases_) {
        if (outputs_.free(r.output, r.vc))
            observer_->on_vc_grant(t, id_, observed_port(r.output), r.vc, link_observer::kFreeVc,
                                   link_observer::kFreeVc);
        else
            releases_[kept++] = r;
    }
    releases_.resize(kept);
}

}  // namespace d3
