#include "sc/step_deferral.h"

#include <algorithm>

#include "sc/node.h"
#include "sc/router.h"
#include "sc/stepper.h"

namespace d3 {

// A link output's forward calls (a packet sent, a delivery to the node) while routers step on the
// threads: recorded in `to_` (the ordered records of the sender's share, or, not ordered, those
// for the receiver's share), answered as the receiver answers (a router accepts, a node completes).
class step_deferral::deferred_fw final : public link_fw_call {
  public:
    deferred_fw(step_deferral& d, std::vector<record>& to_list, std::uint32_t sender,
                link_fw_call* to, router* downstream, tlm::tlm_sync_enum reply)
        : d_(d), list_(to_list), sender_(sender), to_(to), downstream_(downstream), reply_(reply) {}
    tlm::tlm_sync_enum nb_transport_fw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
        if (!d_.active() || ph != tlm::BEGIN_REQ) return to_->nb_transport_fw(f, ph, t);
        record r{kind::send};
        r.to = this;
        r.pkt = f.pkt;
        r.vc = f.vc;
        r.delay = t;
        list_.push_back(r);
        return reply_;
    }
    // One thread would have made a send from a router with a lower id before the router
    // downstream stepped in this cycle (router::arrived_before_step).
    void replay(const record& r, std::uint64_t t) {
        flit f;
        f.pkt = r.pkt;
        f.vc = r.vc;
        tlm::tlm_phase ph = tlm::BEGIN_REQ;
        sc_core::sc_time delay = r.delay;
        to_->nb_transport_fw(f, ph, delay);
        if (downstream_) downstream_->arrived_before_step(sender_, t, r.pkt);
    }

  private:
    step_deferral& d_;
    std::vector<record>& list_;
    const std::uint32_t sender_;
    link_fw_call* const to_;
    router* const downstream_;
    const tlm::tlm_sync_enum reply_;
};

// An input buffer's credits upstream (to a router, or the node's injection credits).
class step_deferral::deferred_bw final : public link_bw_call {
  public:
    deferred_bw(step_deferral& d, std::vector<record>& to_list, std::uint32_t sender,
                link_bw_call* to, router* upstream)
        : d_(d), list_(to_list), sender_(sender), to_(to), upstream_(upstream) {}
    tlm::tlm_sync_enum nb_transport_bw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
        if (!d_.active() || ph != tlm::END_REQ) return to_->nb_transport_bw(f, ph, t);
        record r{kind::credit};
        r.to = this;
        r.vc = f.vc;
        r.delay = t;
        list_.push_back(r);
        return tlm::TLM_ACCEPTED;
    }
    // One thread would have given a credit from a router with a lower id before the router
    // upstream stepped in this cycle (router::as_before_step; not ordered, the router's next
    // wake-up was asked for without this credit).
    void replay(const record& r, std::uint64_t t) {
        flit f;
        f.pkt = nullptr;
        f.vc = r.vc;
        tlm::tlm_phase ph = tlm::END_REQ;
        sc_core::sc_time delay = r.delay;
        if (!upstream_) {
            to_->nb_transport_bw(f, ph, delay);
            return;
        }
        upstream_->as_before_step(sender_, t, !d_.ordered(),
                                  [&] { to_->nb_transport_bw(f, ph, delay); });
    }

  private:
    step_deferral& d_;
    std::vector<record>& list_;
    const std::uint32_t sender_;
    link_bw_call* const to_;
    router* const upstream_;
};

