#include "sc/router.h"

#include <algorithm>
#include <sstream>
#include <type_traits>
#include <typeinfo>

#include "core/containers/calendar.h"
#include "core/decoding/vc.h"

namespace d3 {
namespace {
const char* const kMsgType = "d3/router";

// --threads N > 1: a router's step as `Step`, its step 6 recorded and made when the step's writes
// are replayed (router::replayed_wake_next). A type of its own rather than a flag of step_as:
// with the same unit calls in both, GCC inlined the switch allocation and the release into
// neither (each called twice), which one thread paid on every hop (docs/performance.md).
template <typename Step>
struct threaded_step : Step {
    static constexpr bool replays_arrivals = Step::flits;
};
template <typename Step>
constexpr bool is_threaded = false;
template <typename Step>
constexpr bool is_threaded<threaded_step<Step>> = true;

input_unit::setup input_setup(const network_config& c, const topology& t, router_stats& stats) {
    input_unit::setup s;
    s.link_inputs = t.link_ports();
    s.vcs = c.router.vcs;
    s.buffer_depth = c.router.buffer_depth;
    s.injection_depth = c.router.injection_depth;
    s.injection_width = c.router.injection_width;
    s.classes = c.router.service_classes;
    s.packet_length = c.router.packet_length;
    s.smallest_packet = c.router.smallest_packet();
    s.stats = &stats;
    return s;
}
}  // namespace

router::router(const sc_core::sc_module_name& name, const setup& s)
    : sc_core::sc_module(name),
      out("out", *this, static_cast<std::size_t>(s.topo.link_ports() + 1)),
      in("in", *this, static_cast<std::size_t>(s.topo.link_ports() + 1)),
      cfg_(s.cfg),
      topo_(s.topo),
      at_(s.at),
      id_(s.topo.id(s.at)),
      clock_(s.clock),
      ports_(s.topo.link_ports()),
      classes_(s.cfg.router.service_classes),
      flits_(static_cast<std::uint64_t>(s.cfg.router.packet_length)),
      route_cycles_(static_cast<std::uint64_t>(s.cfg.router.pipeline.route)),
      plain_(classes_ == 1 && flits_ == 1 && route_cycles_ == 0 && !s.observer && !s.background),
      net_(s.topo.kind()),
      in_unit_("input_unit", input_setup(s.cfg, s.topo, stats_)),
      route_("route_stage", s.decoder, s.topo, s.at, this->name(), fanout_),
      vc_alloc_(s.cfg.router.vcs),
      probe_({s.observer, id_, &s.cfg.router, &in_unit_}) {
    plain_ = plain_ && route_.reference();
    slow_arrivals_ = probe_.on();
    if (s.cfg.router.design_space())
        build_design(s);
    else
        build_paper_units(s);
    // The paper's router (plain_, the common configuration) steps without testing, per request,
    // for service classes, flits, a route stage, an observer or the background traffic: one
    // choice per router instead (as node::step does for one class). Its route stage decodes one
    // network's rules inline, without the tests of the topology and of the decoder per decode.
    // Chosen here, once: the stepper calls it directly (stepper::client::step_with).
    // Links of more than one cycle: the input unit tracks its next work (step_traits.h).
    const bool slow = s.cfg.router.local_latency > 1 || s.cfg.router.global_latency > 1;
    const bool threaded = s.cfg.threads > 1;  // (refused for a design-space router)
    step_with(design_                                          ? &step_design
              : s.cfg.router.hold_stage_impl != unit_impl::cpp ? &step_case<unit_step>
              : !plain_  ? (threaded ? &step_case<any_step, true> : &step_case<any_step>)
              : threaded ? paper_case<true>(net_, slow)
                         : paper_case<false>(net_, slow));
    if (threaded) replicate_->defer_copies(s.clock.deferral(), id_);
    input_of_binding_.reserve(static_cast<std::size_t>(ports_ + 1));
    // Allocated with the units' arrays, not later wherever the heap has room (sc/router/entry.h).
    if (!design_) requests_.reserve(step_list(static_cast<std::size_t>(in_unit_.buffers())));
    s.clock.add(*this, /*router_phase=*/true);
}

router::~router() {
    if (design_) return;
    out_unit_.destroy();
    alloc_.destroy();
    replicate_.destroy();
    hold_.destroy();
}

void router::end_of_elaboration() {
    if (out.size() != static_cast<unsigned>(ports_ + 1) ||
        input_of_binding_.size() != static_cast<std::size_t>(ports_ + 1) ||
        in.size() != static_cast<unsigned>(ports_ + 1)) {
        SC_REPORT_ERROR(kMsgType, (std::string(name()) + ": expected " +
                                   std::to_string(ports_ + 1) + " bindings on in and out")
                                      .c_str());
        return;
    }
    if (design_) return bind_design();
    // Each link output's credits told by the output unit's first slot of the output (a credit
    // adds its channel alone: no product per credit),
    // the node's by kEjectionCredit.
    for (int o = 0; o < ports_; ++o) {
        out_unit_->bind(o, out[o]);
        const int tag = static_cast<int>(out_unit_->credit_tag(o));
        out.retag(o, out_unit_->separate_ring(o) ? design_credit_tag(tag) : tag);
    }
    out_unit_->bind_node(out[ports_]);
    out.retag(ports_, kEjectionCredit);
    own_ring_inline_ = out_unit_->one_separate_ring();
    // receive is told the input port's first buffer: an arrival's buffer is that plus its
    // channel, with no test for the node's port and no product per arrival
    std::vector<link_bw_call*> link_of(static_cast<std::size_t>(ports_ + 1));
    for (std::size_t b = 0; b < input_of_binding_.size(); ++b) {
        link_of[input_of_binding_[b]] = in[static_cast<int>(b)];
        in.retag(static_cast<int>(b), first_buffer(input_of_binding_[b]));
    }
    // A credit leaves when the packet is read out of its buffer, the allocate stage's cycles
    // after it won the switch (core/router/pipeline.h), and travels back over the link the packet
    // came on; the node's injection channel takes one cycle.
    // Input by input; a link's delay worked out when the latency changes (D3's and MDF's global
    // ports come first, then the local ones).
    const std::uint64_t read_out = static_cast<std::uint64_t>(cfg_.router.pipeline.allocate);
    int latency_before = 0;
    sc_core::sc_time over_link;
    for (int input = 0; input < ports_; ++input) {
        const int latency = link_latency(cfg_.router, topo_, at_, input);
        if (latency != latency_before)
            over_link = cycles(read_out + static_cast<std::uint64_t>(latency_before = latency));
        in_unit_.bind_upstream(input, link_of[static_cast<std::size_t>(input)], over_link);
    }
    in_unit_.bind_upstream(ports_, link_of[static_cast<std::size_t>(ports_)], cycles(read_out + 1));
    // The units keep every link now (their tables allocated where the sockets' are freed).
    out.forget_links();
    in.forget_links();
    std::vector<std::uint16_t>().swap(input_of_binding_);
}

// An arrival during a step, without an observer, into a buffer whose storage has room (nearly
// every one) is taken here, one whose storage must grow (or overflows) by receive_late (a tail
// call), any other by receive_any (phase checks, time outside a step, the observer). Split so that
// the common case's only call is the stepper's wake-up, inline: the binder's transport call then
// saves no register (and receive_late keeps the growth out of the common case).
template <bool OnThreads>
inline tlm::tlm_sync_enum router::receive_as(int first, flit& f, tlm::tlm_phase& ph,
                                             sc_core::sc_time& t) {
    if (ph == tlm::BEGIN_REQ && in_step<OnThreads>() && !slow_arrivals_) {
        const std::uint64_t ready = clock_.now() + clock_.cycle_of(t);
        const int fifo = first + f.vc;
        packet* const p = f.pkt;
        if (!in_unit_.accept_in_place(fifo, p, ready)) return receive_late(fifo, p, ready);
        count_injected(fifo, *p);
        if constexpr (OnThreads)
            clock_.deferral()->wake_router(*this, id_, ready);
        else
            clock_.wake_router(*this, ready);
        return tlm::TLM_ACCEPTED;
    }
    return receive_any(f, ph, t, first);
}

inline tlm::tlm_sync_enum router::receive(int first, flit& f, tlm::tlm_phase& ph,
                                          sc_core::sc_time& t) {
    return receive_as<false>(first, f, ph, t);
}

tlm::tlm_sync_enum router::receive_late(int fifo, packet* p, std::uint64_t ready) {
    count_injected(fifo, *p);
    if (!in_unit_.accept(fifo, p, ready)) return overflow(in_unit_.input_of(fifo));
    clock_.wake_router(*this, ready);
    return tlm::TLM_ACCEPTED;
}

// A design-space router's arrival (its other glue: sc/router/router_design.cpp), here to be inline
// in receive_any, its one caller: a call of its own saved and restored registers per injection.
[[gnu::always_inline]] inline void router::receive_design(int first, const flit& f,
                                                          std::uint64_t ready) {
    if (in_unit_.is_injection(first)) {  // from the node: its source queue; the credit at once
        count_injected(first, *f.pkt);
        design_->inject(f.pkt, ready, clock_.now());
        in_unit_.return_credits(first);
    } else if (const int input = in_unit_.input_of(first);
               !design_->arrive(input, f.vc, f.pkt, f.seq, ready, clock_.now())) {
        overflow(input);
        return;
    }
    clock_.wake_router(*this, ready);
}

tlm::tlm_sync_enum router::receive_any(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t,
                                       int first) {
    if (ph != tlm::BEGIN_REQ) check_phase(name(), "nb_transport_fw", ph, tlm::BEGIN_REQ);
    const std::uint64_t now = clock_.now();
    const std::uint64_t ready = now + clock_.cycle_of(t);
    if (design_) {
        receive_design(first, f, ready);
        return tlm::TLM_ACCEPTED;
    }
    const int fifo = first + f.vc;
    count_injected(fifo, *f.pkt);
    if (!in_unit_.accept(fifo, f.pkt, ready)) return overflow(in_unit_.input_of(first));
    clock_.wake_router(*this, ready);
    if (probe_.on()) probe_.arrived(now, fifo, *f.pkt);
    return tlm::TLM_ACCEPTED;
}

void router::ejection_credit() const {
    SC_REPORT_ERROR("d3/protocol", (std::string(name()) +
                                    ": a credit on the ejection channel (the node takes every "
                                    "packet; it returns no credits)")
                                       .c_str());
}

tlm::tlm_sync_enum router::overflow(int input) const {
    std::ostringstream os;
    os << name() << ": input " << input << " overflows (depth "
       << (input == ports_ ? cfg_.router.injection_depth : cfg_.router.buffer_depth)
       << "): the sender ignored its credits";
    SC_REPORT_ERROR(kMsgType, os.str().c_str());
    return tlm::TLM_ACCEPTED;
}

// A credit during a step on a link output that appends to the output unit's ring in place (nearly
// every one) is taken here; any other goes to credit_any, which does the same and the rest. Split
// as receive is, for the same reason; the wake-up of a blocked router, rarer than an arrival's, is
// a tail call (wake_blocked), so that the common case saves no registers, and so is a valid
// credit the ring takes out of order (credit_late). A credit of an output whose ring is its own
// (output_unit::separate_ring: slow links of two latencies) is appended to its ring here too, or
// goes to credit_late directly.
template <bool OnThreads>
inline tlm::tlm_sync_enum router::credit_as(int tag, flit& f, tlm::tlm_phase& ph,
                                            sc_core::sc_time& t) {
    if (ph == tlm::END_REQ && in_step<OnThreads>() && tag >= 0) {
        const std::uint64_t due = clock_.now() + clock_.cycle_of(t);
        const int vc = f.vc;
        if (out_unit_->credit_arrived_in_place_at(static_cast<std::uint32_t>(tag), vc, due))
            return blocked_ ? wake_blocked(due) : tlm::TLM_ACCEPTED;
        return credit_late(tag, vc, due);  // f, ph and t no longer needed: fewer registers
    }
    // An output whose credits wait in the second ring (slow links of two latencies)
    if (tag < kEjectionCredit && ph == tlm::END_REQ && in_step<OnThreads>() && own_ring_inline_) {
        const std::uint64_t due = clock_.now() + clock_.cycle_of(t);
        const auto own = static_cast<std::uint32_t>(-2 - tag);
        if (out_unit_->credit_arrived_in_own_ring_at(own, f.vc, due))
            return blocked_ ? wake_blocked(due) : tlm::TLM_ACCEPTED;
        return credit_late(-2 - tag, f.vc, due);
    }
    return credit_any(f, ph, t, tag);
}

inline tlm::tlm_sync_enum router::credit(int tag, flit& f, tlm::tlm_phase& ph,
                                         sc_core::sc_time& t) {
    return credit_as<false>(tag, f, ph, t);
}

tlm::tlm_sync_enum router::wake_blocked(std::uint64_t due) {
    clock_.wake_router(*this, due);
    return tlm::TLM_ACCEPTED;
}

tlm::tlm_sync_enum router::credit_late(int tag, int vc, std::uint64_t due) {
    out_unit_->credit_arrived_at(static_cast<std::uint32_t>(tag), vc, due);
    return blocked_ ? wake_blocked(due) : tlm::TLM_ACCEPTED;
}

tlm::tlm_sync_enum router::credit_any(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t, int tag) {
    if (ph != tlm::END_REQ) check_phase(name(), "nb_transport_bw", ph, tlm::END_REQ);
    if (tag == kEjectionCredit) {
        ejection_credit();
        return tlm::TLM_ACCEPTED;
    }
    if (tag >= 0) {  // a link output's credit outside a step's fast path (--threads: in one)
        const std::uint64_t due = clock_.now() + clock_.cycle_of(t);
        if (out_unit_->credit_arrived_in_place_at(static_cast<std::uint32_t>(tag), f.vc, due))
            return blocked_ ? wake_blocked(due) : tlm::TLM_ACCEPTED;
        return credit_late(tag, f.vc, due);
    }
    if (tag < kEjectionCredit) {
        if (design_) {  // a design-space router's link output
            design_->credit(-2 - tag, f.vc, clock_.now() + clock_.cycle_of(t));
            return tlm::TLM_ACCEPTED;
        }
        tag = -2 - tag;           // an output whose credits wait in a ring of their own
        if (!own_ring_inline_) {  // a file network's links of several latencies: its latency's
            const std::uint64_t due = clock_.now() + clock_.cycle_of(t);
            out_unit_->credit_arrived_by_latency(static_cast<std::uint32_t>(tag), f.vc, due);
            return blocked_ ? wake_blocked(due) : tlm::TLM_ACCEPTED;
        }
    }
    return credit_late(tag, f.vc, clock_.now() + clock_.cycle_of(t));
}

template <typename Step>
inline void router::offer(const request& r, target to, std::uint64_t t) {
    if (is_link(to)) {
        // The link's interface, for the send if the switch grants it. Asked here, not after the
        // route stage: this link test is the only one.
        out_unit_->prefetch(to);
        alloc_->request(to, r);
        return;
    }
    // The node and the hold stage take packets without arbitration, up to their room.
    const bool room =
        to == kEjectTarget
            ? out_unit_->take_eject_room<Step>(*r.e->pkt)
            : hold_->take_room(Step::classes ? r.e->pkt->service : 0) || keeps_hold_place(r);
    if (room) crossing().traverse<Step>(r, to, t);
}

// A packet held here that holds again when the hold stage has no room left keeps its own place:
// it leaves and re-enters in the same step, so the number held does not grow. Otherwise a packet
// that must hold twice in a row (one sent to its own router from a fixed point holds three times)
// would wait for ever for the place it occupies, with any bounded --hold-capacity. Not a broadcast
// entry with other copies still to send: its held copy is a packet more.
bool router::keeps_hold_place(const request& r) const {
    return r.source == static_cast<std::uint32_t>(in_unit_.buffers()) &&
           (!r.e->broadcast() || fanout_[r.e->fan].size() == 1);
}

// The case the constructor chose (the stepper calls it directly).
void router::step(std::uint64_t t) {
    stepped_with()(*this, t);
}

template <typename Step, bool Threaded>
void router::step_case(client& c, std::uint64_t t) {
    router& r = static_cast<router&>(c);
    if constexpr (Threaded) {
        r.blocked_before_ = r.blocked_;
        r.stepped_at_ = t;
        r.step_as<threaded_step<Step>>(t);
    } else {
        r.step_as<Step>(t);
    }
}

template <bool Threaded>
stepper::client::step_function router::paper_case(topology_kind net, bool slow) {
    return net == topology_kind::file  ? &step_case<paper_step<file_network>, Threaded>
           : net == topology_kind::mdf ? (slow ? &step_case<paper_step<mdf_network, true>, Threaded>
                                               : &step_case<paper_step<mdf_network>, Threaded>)
           : slow                      ? &step_case<paper_step<d3_network, true>, Threaded>
                                       : &step_case<paper_step<d3_network>, Threaded>;
}

namespace {

// The link `call` is a half of, when its class is `Binder` (final), else nullptr. Not a
// dynamic_cast to Binder: from the links' virtual bases it walks the whole class tree of every
// link, which made defer_links most of a large network's start; the complete object's address is
// one load.
template <typename Binder, typename Call>
Binder* binder_of_class(Call* call) {
    if (typeid(*call) != typeid(Binder)) return nullptr;
    return static_cast<Binder*>(dynamic_cast<void*>(call));
}

}  // namespace

// --threads, not ordered: a link between two routers as the routers' steps on the threads call it.
// An arrival or a credit, made at once or replayed, takes the router's common case
// (receive_as<true>, credit_as<true>), where the link's own call would take the general one: the
// stepper is not stepping() on the kernel's thread then. One thread's calls keep their path.
class threaded_arrival final : public link_fw_call {
  public:
    threaded_arrival(router& down, int first) : down_(down), first_(first) {}
    tlm::tlm_sync_enum nb_transport_fw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
        return down_.receive_as<true>(first_, f, ph, t);
    }

