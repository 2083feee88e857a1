// The router's answers for diagnosis, read when a run stops with packets left behind (a
// deadlock, the watchdog, a drain limit): what each buffer holds and what its head waits for.
// Off the per-hop path, so apart from router.cpp (built at -O3 for the step).
#include <sstream>

#include "sc/router.h"

namespace d3 {

std::string router::fifo_label(int f) const {
    if (in_unit_.is_injection(f))
        return classes_ > 1 ? std::string("injection ") +
                                  to_string(static_cast<service>(in_unit_.channel_of_fifo(f)))
                            : "injection";
    const port_ref p = port_of(in_unit_.input_of(f), topo_.k());
    std::string s = (p.global ? "global " : "local ") + std::to_string(p.port);
    return s + channel_suffix(in_unit_.channel_of_fifo(f));
}

std::string router::channel_suffix(int channel) const {
    // A link's channel is class * vcs + vc (core/router/service.h): both parts named.
    const int vcs_per_class_ = vc_alloc_.vcs_per_class();
    std::string s;
    if (classes_ > 1)
        s += std::string(" ") + to_string(static_cast<service>(channel / vcs_per_class_));
    if (vcs_per_class_ > 1) s += " vc" + std::to_string(channel % vcs_per_class_);
    return s;
}

std::string router::fifo_head(int f) const {
    return to_string(in_unit_.head(f).pkt->hdr);
}

bool router::waits(const entry& e, wait& w) const {
    if (!e.decoded || e.done || e.broadcast()) return false;
    w.cls = e.pkt->service;
    if (e.to == kHoldTarget) {  // nothing moves (a deadlock): the stage has no room
        w.output = kHoldStage;
        return true;
    }
    if (!is_link(e.to)) return false;
    w.output = e.to;
    w.vc = vc_after(e);
    return !out_unit_->has_packet_credits(e.to, w.vc, e.pkt->flits);
}

std::vector<router::wait> router::blocked_heads() const {
    std::vector<wait> out;
    if (design_) return out;  // flit by flit: described by describe_occupancy
    wait w;
    for (int f : in_unit_.busy()) {
        if (in_unit_.is_injection(f)) continue;
        w.fifo = f;
        if (waits(in_unit_.head(f), w)) out.push_back(w);
    }
    for (int cls = 0; cls < classes_; ++cls)
        if (first_held_waiting(cls, w)) out.push_back(w);
    return out;
}

const entry* router::first_held_waiting(int cls, wait& w) const {
    w.fifo = kHoldStage;
    if (design_) return nullptr;  // no hold stage
    for (const entry* e : hold_->held())
        if (waits(*e, w) && w.output != kHoldStage && w.cls == cls) return e;
    return nullptr;
}

std::string router::held_head(int cls) const {
    wait w;
    const entry* e = first_held_waiting(cls, w);
    return e ? to_string(e->pkt->hdr) : std::string();
}

std::string router::describe_occupancy() const {
    std::ostringstream os;
    os << name() << " " << topo_.label(at_) << ":";
    if (design_) return os.str() + design_->describe();
    for (int f : in_unit_.busy()) {
        os << " " << fifo_label(f) << " holds " << in_unit_.size(f) << " (head "
           << to_string(in_unit_.head(f).pkt->hdr);
        const entry& e = in_unit_.head(f);
        if (e.decoded && !e.done && !e.broadcast() && is_link(e.to)) {
            const int vc = vc_after(e);
            const port_ref p = port_of(e.to, topo_.k());
            os << " wants " << (p.global ? "global " : "local ") << p.port;
            os << channel_suffix(vc);
            os << ", credits " << out_unit_->credits(e.to, vc);
        }
        os << ")";
    }
    if (hold_->size() != 0) os << " hold stage holds " << hold_->size();
    return os.str();
}

}  // namespace d3