// The observer the routers are given: while they step, their events are recorded by router.
class step_deferral::deferring_observer final : public link_observer {
  public:
    explicit deferring_observer(step_deferral& d) : d_(d), real_(*d.real_observer()) {}
    void on_link(const link_event& e) override {
        if (!d_.active()) return real_.on_link(e);
        outbox& b = d_.box_of(e.router);
        record r{kind::link};
        r.index = static_cast<std::int32_t>(b.links.size());
        b.links.push_back(e);
        b.records.push_back(r);
    }
    void on_buffer(std::uint64_t step, router_id router, int input,
                   std::size_t occupancy) override {
        if (!d_.active()) return real_.on_buffer(step, router, input, occupancy);
        record r{kind::buffer};
        r.router = router;
        r.input = static_cast<std::int16_t>(input);
        r.b = step;
        r.c = occupancy;
        d_.box_of(router).records.push_back(r);
    }
    void on_vc_buffer(std::uint64_t step, router_id router, int input, int vc,
                      std::size_t occupancy) override {
        if (!d_.active()) return real_.on_vc_buffer(step, router, input, vc, occupancy);
        record r{kind::vc_buffer};
        r.router = router;
        r.input = static_cast<std::int16_t>(input);
        r.index = vc;
        r.b = step;
        r.c = occupancy;
        d_.box_of(router).records.push_back(r);
    }
    void on_stage(std::uint64_t step, router_id router, pipeline_unit unit, std::uint64_t from,
                  std::uint64_t to) override {
        if (!d_.active()) return real_.on_stage(step, router, unit, from, to);
        record r{kind::stage};
        r.router = router;
        r.index = static_cast<std::int32_t>(unit);
        r.b = step;
        r.a = from;
        r.c = to;
        d_.box_of(router).records.push_back(r);
    }
    bool wants_stages() const override { return real_.wants_stages(); }
    void on_packet(const packet_event& e) override {
        if (!d_.active()) return real_.on_packet(e);
        outbox& b = d_.box_of(e.router);
        record r{kind::event};
        r.index = static_cast<std::int32_t>(b.events.size());
        b.events.push_back(e);
        b.records.push_back(r);
    }
    bool wants_packets() const override { return real_.wants_packets(); }
    // A design-space router's events: such routers step on one thread (network refuses them).
    void on_vc_grant(std::uint64_t step, router_id router, int output, int out_vc, int input,
                     int in_vc) override {
        real_.on_vc_grant(step, router, output, out_vc, input, in_vc);
    }
    void on_input_flits(std::uint64_t step, router_id router, int input, int flits) override {
        real_.on_input_flits(step, router, input, flits);
    }
    void on_inner_conflict(std::uint64_t step, router_id router, int output,
                           std::size_t requesters) override {
        real_.on_inner_conflict(step, router, output, requesters);
    }

  private:
    step_deferral& d_;
    link_observer& real_;
};

step_deferral::step_deferral(int threads, stepper& clock, packet_pool& pool, ledger& deliveries,
                             link_observer* observer)
    : clock_(clock),
      pool_(pool),
      ledger_(deliveries),
      nodes_(static_cast<std::size_t>(threads)),
      observer_(observer),
      boxes_(static_cast<std::size_t>(threads)),
      apart_(static_cast<std::size_t>(threads)),
      ordered_(observer != nullptr),
      errors_(static_cast<std::size_t>(threads)),
      begin_(static_cast<std::size_t>(threads) + 1, 0),
      team_(static_cast<std::size_t>(threads), [this](std::size_t w) { run_share(w); }) {
    if (observer_) {
        deferring_ = std::make_unique<deferring_observer>(*this);
        routers_observer_ = deferring_.get();
    }
    for (outbox& b : boxes_) b.to_share.resize(boxes_.size());
}

step_deferral::~step_deferral() = default;

void step_deferral::cut_shares(std::size_t routers) {
    if (share_.size() == routers) return;
    share_.resize(routers);
    first_of_share_.clear();
    wake_at_.assign(routers, calendar::kNever);
    // Share 0 takes kKernelShare of another share's routers: the kernel's thread that steps it
    // also makes the writes to the nodes (replay_node_writes).
    const double shares = kKernelShare + static_cast<double>(boxes_.size() - 1);
    std::size_t first = 0;
    for (std::size_t w = 0; w < boxes_.size(); ++w) {
        const double end = (kKernelShare + static_cast<double>(w)) / shares;
        const std::size_t last =
            w + 1 == boxes_.size() ? routers : static_cast<std::size_t>(end * routers);
        first_of_share_.push_back(static_cast<std::uint32_t>(first));
        for (std::size_t id = first; id < last; ++id) share_[id] = static_cast<std::uint32_t>(w);
        first = last;
    }
}