  private:
    router& down_;
    const int first_;
};

class threaded_credit final : public link_bw_call {
  public:
    threaded_credit(router& up, int tag) : up_(up), tag_(tag) {}
    tlm::tlm_sync_enum nb_transport_bw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
        return up_.credit_as<true>(tag_, f, ph, t);
    }

  private:
    router& up_;
    const int tag_;
};

link_fw_call* router::threaded_injection(link_fw_call* call, step_deferral& d) {
    auto* const binder = binder_of_class<bound_fw_binder<router>>(call);
    if (!binder) return call;
    return d.make_end<threaded_arrival>(binder->module(), binder->tag());
}

void router::defer_links(step_deferral& d) {
    d.track(id_, *this);
    using pair = link_pair<router, router>;
    for (int o = 0; o < ports_; ++o) {
        link_fw_call* down = out_unit_->link_call(o);
        auto* const link = binder_of_class<pair>(down);
        if (link && !d.ordered())
            down = d.make_end<threaded_arrival>(link->downstream(),
                                                static_cast<link_fw_end<router>*>(link)->tag());
        out_unit_->redirect(
            o, d.forward(id_, down, link ? &link->downstream() : nullptr, tlm::TLM_ACCEPTED));
    }
    out_unit_->redirect_node(d.forward(id_, out_unit_->node_call(), nullptr, tlm::TLM_COMPLETED));
    for (int input = 0; input <= ports_; ++input) {  // the node's port last
        link_bw_call* up = in_unit_.upstream_call(input);
        auto* const link = binder_of_class<pair>(up);
        if (link && !d.ordered()) up = d.make_end<threaded_credit>(link->upstream(), link->tag());
        in_unit_.redirect_upstream(input, d.backward(id_, up, link ? &link->upstream() : nullptr));
    }
}

