#include "core/vc_router/vc_router.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace d3 {
namespace {

std::vector<int> input_depths(const vc_router_setup& s) {
    std::vector<int> d(static_cast<std::size_t>(s.link_ports), s.buffer_depth);
    d.push_back(output_vcs::kUnbounded);  // the hold port: as many as are held
    d.insert(d.end(), static_cast<std::size_t>(s.terminals), s.terminal_depth);
    return d;
}

std::vector<int> output_depths(const vc_router_setup& s) {
    std::vector<int> d(static_cast<std::size_t>(s.link_ports), s.buffer_depth);
    // The hold port and the terminals take every flit.
    d.insert(d.end(), static_cast<std::size_t>(s.terminals + 1), output_vcs::kUnbounded);
    return d;
}

}  // namespace

vc_router::vc_router(const vc_router_setup& s, vc_router_io& io, link_observer* observer,
                     router_id id)
    : setup_(s),
      io_(io),
      observer_(observer),
      id_(id),
      log_packets_(observer && observer->wants_packets()),
      route_cycles_(static_cast<std::uint64_t>(s.pipeline.route)),
      vc_cycles_(static_cast<std::uint64_t>(s.pipeline.vc_allocate)),
      read_out_(static_cast<std::uint64_t>(s.pipeline.allocate)),
      depart_(static_cast<std::uint64_t>(s.pipeline.allocate + s.pipeline.traverse)),
      queue_(static_cast<std::uint64_t>(s.output_queue)),
      classes_(s),
      inputs_(s.vcs, input_depths(s)),
      outputs_(s.vcs, output_depths(s), s.wait_for_tail_credit),
      sources_(setup_),  // keeps a reference: the member, not the argument
      vcs_(s, inputs_.inputs(), outputs_.outputs()),
      switch_(s, inputs_.inputs(), outputs_.outputs(), observer != nullptr),
      in_ports_(static_cast<std::size_t>(inputs_.inputs())),
      out_ports_(static_cast<std::size_t>(outputs_.outputs())) {
    for (std::size_t o = 0; o < s.link_global.size(); ++o) out_ports_[o].global = s.link_global[o];
    if (!observer_) return;
    output_sent_.assign(static_cast<std::size_t>(outputs_.outputs()), nullptr);
    output_flits_.assign(static_cast<std::size_t>(outputs_.outputs()), 0);
    output_heads_.assign(static_cast<std::size_t>(outputs_.outputs()), 0);
    input_sent_.assign(static_cast<std::size_t>(inputs_.inputs()), 0);
}

std::uint64_t vc_router::step(std::uint64_t t) {
    outputs_.return_credits(t);
    if (observer_ && !releases_.empty()) observe_releases(t);
    sources_.inject(t, [&](int terminal, int vc, const flit_slot& f) {
        // One cycle over the injection channel.
        const int input = input_of_terminal(terminal);
        inputs_.arrive(input, vc,
                       {f.pkt, t + static_cast<std::uint64_t>(setup_.terminal_latency), f.seq});
        if (observer_) report_buffer(t, input, vc);
    });
    rounds_owed_ += setup_.internal_speedup;
    for (; rounds_owed_ >= 1.0; rounds_owed_ -= 1.0) {
        route_and_ask(t);
        if (switch_.any_order()) {
            // The VCs active before this round's VC grants ask first, the heads granted a VC ask
            // as they are granted: the same grants as in index order (switch_allocation.h).
            request_switch(t);
            allocate_vcs<true>(t);
        } else {
            allocate_vcs<false>(t);
            request_switch(t);
        }
        switch_.allocate([&](int iv, int output) { traverse(iv, output, t); },
                         [&] {
                             if (observer_) observe_switch(t);
                         });
    }
    if (inputs_.flits() != 0 || sources_.packets() != 0) return t + 1;
    return UINT64_MAX;
}

// Decodes the head of input VC `iv`: its output and the VCs it may take there.
inline void vc_router::route(int iv, input_vc& v, std::uint64_t t) {
    // The head's packet read once: after each decode (a call) the ring's front is not read again.
    packet* const p = v.flits.front().pkt;
    if (v.flits.front().seq != 0)
        throw std::logic_error("input VC " + std::to_string(iv) +
                               ": a packet's body flit with no head before it");
    target to;
    if (!decode(*p, t, to, v.next)) throw std::logic_error("a broadcast at a design-space router");
    while (to == kHoldTarget && setup_.skip_holds) {  // no step of its own
        p->hdr = v.next;
        if (!decode(*p, t, to, v.next))
            throw std::logic_error("a broadcast at a design-space router");
    }
    int globals = p->globals;
    if (to == kEjectTarget) {
        v.output = setup_.link_ports + 1 + terminal_of(*p);
    } else if (to == kHoldTarget) {
        v.output = setup_.link_ports;
    } else {
        v.output = static_cast<int>(to);
        if (out_ports_[to].global) ++globals;
    }
    v.candidates = classes_.next(globals, v.next);
    v.routed = p;
    inputs_.move_stage<vc_stage::idle, vc_stage::vc_alloc>(iv);
    v.eligible = t + route_cycles_;
}

// The route stage and the VC requests in one visit, in index order: a head routed in this visit
// asks at once if the route stage takes no cycles of its own.
void vc_router::route_and_ask(std::uint64_t t) {
    inputs_.for_each_before_active([&](int iv) __attribute__((always_inline)) {
        input_vc& v = inputs_.at(iv);
        if (v.stage == vc_stage::idle) {
            if (v.flits.front().ready > t) return;
            route(iv, v, t);
        }
        if (v.eligible <= t) {
            ++stats_.va_requests;
            vcs_.request(iv, v.output, v.candidates, outputs_,
                         [&] { return v.flits.front().pkt->launch; });
        }
    });
}