// Not ordered: a write to a router of the sender's share is made at once by the share's thread
// (one thread makes it in the same order); so is a write to the node of a router of share 0,
// which the kernel's thread steps first: one thread makes share 0's writes to the nodes first,
// and the other shares' are replayed after share 0's step, on the kernel's thread, in share order.
bool step_deferral::writes_at_once(std::uint32_t sender, const router* receiver) const {
    return receiver ? share_of(receiver->id()) == share_of(sender) : share_of(sender) == 0;
}

link_fw_call* step_deferral::forward(std::uint32_t sender, link_fw_call* to, router* downstream,
                                     tlm::tlm_sync_enum reply) {
    cut_shares(clock_.router_clients_.size());
    std::vector<record>* list = &box_of(sender).records;
    if (!ordered_ && writes_at_once(sender, downstream)) return to;
    if (!ordered_ && downstream) list = &box_of(sender).to_share[share_of(downstream->id())];
    link_fw_call* const recorded =
        make_end<deferred_fw>(*this, *list, sender, to, downstream, reply);
    if (ordered_ || downstream) return recorded;
    // A delivery of another share than 0 to its node: at once in its common case (node ids are
    // their routers').
    link_fw_call* const end =
        node_of(sender).staged_deliveries(recorded, *this, nodes_.share(share_of(sender)));
    return end ? end : recorded;
}

link_bw_call* step_deferral::backward(std::uint32_t sender, link_bw_call* to, router* upstream) {
    cut_shares(clock_.router_clients_.size());
    std::vector<record>* list = &box_of(sender).records;
    if (!ordered_ && writes_at_once(sender, upstream)) return to;
    if (!ordered_ && upstream) list = &box_of(sender).to_share[share_of(upstream->id())];
    link_bw_call* const recorded = make_end<deferred_bw>(*this, *list, sender, to, upstream);
    if (ordered_ || upstream) return recorded;
    return node_of(sender).staged_credits(recorded, *this, nodes_.share(share_of(sender)));
}

node& step_deferral::node_of(std::uint32_t id) const {
    return static_cast<node&>(*clock_.node_clients_[id]);
}

// Not ordered: a router's earliest request of the cycle is kept, if earlier than the cycle the
// calendar holds for it (the calendar keeps the earliest).
void step_deferral::wake(std::uint32_t router_id, void* client, std::uint64_t cycle) {
    if (!ordered_) {
        if (asks_nothing_new(router_id, cycle)) return;
        std::uint64_t& pending = wake_at_[router_id];
        if (pending == calendar::kNever) box_of(router_id).woken.push_back(router_id);
        pending = cycle;
        return;
    }
    record r{kind::wake};
    r.to = client;
    r.a = cycle;
    box_of(router_id).records.push_back(r);
}

// The copy's serial is provisional until the replay, which numbers copies in one thread's order.
// Not ordered, share 0's copies are numbered at once: the kernel's thread steps share 0, whose
// copies one thread numbers first, and numbers the other shares' after the step.
packet* step_deferral::copy(std::uint32_t router_id, const packet& from) {
    packet* p;
    std::uint64_t index;
    const bool at_once = !ordered_ && share_of(router_id) == 0;
    {
        const std::lock_guard<std::mutex> l(copy_lock_);
        p = pool_.copy_spare(from);
        if (at_once) {
            p->serial = pool_.take_serial();
            return p;
        }
        index = copies_.size();
        copies_.push_back(0);
    }
    p->serial = kProvisional | index;
    record r{kind::copy};
    r.pkt = p;
    r.a = index;
    box_of(router_id).records.push_back(r);
    return p;
}