const request_list& router::privileged_first() {
    by_class_ = requests_;
    std::stable_partition(by_class_.begin(), by_class_.end(), [](const request& r) {
        return r.e->pkt->service == static_cast<std::uint8_t>(service::privileged);
    });
    return by_class_;
}

// The paper's router's step (router.h lists it): a short sequence of unit calls, each inline.
template <typename Step>
void router::step_as(std::uint64_t t) {
    blocked_ = false;
    out_unit_->return_credits<Step>(t);            // 1. credits in
    const request_list& order = collect<Step>(t);  // 2. input
    route<Step>(t, order);                         // 3. route (the node and the hold stage served)
    blocked_ = allocate_switch<Step>(t);           // 4. VC and switch allocation, traversal
    release<Step>(t);                              // 5. credits out
    if constexpr (is_threaded<Step>) {
        if (clock_.deferral()->ordered())  // made after the lower ids' writes are replayed
            clock_.deferral()->wake_next(*this, id_, &replayed_wake_next<Step>);
        else if (!clock_.deferral()->due_next(id_, t))  // recorded: made after the replay
            replayed_wake_next<Step>(*this, t);
    } else
        wake_next<Step>(t);  // 6. the next cycle with work
}

template <typename Step>
void router::replayed_wake_next(router& r, std::uint64_t t) {
    if (r.clock_.due_next_router(r)) return;
    std::uint64_t next = std::min(r.in_unit_.next_work(t), r.hold_->next_work<Step>(t));
    if (r.blocked_) next = std::min(next, r.out_unit_->next_credit(t));
    if (next != calendar::kNever) r.clock_.wake_router(r, next);
}

