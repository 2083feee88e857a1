#include "sc/node.h"

#include <algorithm>
#include <sstream>
#include <type_traits>

#include "core/containers/calendar.h"
#include "core/network/link_faults.h"
#include "core/workload/schedule.h"
#include "sc/node_step.h"
#include "sc/router.h"
#include "sc/step_deferral.h"

namespace d3 {

namespace {
const char* const kMsgType = "d3/node";
constexpr int kReportedErrors = 8;
// Credits on their way back a node's list has room for from the start (node::node).
constexpr int kCreditsReserved = 4;
}  // namespace

node::node(const sc_core::sc_module_name& name, setup s)
    : sc_core::sc_module(name),
      inject_out("inject_out"),
      eject_in("eject_in"),
      injection_width_(s.cfg.router.injection_width),
      packet_flits_(static_cast<std::uint8_t>(s.cfg.router.packet_length)),
      at_(s.at),
      id_(s.topo.id(s.at)),
      pool_(s.pool),
      ledger_(s.deliveries),
      clock_(s.clock),
      program_(std::move(s.program)),
      classes_(s.cfg.router.service_classes),
      reacts_(program_ ? program_->reacts() : reaction::none),
      unfinished_before_(program_ ? program_->unfinished_before() : 0),
      plan_(reacts_ == reaction::none && program_ ? program_->planned() : nullptr),
      plan_steps_(plan_ ? plan_->size() : 0),
      plan_slots_(plan_ ? plan_->data() : nullptr),
      closed_form_(classes_ == 1 && plan_ && s.deliveries.closed_form(*plan_)),
      injection_delay_(step_time()) {
    const bool sized = packet_flits_ != 1;  // the packets' sizes set and delivered
    step_with(classes_ != 1 || sized ? &node::step_classes_of
              : closed_form_         ? &node::step_closed
                                     : &node::step_one_class);
    for (lane& l : lanes_) l.credits = s.cfg.router.injection_depth;
    // The list of the credits on their way back holds a few at a time: room for them from the
    // start, not grown push by push (at most the injection depth: the room for all of them
    // costs the largest networks' nodes more memory than it saves).
    for (int c = 0; c < classes_; ++c)
        lanes_[c].credit_due.reserve(
            static_cast<std::size_t>(std::min(s.cfg.router.injection_depth, kCreditsReserved)));
    inject_out.bind(credit_if_);
    // A failure at a step may take a packet whose head the router ejected while its tail is still
    // on the way (a failed cable or router behind it): the node hands it over at its tail's
    // arrival.
    if (s.hands_over_at_tail) {
        handed_step_ = stepped_with();
        step_with(&node::step_handing_over);
        eject_in.bind(eject_at_tail_if_);
    } else if (sized) {
        eject_in.bind(eject_sized_if_);
    } else {
        eject_in.bind(eject_if_);
        direct_delivery_ = true;
    }
    clock_.add(*this, /*router_phase=*/false);
    if (step_deferral* d = clock_.deferral())
        d->nodes().add(static_cast<std::uint32_t>(id_), staged_step(s.hands_over_at_tail),
                       static_cast<std::size_t>(injection_width_));
    if (program_) clock_.wake(*this, 0);
}

bool node::hands_over_at_tail(const network_config& cfg) {
    const router_params& rp = cfg.router;
    return cfg.faults() && !rp.design_space() && fault_step(cfg.fail_links, cfg.fail_routers) &&
           (rp.packet_length > 1 || rp.pipeline.after_grant() > 0);
}

void node::end_of_elaboration() {
    fw_ = inject_out.operator->();
}

std::size_t node::waiting() const {
    std::size_t n = 0;
    for (int c = 0; c < classes_; ++c) n += lanes_[c].waiting.size();
    return n;
}

// One service class (the default): a constant bound drops the loops over the lanes, which cost
// more than one lane's work in every node step. The case chosen once, in the constructor, not
// tested per step; the stepper calls it directly (stepper::client::step_with).
void node::step(std::uint64_t t) {
    stepped_with()(*this, t);
}

void node::step_one_class(client& c, std::uint64_t t) {
    static_cast<node&>(c).step_classes(t, std::integral_constant<int, 1>{}, std::false_type{});
}

void node::step_closed(client& c, std::uint64_t t) {
    static_cast<node&>(c).step_classes(t, std::integral_constant<int, 1>{}, std::true_type{});
}

void node::step_direct(client& c, std::uint64_t t) {
    static_cast<node&>(c).step_classes(t, std::integral_constant<int, 1>{}, std::false_type{},
                                       on_path<launch_path::direct>{});
}

// The default step alone (one class, no plan in closed form, no hand-over at the tail): any other
// keeps its injection channel.
void node::inject_into(injection_sink& sink) {
    if (stepped_with() != &node::step_one_class) return;
    sink_ = &sink;
    step_with(&node::step_direct);
}

void node::step_classes_of(client& c, std::uint64_t t) {
    node& n = static_cast<node&>(c);
    n.step_classes(t, n.classes_, std::false_type{});
}

void node::launch_immediately(std::uint64_t t) {
    launches_.clear();
    program_->immediate(t, launches_);
    if (launches_.empty()) return;
    collect_credits(t, classes_);
    if (sent_cycle_ != t)
        for (lane& q : lanes_) q.sent = 0;
    sent_cycle_ = t;
    for (const launch& l : launches_) {
        // Behind launches that wait, or without width or credit left in this step, a reply waits
        // in the queue like any launch.
        lane& q = lanes_[l.service];
        if (q.waiting.empty() && has_room(q)) {
            turnaround_.push_back(l);
            ++q.sent;
            --q.credits;
        } else {
            q.waiting.push_back(l);
        }
    }
    clock_.wake(*this, t + 1);
}

// The common case alone (in a step, the first copy of a unicast message where it must arrive,
// room to give the packet back, a program that answers nothing): every other is a tail call, as
// is the program's on_receive when it records (record_arrival), so that no call is made here
// and no register is saved. The step is worked out before the ledger's test, whose fallback then
// takes the packet and the step alone (deliver_at): with fewer values live, no register is
// saved.
inline tlm::tlm_sync_enum node::nb_transport_fw(flit& f, tlm::tlm_phase& ph,
                                                sc_core::sc_time& tail) {
    if (ph != tlm::BEGIN_REQ || !clock_.in_cycle() || reacts_ == reaction::answers)
        return deliver(f, ph, tail);
    // Delivered when its tail arrives: F - 1 cycles after the head (docs/multi-flit.md).
    const std::uint64_t now = clock_.cycle();
    return receive(f.pkt, tail == sc_core::SC_ZERO_TIME ? now : now + clock_.cycle_of(tail));
}

inline tlm::tlm_sync_enum node::receive(packet* const p, std::uint64_t t) {
    if (!pool_.has_room_to_release() || !ledger_.deliver_first_copy(p->msg, id_))
        return deliver_at(p, t);
    count_received(*p, t);
    if (reacts_ == reaction::none) {
        pool_.release_in_place(p);
        return tlm::TLM_COMPLETED;
    }
    // Member by member: arrival_.flits stays 1 (a node of multi-flit packets delivers through
    // deliver_at, which reads the packet's size), no store per delivery.
    arrival_.from = p->src;
    arrival_.hdr = p->hdr;
    arrival_.payload = p->payload;
    arrival_.step = t;
    arrival_.background = p->background;
    arrival_.hops = p->hops;
    arrival_.launch = p->launch;
    pool_.release_in_place(p);
    return record_arrival();
}

tlm::tlm_sync_enum node::record_arrival() {
    program_->on_receive(arrival_);
    return tlm::TLM_COMPLETED;
}

tlm::tlm_sync_enum node::deliver(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& tail) {
    if (ph != tlm::BEGIN_REQ) check_phase(name(), "nb_transport_fw", ph, tlm::BEGIN_REQ);
    // Delivered when its tail arrives: F - 1 cycles after the head (docs/multi-flit.md).
    return deliver_at(
        f.pkt, tail == sc_core::SC_ZERO_TIME ? clock_.now() : clock_.now() + clock_.cycle_of(tail));
}

tlm::tlm_sync_enum node::hold_until_tail(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& tail) {
    if (ph != tlm::BEGIN_REQ) check_phase(name(), "nb_transport_fw", ph, tlm::BEGIN_REQ);
    const std::uint64_t now = clock_.now();
    const std::uint64_t due = now + clock_.cycle_of(tail);
    if (due == now) return deliver_at(f.pkt, now);
    held_.push_back({due, f.pkt});
    clock_.wake(*this, due);
    return tlm::TLM_COMPLETED;
}

void node::step_handing_over(client& c, std::uint64_t t) {
    node& n = static_cast<node&>(c);
    n.handed_step_(c, t);
    std::uint64_t next = calendar::kNever;
    std::size_t kept = 0;
    for (const held& h : n.held_) {  // in the order of their ejection
        if (h.due <= t) {
            n.deliver_at(h.pkt, h.due);
        } else {
            next = std::min(next, h.due);
            n.held_[kept++] = h;
        }
    }
    n.held_.resize(kept);
    if (next != calendar::kNever) n.clock_.wake(n, next);
}

void node::fail_held(const std::function<bool(packet&)>& takes) {
    held_.erase(std::remove_if(held_.begin(), held_.end(), [&](held& h) { return takes(*h.pkt); }),
                held_.end());
}

tlm::tlm_sync_enum node::deliver_at(packet* const pkt, std::uint64_t t) {
    const packet& p = *pkt;
    count_received(p, t);
    const ledger::receipt r = ledger_.deliver(p.msg, id_);
    if (r != ledger::receipt::ok) report_bad(p, t, r);
    if (reacts_ != reaction::none) {
        program_->on_receive({p.src, p.hdr, p.payload, t, p.background, p.hops, p.launch, p.flits});
        if (reacts_ == reaction::answers) {
            launch_immediately(t);
            if (!program_->finished(t + 1)) clock_.wake(*this, t + 1);
        }
    }
    pool_.release(pkt);
    return tlm::TLM_COMPLETED;
}

void node::report_bad(const packet& p, std::uint64_t t, ledger::receipt r) {
    if (++stats_.bad > kReportedErrors) return;
    static const char* const what[] = {"ok", "a duplicate of", "misrouted:", "unknown"};
    std::ostringstream os;
    os << name() << " " << to_string(at_) << " step " << t << ": received "
       << what[static_cast<int>(r)] << " message " << p.msg << " from router " << p.src
       << " (header " << to_string(p.hdr) << ")";
    SC_REPORT_WARNING(kMsgType, os.str().c_str());
}

// The common case alone (a credit in a step, no launch waiting for it, room in its list): every
// other is a tail call, so that this one saves and restores no registers. The lane by pointer:
// through a reference GCC worked its address out twice and the list's apart.
inline tlm::tlm_sync_enum node::nb_transport_bw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) {
    lane* const q = lanes_ + f.vc;  // the router returns the class of the freed injection slot
    if (ph == tlm::END_REQ && clock_.in_cycle() && q->waiting.empty() &&
        q->credit_due.push_back_in_place(clock_.cycle() + clock_.cycle_of(t)))
        return tlm::TLM_ACCEPTED;
    return credit(f, ph, t);
}