void step_deferral::run_share(std::size_t w) {
    try {
        if (phase_ == phase::replay) return replay_on_thread(w);
        if (phase_ == phase::nodes) {
            for (std::size_t i = begin_[w]; i < begin_[w + 1]; ++i) {
                const std::uint32_t id = (*due_)[i];
                nodes_.step(*clock_.node_clients_[id], id, w, t_);
            }
            return;
        }
        for (std::size_t i = begin_[w]; i < begin_[w + 1]; ++i) call_(context_, (*due_)[i], t_);
    } catch (...) {
        errors_[w] = std::current_exception();
    }
}

void step_deferral::dispatch(phase p) {
    phase_ = p;
    team_.dispatch();
    for (std::exception_ptr& e : errors_)
        if (e) {
            const std::exception_ptr x = e;
            e = nullptr;
            active_ = false;
            std::rethrow_exception(x);
        }
}

void step_deferral::share_out(const std::vector<std::uint32_t>& due, std::uint64_t t,
                              step_call call, void* context) {
    const std::size_t threads = boxes_.size();
    begin_[0] = 0;
    for (std::size_t w = 1; w < threads; ++w)
        begin_[w] = static_cast<std::size_t>(
            std::lower_bound(due.begin() + static_cast<std::ptrdiff_t>(begin_[w - 1]), due.end(),
                             first_of_share_[w]) -
            due.begin());
    begin_[threads] = due.size();
    due_ = &due;
    t_ = t;
    call_ = call;
    context_ = context;
}

// A node steps with its router's share (node and router ids are the same). The shares are cut
// when the routers' links are made (start_of_simulation), before the first step.
void step_deferral::step_nodes(const std::vector<std::uint32_t>& due, std::uint64_t t) {
    cut_shares(clock_.router_clients_.size());
    nodes_.cut([this](std::uint32_t id) { return share_of(id); });
    for (std::size_t w = 1; w < boxes_.size(); ++w) pool_.reserve(w, nodes_.most_launches(w));
    share_out(due, t, nullptr, nullptr);
    active_ = true;
    nodes_active_ = true;
    dispatch(phase::nodes);
    nodes_active_ = false;
    active_ = false;
}

void step_deferral::merge_nodes() {
    nodes_.merge(ledger_, pool_, clock_);
    make_wakes();
}

void step_deferral::step(const std::vector<std::uint32_t>& due, std::uint64_t t, step_call call,
                         void* context) {
    share_out(due, t, call, context);
    pool_.keep_spares(kSpares);
    active_ = true;
    dispatch(phase::step);
    if (!ordered_) {
        kernel_takes_share0_ = kernel_replays_share0();
        wakes_apart_ = nodes_on_threads();
        dispatch(phase::replay);
        for (calendar::apart_requests& r : apart_) clock_.routers_.add_requests(r);
    }
    active_ = false;
}

void step_deferral::track(std::uint32_t id, const router& r) {
    if (routers_.size() <= id) routers_.resize(id + 1, nullptr);
    routers_[id] = &r;
}

// The kernel's thread makes the writes to the nodes, the first worker replays the writes to share
// 0's routers before those to its own share's, every other thread those to its share's. (The
// kernel's thread replaying share 0's too finished the phase last: on D3(8,16) all-to-all its
// writes to the nodes alone weigh more than a worker's replays.)
void step_deferral::replay_on_thread(std::size_t w) {
    const auto replay_share = [&](std::size_t v) {
        replay_to_share(v);
        if (wakes_apart_) make_wakes_apart(v, w);
    };
    if (w == 0) {
        replay_node_writes();
        if (kernel_takes_share0_) replay_share(0);
        return;
    }
    if (w == 1 && !kernel_takes_share0_) replay_share(0);
    replay_share(w);
}