template <typename Step>
inline const request_list& router::collect(std::uint64_t t) {
    requests_.clear();
    in_unit_.collect<Step>(t, requests_);
    hold_->collect<Step>(t, static_cast<std::uint32_t>(in_unit_.buffers()), requests_);
    hold_->begin_step<Step>();
    out_unit_->begin_step<Step>(t);
    // Privileged first, to take the ejection and hold room first (release reads requests_).
    return Step::classes && classes_ > 1 ? privileged_first() : requests_;
}

template <typename Step>
inline void router::route(std::uint64_t t, const request_list& order) {
    for (const request& r : order) {
        entry& e = *r.e;
        // Whether it is a unicast, from the route stage when it decodes now: read back from the
        // entry at the join of both ways, the broadcast test and the target cost each request
        // two loads.
        bool unicast;
        if (!e.decoded) {
            unicast = route_.route(e, t, typename Step::network{});
            if (Step::route_stage && route_cycles_ != 0) {  // its own stage: allocation from t + R
                e.ready = t + route_cycles_;
                if (Step::observed && probe_.on()) probe_.routed(t, e.ready);
                e.stalled = false;
                continue;
            }
        } else {
            unicast = !e.broadcast();
        }
        if (unicast) {
            offer<Step>(r, e.to, t);
        } else {
            targets_ = fanout_[e.fan];  // serving a target edits the list
            e.stalled = std::all_of(targets_.begin(), targets_.end(), is_link);  // (entry.h)
            for (target x : targets_) offer<Step>(r, x, t);
        }
    }
}

