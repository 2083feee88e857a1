#include "sc/router/router_probe.h"

namespace d3 {

router_probe::router_probe(const setup& s)
    : observer_(s.observer),
      id_(s.router),
      params_(s.params),
      inputs_(s.inputs),
      log_packets_(s.observer && s.observer->wants_packets()),
      log_stages_(s.observer && s.observer->wants_stages() && s.params->pipeline.extra() != 0) {}

void router_probe::arrived(std::uint64_t now, int fifo, const packet& p) const {
    buffer_changed(now, fifo);
    if (log_packets_ && inputs_->is_injection(fifo))
        log_packet(packet_event_kind::inject, p, now, static_cast<std::uint32_t>(fifo),
                   packet_event::kNode);
}

void router_probe::buffer_changed(std::uint64_t t, int fifo) const {
    const int input = inputs_->input_of(fifo);
    observer_->on_buffer(t, id_, input, inputs_->port_occupancy(input));
    if (!inputs_->is_injection(fifo) && params_->channels() > 1)
        observer_->on_vc_buffer(t, id_, input, inputs_->channel_of_fifo(fifo), inputs_->size(fifo));
}

void router_probe::hold_changed(std::uint64_t t, std::size_t held) const {
    observer_->on_buffer(t, id_, -1, held);
}

void router_probe::routed(std::uint64_t t, std::uint64_t ready) const {
    if (log_stages_) observer_->on_stage(t, id_, pipeline_unit::route, t, ready);
}

void router_probe::switched(const packet& p, std::uint64_t t, std::uint32_t source,
                            target to) const {
    if (log_packets_)
        log_packet(to == kEjectTarget  ? packet_event_kind::deliver
                   : to == kHoldTarget ? packet_event_kind::hold
                                       : packet_event_kind::hop,
                   p, t, source,
                   to == kEjectTarget  ? packet_event::kNode
                   : to == kHoldTarget ? packet_event::kHold
                                       : static_cast<int>(to));
    if (log_stages_ && to != kHoldTarget) switch_stages(t);
}

void router_probe::lost(const packet& p, std::uint64_t t, std::uint32_t source, int output) const {
    if (log_packets_) log_packet(packet_event_kind::conflict_wait, p, t, source, output);
}

void router_probe::switch_stages(std::uint64_t t) const {
    const auto a = static_cast<std::uint64_t>(params_->pipeline.allocate);
    const auto x = static_cast<std::uint64_t>(params_->pipeline.traverse);
    if (a != 0) observer_->on_stage(t, id_, pipeline_unit::allocate, t, t + a);
    if (x != 0) observer_->on_stage(t, id_, pipeline_unit::traverse, t + a, t + a + x);
}

void router_probe::log_packet(packet_event_kind kind, const packet& p, std::uint64_t t,
                              std::uint32_t source, int output) const {
    packet_event ev = event_of(kind, p, t, id_);
    if (source == static_cast<std::uint32_t>(inputs_->buffers())) {
        ev.input = packet_event::kHold;
    } else if (!inputs_->is_injection(static_cast<int>(source))) {
        ev.input = inputs_->input_of(static_cast<int>(source));
        ev.vc = inputs_->channel_of_fifo(static_cast<int>(source));
    }
    ev.output = output;
    observer_->on_packet(ev);
}

}  // namespace d3