// The kernel's thread takes share 0's replays when its writes to the nodes (a packet given back
// to the pool costing a sixth of a replayed write, merge_deliveries) are no more than the first
// worker's replays: max(nodes + share 0, share 1) is then no more than max(nodes, share 0 +
// share 1), and otherwise more.
bool step_deferral::kernel_replays_share0() const {
    if (boxes_.size() < 2) return true;
    std::size_t to_nodes = 0, to_share1 = 0;
    for (std::size_t w = 0; w < boxes_.size(); ++w) {
        if (w != 0) to_nodes += boxes_[w].records.size() + nodes_.released(w) / kReleasesPerReplay;
        to_share1 += boxes_[w].to_share[1].size();
    }
    return to_nodes <= to_share1;
}

void step_deferral::make_wakes_apart(std::size_t v, std::size_t w) {
    calendar::apart_requests& r = apart_[w];
    for (const std::uint32_t id : boxes_[v].woken) {
        clock_.replay_wake_apart(id, wake_at_[id], r);
        wake_at_[id] = calendar::kNever;
    }
    boxes_[v].woken.clear();
}

void step_deferral::replay_to_share(std::size_t w) {
    for (outbox& box : boxes_) {
        std::vector<record>& in = box.to_share[w];
        for (const record& r : in) replay_record(box, r, t_);
        in.clear();
    }
}

// Not ordered: the other shares' writes to the nodes and their copies' serials, on the kernel's
// thread, in share order then record order (share 0's were made at once), while the other
// threads replay the writes to their routers (which read neither the nodes nor the serials).
void step_deferral::replay_node_writes() {
    nodes_.merge_deliveries(ledger_, pool_, clock_);
    for (outbox& box : boxes_) {
        for (const record& r : box.records) replay_record(box, r, t_);
        box.records.clear();
    }
}

bool step_deferral::due_next(std::uint32_t id, std::uint64_t t) const {
    return std::min(wake_at_[id], clock_.routers_.waiting(id)) == t + 1;
}

void step_deferral::make_wakes() {
    for (outbox& box : boxes_) {
        for (const std::uint32_t id : box.woken) {
            clock_.replay_wake(*clock_.router_clients_[id], wake_at_[id]);
            wake_at_[id] = calendar::kNever;
        }
        box.woken.clear();
    }
}

void step_deferral::replay(std::uint64_t t) {
    make_wakes();
    for (outbox& box : boxes_) {
        for (const record& r : box.records) replay_record(box, r, t);
        box.records.clear();
        box.links.clear();
        box.events.clear();
    }
    copies_.clear();
}

void step_deferral::replay_record(const outbox& box, const record& r, std::uint64_t t) {
    switch (r.what) {
        case kind::send:
            return static_cast<deferred_fw*>(r.to)->replay(r, t);
        case kind::credit:
            return static_cast<deferred_bw*>(r.to)->replay(r, t);
        case kind::wake:
            return clock_.replay_wake(*static_cast<stepper::client*>(r.to), r.a);
        case kind::wake_next:
            return r.call(*static_cast<router*>(r.to), t);
        case kind::copy:
            r.pkt->serial = copies_[r.a] = pool_.take_serial();
            return;
        case kind::link: {
            link_event e = box.links[static_cast<std::size_t>(r.index)];
            e.serial = real_serial(e.serial);
            return observer_->on_link(e);
        }
        // The occupancy as it is now: the last change replayed in a cycle then tells the waves
        // what one thread's last change told them (docs/architecture.md, "Threads").
        case kind::buffer:
            return observer_->on_buffer(r.b, r.router, r.input,
                                        routers_[r.router]->reported_occupancy(r.input, -1));
        case kind::vc_buffer:
            return observer_->on_vc_buffer(
                r.b, r.router, r.input, r.index,
                routers_[r.router]->reported_occupancy(r.input, r.index));
        case kind::stage:
            return observer_->on_stage(r.b, r.router, static_cast<pipeline_unit>(r.index), r.a,
                                       r.c);
        case kind::event: {
            packet_event e = box.events[static_cast<std::size_t>(r.index)];
            e.serial = real_serial(e.serial);
            return observer_->on_packet(e);
        }
    }
}

}  // namespace d3