template <bool AskSwitch>
void vc_router::allocate_vcs(std::uint64_t t) {
    vcs_.allocate([&](int iv, int out_vc, int out_index) __attribute__((always_inline)) {
        input_vc& v = inputs_.at(iv);
        outputs_.take_at(out_index, iv);
        ++stats_.va_grants;
        if (observer_)
            observer_->on_vc_grant(t, id_, observed_port(v.output), out_vc,
                                   observed_port(iv / inputs_.vcs()), iv % inputs_.vcs());
        v.out_vc = out_vc;
        v.out_index = out_index;
        inputs_.move_stage<vc_stage::vc_alloc, vc_stage::active>(iv);
        v.eligible = t + vc_cycles_;
        // Its head was ready when it was routed (route_and_ask).
        if constexpr (AskSwitch)
            if (vc_cycles_ == 0) ask_switch(iv, v, v.flits.front(), t);
    });
}

inline void vc_router::ask_switch(int iv, const input_vc& v, const flit_slot& f, std::uint64_t t) {
    // Virtual cut-through: a head needs room for all its flits.
    const int need = setup_.control == flow_control::vct && f.seq == 0 ? f.pkt->flits : 1;
    if (outputs_.credits_at(v.out_index) < need) return;
    if (queue_ != 0 &&
        out_ports_[static_cast<std::size_t>(v.output)].link_free >= t + depart_ + queue_)
        return;  // its output queue is full
    ++stats_.sa_requests;
    switch_.request(iv, v.output, [&] { return f.pkt->launch; });
    if (log_packets_ && f.seq == 0)
        heads_asked_.push_back({iv / inputs_.vcs(), iv % inputs_.vcs(), v.output, f.pkt});
}

void vc_router::request_switch(std::uint64_t t) {
    if (!inputs_.any_active()) return;  // (most rounds of a lightly loaded router)
    inputs_.for_each_at(
        vc_stage::active, [&](int iv) __attribute__((always_inline)) {
            const input_vc& v = inputs_.at(iv);
            if (v.eligible > t) return;
            const flit_slot& f = v.flits.front();
            if (f.ready > t) return;
            ask_switch(iv, v, f, t);
        });
}

void vc_router::traverse(int iv, int output, std::uint64_t t) {
    const int input = iv / inputs_.vcs(), vc = iv % inputs_.vcs();
    input_vc& v = inputs_.at(iv);
    // The head flit's packet and number, then the slot taken out (not copied whole: only these
    // two fields are read).
    packet* const p = v.flits.front().pkt;
    const std::uint16_t seq = v.flits.front().seq;
    inputs_.pop(iv);
    const bool tail = seq + 1 == p->flits;
    const int out_vc = v.out_vc;
    output_port& out = out_ports_[static_cast<std::size_t>(output)];
    ++in_ports_[static_cast<std::size_t>(input)].crossed;
    ++out.crossed;
    // The slot is free when the flit is read out (the allocate unit's cycles after the grant).
    free_slot(input, vc, t + read_out_ + static_cast<std::uint64_t>(setup_.credit_delay));
    outputs_.send_at(v.out_index, output, tail);
    // After the flits ahead of it in its output's queue (none without speedups).
    std::uint64_t& free = out.link_free;
    const std::uint64_t depart = std::max(t + depart_, free);
    free = depart + 1;
    if (seq == 0) {
        p->hdr = v.next;
        if (output < setup_.link_ports) {
            ++p->hops;
            ++stats_.hops;
            if (out.global) ++p->globals;
        } else if (output == setup_.link_ports) {
            ++stats_.holds;
        }
    }
    // Before the flit goes on: a delivered packet may go back to the node's pool.
    if (observer_) observe_traverse(t, input, vc, output, out_vc, *p, seq == 0, tail);
    if (output < setup_.link_ports) {
        if (setup_.packet_length > 1) {
            // Per flit: a failure may take a packet whose tail never crosses (vc_router_failure).
            ++stats_.flits_sent;
            if (seq == 0) ++stats_.vc_packets(v.out_vc);
        }
        send_flit(output, v.out_vc, p, seq, depart, t);
    } else if (output == setup_.link_ports) {
        inputs_.arrive(output, v.out_vc,
                       {p, depart + static_cast<std::uint64_t>(setup_.hold_latency), seq});
        if (observer_) report_buffer(t, output, v.out_vc);
    } else if (tail) {
        ++stats_.ejected;
        if (setup_.packet_length > 1) stats_.flits_ejected += p->flits;
        io_.deliver(p, depart + static_cast<std::uint64_t>(setup_.terminal_latency));
    }
    if (tail) {
        inputs_.move_stage<vc_stage::active, vc_stage::idle>(iv);
        v.output = v.out_vc = -1;
    }
}

int vc_router::terminal_of(const packet& p) const {
    // A fixed hash of the message: every terminal of the router equally often.
    const std::uint64_t h = (p.msg + 1) * 0x9E3779B97F4A7C15ull;
    return static_cast<int>((h >> 32) % static_cast<std::uint64_t>(setup_.terminals));
}

std::string vc_router::describe() const {
    std::ostringstream os;
    const char* const stage[] = {"idle", "vc_alloc", "active"};
    for (int iv = 0; iv < inputs_.size(); ++iv) {
        const input_vc& v = inputs_.at(iv);
        if (v.flits.empty()) continue;
        os << " input " << iv / inputs_.vcs() << " vc" << iv % inputs_.vcs() << ": "
           << v.flits.size() << " flits, head packet " << v.flits.front().pkt->serial << " ("
           << stage[static_cast<int>(v.stage)] << ")";
    }
    if (sources_.packets() != 0) os << " source queues: " << sources_.packets() << " packets";
    return os.str();
}

}  // namespace d3
