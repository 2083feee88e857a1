#include "sc/node.h"
#include "sc/node_step.h"
#include "sc/router.h"
#include "sc/step_deferral.h"

namespace d3 {

// After the routers' end_of_elaboration, which tags the injection binding.
void node::start_of_simulation() {
    step_deferral* const d = clock_.deferral();
    if (d && !d->ordered() && staged_step(handed_step_ != nullptr))
        threaded_fw_ = router::threaded_injection(fw_, *d);
}

// Share 0's nodes number their packets at once (the kernel's thread, first in one thread's order).
template <typename Closed, bool Sized>
void node::step_staged(client& c, std::uint64_t t, staged_share& s) {
    node& n = static_cast<node&>(c);
    n.staging_ = &s;
    const auto step = [&](auto classes) {
        if (s.index == 0)
            n.step_classes(t, classes, Closed{}, on_path<launch_path::threaded>{});
        else
            n.step_classes(t, classes, Closed{}, on_path<launch_path::staged>{});
    };
    if constexpr (Sized)
        step(n.classes_);
    else
        step(std::integral_constant<int, 1>{});
}

node::staged_function node::staged_step(bool at_tail) const {
    if (classes_ != 1 || at_tail || reacts_ == reaction::answers ||
        (program_ && !program_->launches_alone()))
        return nullptr;
    if (packet_flits_ != 1) return &node::step_staged<std::false_type, true>;
    return closed_form_ ? &node::step_staged<std::true_type, false>
                        : &node::step_staged<std::false_type, false>;
}

// As the common case of nb_transport_fw (receive) of a node that does not meet deliveries.
inline bool node::deliver_staged(packet* p, const sc_core::sc_time& tail, staged_share& s) {
    const std::uint64_t t =
        tail == sc_core::SC_ZERO_TIME ? clock_.cycle() : clock_.cycle() + clock_.cycle_of(tail);
    if (!ledger_.deliver_first_copy(p->msg, id_, s.delivered)) return false;
    count_received(*p, t);
    s.released.push_back(p);
    return true;
}

// As credit(): the class's credit due, and a wake-up when a launch waits for it.
inline void node::credit_staged(int vc, const sc_core::sc_time& delay, staged_share& s) {
    const std::uint64_t due = clock_.cycle() + clock_.cycle_of(delay);
    lane& q = lanes_[vc];
    q.credit_due.push_back(due);
    if (!q.waiting.empty()) s.wakes.push_back({static_cast<std::uint32_t>(id_), due});
}

// --threads: a delivery or an injection credit of a router of another share than 0, made on that
// share's thread while the routers step there; one thread makes it in the router's step too. What
// it writes besides the node's own figures and lanes is its message's word in the ledger (written
// by no other delivery), and, left in the share for after the phase, the delivered count, the
// packet for the pool and the node's wake-up (docs/architecture.md, "Threads").
class staged_delivery_end final : public link_fw_call {
  public:
    staged_delivery_end(node& n, link_fw_call* fallback, const step_deferral& d, staged_share& s)
        : node_(n), fallback_(fallback), deferral_(d), share_(s) {}
    tlm::tlm_sync_enum nb_transport_fw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
        if (deferral_.active() && ph == tlm::BEGIN_REQ && node_.deliver_staged(f.pkt, t, share_))
            return tlm::TLM_COMPLETED;
        return fallback_->nb_transport_fw(f, ph, t);
    }

  private:
    node& node_;
    link_fw_call* const fallback_;
    const step_deferral& deferral_;
    staged_share& share_;
};

class staged_credit_end final : public link_bw_call {
  public:
    staged_credit_end(node& n, link_bw_call* fallback, const step_deferral& d, staged_share& s)
        : node_(n), fallback_(fallback), deferral_(d), share_(s) {}
    tlm::tlm_sync_enum nb_transport_bw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
        if (!deferral_.active() || ph != tlm::END_REQ) return fallback_->nb_transport_bw(f, ph, t);
        node_.credit_staged(f.vc, t, share_);
        return tlm::TLM_ACCEPTED;
    }

  private:
    node& node_;
    link_bw_call* const fallback_;
    const step_deferral& deferral_;
    staged_share& share_;
};

link_fw_call* node::staged_deliveries(link_fw_call* fallback, step_deferral& d, staged_share& s) {
    if (!direct_delivery_ || reacts_ != reaction::none) return nullptr;
    return d.make_end<staged_delivery_end>(*this, fallback, d, s);
}

link_bw_call* node::staged_credits(link_bw_call* fallback, step_deferral& d, staged_share& s) {
    return d.make_end<staged_credit_end>(*this, fallback, d, s);
}

}  // namespace d3