tlm::tlm_sync_enum node::credit(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) {
    if (ph != tlm::END_REQ) check_phase(name(), "nb_transport_bw", ph, tlm::END_REQ);
    const std::uint64_t due = clock_.now() + clock_.cycle_of(t);
    lane& q = lanes_[f.vc];  // the router returns the class of the freed injection slot
    q.credit_due.push_back(due);
    if (!q.waiting.empty()) clock_.wake(*this, due);
    return tlm::TLM_ACCEPTED;
}

// As eject_if<false>'s nb_transport_fw of a delivery in a step, without the flit, the phase and
// the delay between cycles and times.
void node::eject_sink::deliver(packet* p, std::uint64_t at) {
    if (!node_.clock_.in_cycle() || node_.reacts_ == reaction::answers) {
        node_.deliver_at(p, at);
        return;
    }
    node_.receive(p, at);
}

template <bool Sized>
tlm::tlm_sync_enum node::eject_if<Sized>::nb_transport_fw(flit& f, tlm::tlm_phase& ph,
                                                          sc_core::sc_time& t) {
    if constexpr (Sized) return node_.deliver(f, ph, t);  // delivery::flits set
    return node_.nb_transport_fw(f, ph, t);
}
tlm::tlm_sync_enum node::credit_if::nb_transport_bw(flit& f, tlm::tlm_phase& ph,
                                                    sc_core::sc_time& t) {
    return node_.nb_transport_bw(f, ph, t);
}
template <bool Sized>
void node::eject_if<Sized>::b_transport(flit&, sc_core::sc_time&) {
    unsupported_call(node_.name(), "b_transport");
}
template <bool Sized>
bool node::eject_if<Sized>::get_direct_mem_ptr(flit&, tlm::tlm_dmi&) {
    unsupported_call(node_.name(), "get_direct_mem_ptr");
    return false;
}
template <bool Sized>
unsigned node::eject_if<Sized>::transport_dbg(flit&) {
    unsupported_call(node_.name(), "transport_dbg");
    return 0;
}
template class node::eject_if<false>;
template class node::eject_if<true>;
void node::eject_at_tail_if::b_transport(flit&, sc_core::sc_time&) {
    unsupported_call(node_.name(), "b_transport");
}
bool node::eject_at_tail_if::get_direct_mem_ptr(flit&, tlm::tlm_dmi&) {
    unsupported_call(node_.name(), "get_direct_mem_ptr");
    return false;
}
unsigned node::eject_at_tail_if::transport_dbg(flit&) {
    unsupported_call(node_.name(), "transport_dbg");
    return 0;
}
void node::credit_if::invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) {
    unsupported_call(node_.name(), "invalidate_direct_mem_ptr");
}

}  // namespace d3

namespace d3 {

void node::fail(const std::function<void(const launch&)>& dropped) {
    for (lane& q : lanes_) {
        while (!q.waiting.empty()) {
            dropped(q.waiting.front());
            q.waiting.pop_front();
        }
    }
    for (const launch& l : turnaround_) dropped(l);
    turnaround_.clear();
    clock_.keep_awake(*this, false);
    step_with(&node::step_failed);
}

void node::judge_waiting(const std::function<bool(launch&)>& keep) {
    for (lane& q : lanes_) q.waiting.retain(keep);
    turnaround_.erase(
        std::remove_if(turnaround_.begin(), turnaround_.end(), [&](launch& l) { return !keep(l); }),
        turnaround_.end());
}

}  // namespace d3
