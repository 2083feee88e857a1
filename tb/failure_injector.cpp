#include "tb/failure_injector.h"

#include "core/run/packet_event.h"

namespace d3 {

namespace {
// The traffic's state told what a failure did.
class traffic_effects final : public failure_effects {
  public:
    explicit traffic_effects(traffic_state& s) : s_(s) {}
    void route_around(const link_faults& f) override { s_.route_around_faults(f); }
    void lost(router_id src, router_id dst, std::uint64_t payload, std::uint64_t serial,
              bool launched) override {
        s_.lost(src, dst, payload, serial, launched);
    }
    void lost_copy(router_id, const std::vector<router_id>&, std::uint64_t, std::uint64_t,
                   bool) override {
        SC_REPORT_ERROR("d3/failure", "synthetic traffic has no broadcast copies to lose");
    }

  private:
    traffic_state& s_;
};
}  // namespace

failure_injector::failure_injector(network& net, traffic_state& state, const link_faults& faults,
                                   std::uint64_t at, link_observer* log)
    : failure_injector(net, std::make_unique<traffic_effects>(state), nullptr, faults, at, log) {}

failure_injector::failure_injector(network& net, failure_effects& effects,
                                   const link_faults& faults, std::uint64_t at, link_observer* log)
    : failure_injector(net, nullptr, &effects, faults, at, log) {}

failure_injector::~failure_injector() = default;

failure_injector::failure_injector(network& net, std::unique_ptr<failure_effects> owned,
                                   failure_effects* effects, const link_faults& faults,
                                   std::uint64_t at, link_observer* log)
    : traffic_(std::move(owned)),
      net_(net),
      state_(effects ? *effects : *traffic_),
      faults_(faults),
      at_(at),
      log_(log && log->wants_packets() ? log : nullptr),
      detours_(net.topo(), faults) {
    // A client of the router phase, added after every router: it steps after them.
    net_.clock.add(*this, /*router_phase=*/true);
    net_.clock.wake(*this, at_ - 1);
}

void failure_injector::step(std::uint64_t step) {  // at_ - 1
    happened_ = true;
    state_.route_around(faults_);
    const topology& t = net_.topo();
    for (const router_id r : faults_.routers())
        net_.fail_node(r, [&](const launch& l) {
            if (l.hdr.broadcast)
                return state_.lost_copy(
                    r, waiting_broadcast_destinations(t, {r, waiting_place::kInjected, 0}, l.hdr),
                    l.payload, 0, /*launched=*/false);
            const std::optional<router_id> dst = header_destination(t, r, l.hdr);
            state_.lost(r, dst.value_or(r), l.payload, 0, /*launched=*/false);
        });
    net_.judge_queued(faults_, [this](router_id at, launch& l) { return keep_queued(at, l); });
    tails_ = net_.flits_on_failures(faults_, at_);
    net_.fail_waiting(
        step, [this](packet& p, const waiting_place& w) { return judge(p, w); },
        [this](const packet& p, const waiting_place& w) { lost(p, w); });
    net_.fail_handing_over(
        step, [this](const packet& p, router_id r) { return takes_handed_over(p, r); },
        [this](const packet& p, router_id r) { lost_on_the_way(p, r); });
    tails_.clear();
}

router::waiting_verdict failure_injector::judge(packet& p, const waiting_place& w) {
    failure_outcome o = fate_at_failure(net_.topo(), faults_, detours_, w, p.hdr, p.serial);
    // A multi-flit packet with flits still on a failed cable or in a failed router is lost
    // whole, wherever its head waits.
    if (!d3::lost(o.fate))
        if (const auto tail = tails_.find(p.serial); tail != tails_.end()) o.fate = tail->second;
    switch (o.fate) {
        case failure_fate::stays:
            return router::waiting_verdict::keep;
        case failure_fate::rerouted:
            p.hdr = o.hdr;
            ++rerouted_;
            return router::waiting_verdict::rerouted;
        case failure_fate::on_failed_link:
            ++on_failed_links_;
            break;
        case failure_fate::in_failed_router:
            ++in_failed_routers_;
            break;
        case failure_fate::no_route:
            ++no_route_;
            break;
        case failure_fate::no_descending_detour:
            ++climbing_;
            break;
    }
    return router::waiting_verdict::removed;
}

bool failure_injector::takes_handed_over(const packet& p, router_id at) {
    // Its tail is still in the router that ejected it, or on a failed cable behind it.
    if (faults_.router_failed(at)) {
        ++in_failed_routers_;
        return true;
    }
    const auto tail = tails_.find(p.serial);
    if (tail == tails_.end()) return false;
    ++(tail->second == failure_fate::in_failed_router ? in_failed_routers_ : on_failed_links_);
    return true;
}

void failure_injector::lost_on_the_way(const packet& p, router_id at) {
    if (p.hdr.broadcast)
        state_.lost_copy(p.src, {at}, p.payload, p.serial, /*launched=*/true);
    else
        state_.lost(p.src, at, p.payload, p.serial, /*launched=*/true);
    lost_flits_ += p.flits;
    if (!log_) return;
    packet_event e = event_of(packet_event_kind::lost, p, at_, at);
    e.input = packet_event::kNode;  // at its node, which waits for its tail
    log_->on_packet(e);
}

bool failure_injector::keep_queued(router_id at, launch& l) {
    const waiting_place w{at, waiting_place::kInjected, 0};
    if (l.hdr.broadcast) {  // no detour carries a tree: dropped whole when it crosses a failure
        if (!route_crosses_failure(net_.topo(), faults_, net_.topo().at(at), l.hdr)) return true;
        ++queued_broadcasts_;
        state_.lost_copy(at, waiting_broadcast_destinations(net_.topo(), w, l.hdr), l.payload, 0,
                         false);
        return false;
    }
    const failure_outcome o = fate_at_failure(net_.topo(), faults_, detours_, w, l.hdr, l.payload);
    if (o.fate == failure_fate::stays) return true;
    if (o.fate == failure_fate::rerouted) {
        l.hdr = o.hdr;
        ++rerouted_queued_;
        return true;
    }
    ++queued_no_route_;  // its destination failed: no route reaches it
    const std::optional<router_id> dst = waiting_destination(net_.topo(), at, l.hdr);
    state_.lost(at, dst.value_or(at), l.payload, 0, /*launched=*/false);
    return false;
}

void failure_injector::lost(const packet& p, const waiting_place& w) {
    if (p.hdr.broadcast) {  // a copy: the deliveries of what is left of its tree
        state_.lost_copy(p.src, waiting_broadcast_destinations(net_.topo(), w, p.hdr), p.payload,
                         p.serial, /*launched=*/true);
    } else {
        const std::optional<router_id> dst = waiting_destination(net_.topo(), w.at, p.hdr);
        state_.lost(p.src, dst.value_or(w.at), p.payload, p.serial, /*launched=*/true);
    }
    lost_flits_ += p.flits;
    if (!log_) return;
    packet_event e = event_of(packet_event_kind::lost, p, at_, w.at);
    e.input = w.input == waiting_place::kHeld ? packet_event::kHold
              : w.input < 0                   ? packet_event::kNode
                                              : w.input;
    e.vc = w.vc;
    log_->on_packet(e);
}

nlohmann::json failure_injector::figures() const {
    if (!happened_) return nullptr;
    return {{"lost_on_failed_links", on_failed_links_},
            {"lost_in_failed_routers", in_failed_routers_},
            {"lost_no_route", no_route_},
            {"lost_no_descending_detour", climbing_},
            {"rerouted_in_flight", rerouted_},
            {"rerouted_queued", rerouted_queued_},
            {"lost_queued_no_route", queued_no_route_},
            {"lost_queued_broadcasts", queued_broadcasts_}};
}

}  // namespace d3
