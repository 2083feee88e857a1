#include "sc/router.h"

#include <algorithm>
#include <limits>
#include <sstream>

namespace d3 {

namespace {
const char* const kMsgType = "d3/router";
}

router::router(const sc_core::sc_module_name& name, const setup& s)
    : sc_core::sc_module(name),
      global_out("global_out", static_cast<std::size_t>(s.topo.k())),
      global_in("global_in", static_cast<std::size_t>(s.topo.k())),
      local_out("local_out", static_cast<std::size_t>(s.topo.m() - 1),
                [](const char*, std::size_t i) {
                    return new out_socket(("local_out_" + std::to_string(i + 1)).c_str());
                }),
      local_in("local_in", static_cast<std::size_t>(s.topo.m() - 1),
               [](const char*, std::size_t i) {
                   return new in_socket(("local_in_" + std::to_string(i + 1)).c_str());
               }),
      inject_in("inject_in"),
      eject_out("eject_out"),
      cfg_(s.cfg),
      topo_(s.topo),
      at_(s.at),
      id_(s.topo.id(s.at)),
      decoder_(s.decoder),
      pool_(s.pool),
      observer_(s.observer),
      outputs_(s.topo.link_ports()),
      inputs_(s.topo.link_ports() + 1),
      inject_(s.topo.link_ports()),
      vcs_(s.cfg.router.vcs),
      injq_(s.topo.link_ports() * s.cfg.router.vcs),
      period_(step_time()),
      pipeline_(step_time() * (s.cfg.router.pipeline_stages - 1)),
      credits_(static_cast<std::size_t>(outputs_ * vcs_), s.cfg.router.buffer_depth),
      credit_due_(static_cast<std::size_t>(outputs_ * vcs_),
                  fifo<std::uint64_t>(static_cast<std::size_t>(s.cfg.router.buffer_depth))),
      wanted_(static_cast<std::size_t>(outputs_)) {
    in_.reserve(static_cast<std::size_t>(injq_ + 1));
    for (int i = 0; i < injq_; ++i)
        in_.emplace_back(static_cast<std::size_t>(cfg_.router.buffer_depth));
    in_.emplace_back(static_cast<std::size_t>(cfg_.router.injection_depth));
    arbiters_.reserve(static_cast<std::size_t>(outputs_));
    for (int o = 0; o < outputs_; ++o)
        arbiters_.emplace_back(cfg_.router.arb, static_cast<std::uint32_t>(injq_ + 2));
    for (int i = 0; i < outputs_; ++i) {
        out(i).register_nb_transport_bw(this, &router::credit, i);
        in(i).register_nb_transport_fw(this, &router::receive, i);
    }
    inject_in.register_nb_transport_fw(this, &router::receive, inject_);
    // The node takes every packet (no credits on ejection); an END_REQ from it is accepted and
    // ignored.
    eject_out.register_nb_transport_bw(this, &router::eject_done, 0);
    SC_METHOD(step);
    sensitive << wake_;
    dont_initialize();
}

router::out_socket& router::out(int index) {
    return index < topo_.k() ? global_out[static_cast<std::size_t>(index)]
                             : local_out[static_cast<std::size_t>(index - topo_.k())];
}

router::in_socket& router::in(int index) {
    return index < topo_.k() ? global_in[static_cast<std::size_t>(index)]
                             : local_in[static_cast<std::size_t>(index - topo_.k())];
}

void router::end_of_elaboration() {
    fw_.clear();
    bw_.clear();
    for (int o = 0; o < outputs_; ++o) fw_.push_back(out(o).operator->());
    for (int i = 0; i < outputs_; ++i) bw_.push_back(in(i).operator->());
    bw_.push_back(inject_in.operator->());
}

void router::wake_at(std::uint64_t cycle) {
    const std::uint64_t n = now();
    cycle = std::max(cycle, n);
    if (wake_pending_ && wake_cycle_ <= cycle) return;
    wake_pending_ = true;
    wake_cycle_ = cycle;
    wake_.notify(period_ * static_cast<double>(cycle - n));
}

tlm::tlm_sync_enum router::receive(int input, tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                   sc_core::sc_time& t) {
    if (ph != tlm::BEGIN_REQ) SC_REPORT_ERROR(kMsgType, "unexpected phase on a router input");
    const int f = input == inject_ ? injq_ : fifo_index(input, vc_of(pool_.info(gp).hdr.b, vcs_));
    auto& q = in_[static_cast<std::size_t>(f)];
    const std::size_t depth = static_cast<std::size_t>(
        input == inject_ ? cfg_.router.injection_depth : cfg_.router.buffer_depth);
    if (q.size() >= depth || q.full()) {
        std::ostringstream os;
        os << name() << ": input " << input << " overflows (depth " << depth
           << "): the sender ignored its credits";
        SC_REPORT_ERROR(kMsgType, os.str().c_str());
    }
    entry e;
    e.gp = &gp;
    e.ready = now() + cycles(t);
    const std::uint64_t ready = e.ready;
    q.push_back(std::move(e));
    wake_at(ready);
    if (observer_) observer_->on_buffer(now(), id_, input, q.size());
    return tlm::TLM_ACCEPTED;
}

tlm::tlm_sync_enum router::credit(int output, tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                  sc_core::sc_time& t) {
    if (ph != tlm::END_REQ) SC_REPORT_ERROR(kMsgType, "unexpected phase on a router output");
    const std::uint64_t due = now() + cycles(t);
    // The credit token carries the virtual channel it frees in its address field.
    const auto vc = static_cast<int>(gp.get_address());
    credit_due_[static_cast<std::size_t>(output * vcs_ + vc)].push_back(due);
    if (blocked_) wake_at(due);
    return tlm::TLM_ACCEPTED;
}

tlm::tlm_sync_enum router::eject_done(int, tlm::tlm_generic_payload&, tlm::tlm_phase&,
                                      sc_core::sc_time&) {
    return tlm::TLM_ACCEPTED;
}

int router::hold_time(action act) const {
    const bool global = act == action::global || act == action::broadcast_global;
    return cfg_.router.pipeline_stages - 1 +
           (global ? cfg_.router.global_latency : cfg_.router.local_latency);
}

void router::prepare(entry& e, std::uint64_t step) {
    const packet& p = pool_.info(*e.gp);
    e.dec = decoder_.decode(p.hdr, at_);
    e.decoded = true;
    ++stats_.decodes;
    const decision& d = e.dec;
    const bool fixed = topology::is_fixed_point(at_);
    bool ok = true;
    switch (d.act) {
        case action::eject:
            e.target = kEject;
            break;
        case action::local:
            ok = d.port < topo_.m() && d.hold == (d.port == 0);
            e.target =
                d.hold ? kHold : static_cast<std::uint16_t>(index_of({false, d.port}, topo_.k()));
            break;
        case action::global:
            // D3 holds exactly where global port 0 loops back; MDF may hold anywhere (port 0).
            ok = d.port < topo_.k() && (d.hold ? d.port == 0 && topo_.may_hold_globally(at_)
                                               : !topo_.global_loops(at_, d.port));
            e.target = d.hold ? kHold : static_cast<std::uint16_t>(d.port);
            break;
        case action::broadcast_local:
            ok = topo_.is_d3() && d.hold;
            e.targets.push_back(kHold);
            for (int x = 1; x < topo_.m(); ++x)
                e.targets.push_back(static_cast<std::uint16_t>(index_of({false, x}, topo_.k())));
            break;
        case action::broadcast_global:
            ok = topo_.is_d3() && d.hold == fixed;
            for (int a = 0; a < topo_.k(); ++a)
                e.targets.push_back(a == 0 && d.hold ? kHold : static_cast<std::uint16_t>(a));
            break;
        case action::invalid:
            ok = false;
            break;
    }
    if (!ok) {
        std::ostringstream os;
        os << name() << " " << topo_.label(at_) << " step " << step << ": cannot route header "
           << to_string(p.hdr) << " (decoder said " << to_string(d) << ")";
        SC_REPORT_ERROR(kMsgType, os.str().c_str());
    }
}

void router::send(tlm::tlm_generic_payload* gp, int output, std::uint64_t) {
    packet& p = pool_.info(*gp);
    ++p.hops;
    ++stats_.hops;
    --credits_[static_cast<std::size_t>(output * vcs_ + vc_of(p.hdr.b, vcs_))];
    tlm::tlm_phase ph = tlm::BEGIN_REQ;
    sc_core::sc_time delay = pipeline_;
    fw_[static_cast<std::size_t>(output)]->nb_transport_fw(*gp, ph, delay);
}

tlm::tlm_generic_payload* router::serve(entry& e, std::uint16_t target, std::uint64_t step) {
    e.stalled = false;
    const bool broadcast = !e.targets.empty();
    const bool last = !broadcast || e.targets.size() == 1;
    tlm::tlm_generic_payload* gp = e.gp;
    if (!last) {  // a broadcast copy: same message, new serial number
        gp = pool_.acquire();
        packet& copy = pool_.info(*gp);
        const std::uint64_t serial = copy.serial;
        copy = pool_.info(*e.gp);
        copy.serial = serial;
    }
    if (broadcast) e.targets.erase(std::find(e.targets.begin(), e.targets.end(), target));
    if (last) e.done = true;
    packet& p = pool_.info(*gp);
    if (target == kEject) {
        ++stats_.ejected;
        tlm::tlm_phase ph = tlm::BEGIN_REQ;
        sc_core::sc_time zero = sc_core::SC_ZERO_TIME;
        eject_out->nb_transport_fw(*gp, ph, zero);
        return gp;
    }
    p.hdr = e.dec.next;
    if (target == kHold) {
        ++stats_.holds;
        entry h;
        h.gp = gp;
        h.ready = step + static_cast<std::uint64_t>(hold_time(e.dec.act));
        to_hold_.push_back(std::move(h));
        return gp;
    }
    send(gp, target, step);
    return gp;
}

void router::dispatch(const request& r, std::uint16_t target, std::uint64_t step) {
    entry& e = *r.e;
    if (target == kEject || target == kHold) {
        // The node and the hold stage take packets without arbitration, up to their width.
        const bool room = target == kEject ? (cfg_.router.ejection_width == 0 || eject_room_ > 0)
                                           : hold_room_ > 0;
        e.stalled = false;
        if (!room) return;
        if (target == kEject)
            --eject_room_;
        else
            --hold_room_;
        serve(e, target, step);
        return;
    }
    auto& w = wanted_[target];
    if (w.empty()) touched_.push_back(target);
    w.push_back(r);
}

void router::arbitrate(int output, std::uint64_t step) {
    auto& w = wanted_[static_cast<std::size_t>(output)];
    const std::size_t n = w.size();
    link_event ev;
    if (n > 1) {
        ++stats_.conflicts;
        stats_.waits += n - 1;
        if (conflict_log_.size() < kConflictLog)
            conflict_log_.push_back(
                {step, id_, static_cast<std::uint16_t>(output), static_cast<std::uint16_t>(n)});
    }
    // Only requesters whose virtual channel downstream has a credit compete (with one VC: all
    // or none).
    eligible_.clear();
    for (std::size_t i = 0; i < n; ++i)
        if (credits_[static_cast<std::size_t>(output * vcs_ + vc_after(*w[i].e))] > 0)
            eligible_.push_back(i);
    if (!eligible_.empty()) {
        std::size_t win = eligible_[0];
        if (eligible_.size() > 1) {
            cands_.clear();
            for (std::size_t i : eligible_) {
                const packet& p = pool_.info(*w[i].e->gp);
                cands_.push_back({static_cast<std::uint32_t>(w[i].source), p.launch, p.serial});
            }
            win = eligible_[arbiters_[static_cast<std::size_t>(output)].pick(cands_.data(),
                                                                             cands_.size())];
        }
        for (std::size_t i : eligible_) w[i].e->stalled = false;
        const packet& sent =
            pool_.info(*serve(*w[win].e, static_cast<std::uint16_t>(output), step));
        ev.sent = true;
        ev.serial = sent.serial;
        ev.msg = sent.msg;
        ev.src = sent.src;
        ev.hdr = sent.hdr;
    } else {
        ++stats_.stalls;
    }
    if (eligible_.size() < n) blocked_ = true;  // a returning credit wakes the router
    if (observer_) {
        ev.step = step;
        ev.router = id_;
        ev.port = static_cast<std::uint16_t>(output);
        ev.requesters = static_cast<std::uint16_t>(n);
        observer_->on_link(ev);
    }
    w.clear();
}

void router::free_input_slot(int f) {
    tlm::tlm_phase ph = tlm::END_REQ;
    if (f == injq_) {
        sc_core::sc_time t = period_;  // the injection channel's latency
        credit_token_.set_address(0);
        bw_[static_cast<std::size_t>(inject_)]->nb_transport_bw(credit_token_, ph, t);
    } else {
        sc_core::sc_time t = sc_core::SC_ZERO_TIME;  // the link adds its latency
        credit_token_.set_address(static_cast<sc_dt::uint64>(f % vcs_));
        bw_[static_cast<std::size_t>(f / vcs_)]->nb_transport_bw(credit_token_, ph, t);
    }
}

void router::compact(std::uint64_t step) {
    for (int i = 0; i < injq_; ++i) {
        auto& q = in_[static_cast<std::size_t>(i)];
        if (!q.empty() && q.front().done) {
            q.pop_front();
            free_input_slot(i);
            if (observer_) observer_->on_buffer(step, id_, i / vcs_, q.size());
        }
    }
    auto& inj = in_[static_cast<std::size_t>(injq_)];
    const std::size_t freed = inj.remove_if([](const entry& e) { return e.done; });
    for (std::size_t i = 0; i < freed; ++i) free_input_slot(injq_);
    if (observer_ && freed != 0) observer_->on_buffer(step, id_, inject_, inj.size());
    const std::size_t held = hold_.size();
    hold_.erase(std::remove_if(hold_.begin(), hold_.end(), [](const entry& e) { return e.done; }),
                hold_.end());
    for (entry& e : to_hold_) hold_.push_back(std::move(e));
    to_hold_.clear();
    if (observer_ && hold_.size() != held) observer_->on_buffer(step, id_, -1, hold_.size());
}

void router::schedule_next(std::uint64_t step) {
    std::uint64_t next = std::numeric_limits<std::uint64_t>::max();
    const auto consider = [&](const entry& e) {
        if (e.ready <= step && e.stalled) return;  // waits for a credit, which wakes us
        next = std::min(next, std::max(e.ready, step + 1));
    };
    for (int i = 0; i < injq_; ++i)
        if (!in_[static_cast<std::size_t>(i)].empty())
            consider(in_[static_cast<std::size_t>(i)].front());
    const auto& inj = in_[static_cast<std::size_t>(injq_)];
    const std::size_t lanes =
        std::min(inj.size(), static_cast<std::size_t>(cfg_.router.injection_width));
    for (std::size_t j = 0; j < lanes; ++j) consider(inj[j]);
    for (const entry& e : hold_) consider(e);
    // A credit that arrived before this step blocked (when blocked_ was still false) scheduled no
    // wake-up: wake when the earliest pending credit becomes usable.
    if (blocked_)
        for (const auto& due : credit_due_)
            if (!due.empty()) next = std::min(next, std::max(due.front(), step + 1));
    if (next != std::numeric_limits<std::uint64_t>::max()) wake_at(next);
}

void router::step() {
    wake_pending_ = false;
    blocked_ = false;
    const std::uint64_t t = now();
    if (cfg_.occupancy_snapshots) {
        credits_at_step_ = credits_;
        snapshot_cycle_ = t;
    }
    for (std::size_t o = 0; o < credit_due_.size(); ++o) {
        auto& due = credit_due_[o];
        while (!due.empty() && due.front() <= t) {
            ++credits_[o];
            due.pop_front();
        }
    }
    requests_.clear();
    for (int i = 0; i < injq_; ++i) {
        auto& q = in_[static_cast<std::size_t>(i)];
        if (!q.empty() && q.front().ready <= t) requests_.push_back({&q.front(), i});
    }
    auto& inj = in_[static_cast<std::size_t>(injq_)];
    const std::size_t lanes =
        std::min(inj.size(), static_cast<std::size_t>(cfg_.router.injection_width));
    for (std::size_t j = 0; j < lanes && inj[j].ready <= t; ++j)
        requests_.push_back({&inj[j], injq_});
    for (entry& e : hold_)
        if (e.ready <= t) requests_.push_back({&e, injq_ + 1});

    const int cap = cfg_.router.hold_capacity;
    hold_room_ = cap == 0
                     ? std::numeric_limits<std::size_t>::max()
                     : static_cast<std::size_t>(std::max(0, cap - static_cast<int>(hold_.size())));
    eject_room_ = cfg_.router.ejection_width;
    touched_.clear();
    std::vector<std::uint16_t> targets;
    for (const request& r : requests_) {
        entry& e = *r.e;
        e.stalled = true;
        if (!e.decoded) prepare(e, t);
        if (e.targets.empty()) {
            dispatch(r, e.target, t);
        } else {
            targets = e.targets;  // serving a target edits the list
            for (std::uint16_t target : targets) dispatch(r, target, t);
        }
    }
    for (int o : touched_) arbitrate(o, t);
    compact(t);
    schedule_next(t);
}

std::size_t router::occupancy() const {
    std::size_t n = hold_.size();
    for (const auto& q : in_) n += q.size();
    return n;
}

std::string router::fifo_label(int f) const {
    if (f == injq_) return "injection";
    const port_ref p = port_of(f / vcs_, topo_.k());
    std::string s = (p.global ? "global " : "local ") + std::to_string(p.port);
    if (vcs_ > 1) s += " vc" + std::to_string(f % vcs_);
    return s;
}

std::string router::fifo_head(int f) const {
    return to_string(pool_.info(*in_[static_cast<std::size_t>(f)].front().gp).hdr);
}

int router::output_occupancy(int o) const {
    const std::vector<int>& c = snapshot_cycle_ == now() ? credits_at_step_ : credits_;
    int n = 0;
    for (int v = 0; v < vcs_; ++v)
        n += cfg_.router.buffer_depth - c[static_cast<std::size_t>(o * vcs_ + v)];
    return n;
}

std::vector<router::wait> router::blocked_heads() const {
    std::vector<wait> out;
    for (int f = 0; f < injq_; ++f) {
        const auto& q = in_[static_cast<std::size_t>(f)];
        if (q.empty()) continue;
        const entry& e = q.front();
        if (!e.decoded || e.done || !e.targets.empty() || e.target == kHold || e.target == kEject)
            continue;
        const int vc = vc_after(e);
        if (credits_[static_cast<std::size_t>(e.target * vcs_ + vc)] > 0) continue;
        out.push_back({f, e.target, vc});
    }
    return out;
}

std::string router::describe_occupancy() const {
    std::ostringstream os;
    os << name() << " " << topo_.label(at_) << ":";
    for (int i = 0; i <= injq_; ++i) {
        const auto& q = in_[static_cast<std::size_t>(i)];
        if (q.empty()) continue;
        os << " " << fifo_label(i);
        os << " holds " << q.size() << " (head " << to_string(pool_.info(*q.front().gp).hdr);
        const entry& e = q.front();
        if (e.decoded && !e.done && e.targets.empty() && e.target != kHold && e.target != kEject) {
            const int vc = vc_after(e);
            const port_ref p = port_of(e.target, topo_.k());
            os << " wants " << (p.global ? "global " : "local ") << p.port;
            if (vcs_ > 1) os << " vc" << vc;
            os << ", credits " << credits_[static_cast<std::size_t>(e.target * vcs_ + vc)];
        }
        os << ")";
    }
    if (!hold_.empty()) os << " hold stage holds " << hold_.size();
    return os.str();
}

}  // namespace d3