// Static VC allocation (the credit test's channel) and switch allocation; the crossbar moves each
// winner, inlined into the allocator (with the output unit's send and eject): a call per granted
// packet saved and restored its registers. True when a packet waits for a credit.
template <typename Step>
inline bool router::allocate_switch(std::uint64_t t) {
    const auto grant = [&](const request& r, int o) __attribute__((always_inline)) {
        if (!is_link(static_cast<target>(o))) __builtin_unreachable();  // offer asks for links
        return crossing().traverse<Step>(r, static_cast<target>(o), t);
    };
    const auto lost = [&](const request& r, int o) {
        if (Step::observed && probe_.logs_packets()) probe_.lost(*r.e->pkt, t, r.source, o);
    };
    if (!Step::flits || flits_ == 1)  // one-flit packets: a credit is a packet (the paper's)
        return alloc_->allocate<Step>(
            t, [&](int o, entry& e) { return credit_for<Step>(o, e) || no_credit(e); }, grant,
            lost);
    // F flits: room for all of them downstream and the link free (docs/multi-flit.md)
    return alloc_->allocate<Step>(
        t,
        [&](int o, entry& e) {
            const int vc = vc_after<Step>(e);
            if (out_unit_->can_send(o, vc, e.pkt->flits, t)) return true;
            ++stats_.vc_waits(vc);
            return no_credit(e);
        },
        grant, lost);
}

template <typename Step>
inline void router::release(std::uint64_t t) {
    in_unit_.release<Step>(requests_, [&](int fifo) {
        if (Step::observed && probe_.on()) probe_.buffer_changed(t, fifo);
    });
    if (hold_->commit<Step>() && Step::observed && probe_.on())
        probe_.hold_changed(t, hold_->size());
}

// Nothing to work out when the next cycle is asked for already.
template <typename Step>
inline void router::wake_next(std::uint64_t t) {
    if (clock_.due_next_router(*this)) return;
    const std::uint64_t links =
        Step::tracks_next ? in_unit_.next_work_tracked(t) : in_unit_.next_work(t);
    std::uint64_t next = std::min(links, hold_->next_work<Step>(t));
    if (blocked_) next = std::min(next, out_unit_->next_credit(t));
    if (next != calendar::kNever) clock_.wake_router(*this, next);
}

template class link_fw_end<router>;
template class link_bw_end<router>;
template class link_pair<router, router>;
template class bound_fw_binder<router>;
template class bound_bw_binder<router>;

}  // namespace d3
