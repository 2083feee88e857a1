// A failure during the run at a design-space router (--fail-links SPEC@T; docs/resilience.md,
// "Failures at a step"): a packet moves flit by flit and may span several routers (its head in
// one, its tail behind in others or on the links between, which the model puts in the far
// router's input VC at once), so a lost packet leaves each of them: every router takes its flits
// out of its input VCs and source queues, gives the freed slots' credits back upstream as a flit
// leaving would, and frees the VCs the packet held (an input VC's stage, the output VC it was
// granted downstream). A rerouted packet whose head waits at the front of a VC is routed again:
// its output VC, if granted, is given back before its head used it.
#include <unordered_set>

#include "core/vc_router/vc_router.h"

namespace d3 {

void vc_router::for_each_waiting(const std::function<void(packet&, int, int, int)>& f) const {
    for (int iv = 0; iv < inputs_.size(); ++iv) {
        const input_vc& v = inputs_.at(iv);
        const packet* last = nullptr;  // a packet's flits lie together, in order
        for (std::size_t i = 0; i < v.flits.size(); ++i) {
            const flit_slot& x = v.flits[i];
            if (x.pkt == last) continue;
            last = x.pkt;
            f(*x.pkt, iv / inputs_.vcs(), iv % inputs_.vcs(), x.seq);
        }
    }
    sources_.for_each_waiting([&](packet& p, int seq) { f(p, kSourceQueue, 0, seq); });
}

void vc_router::for_each_sending(const std::function<void(packet&, int)>& f) const {
    for (int iv = 0; iv < inputs_.size(); ++iv) {
        const input_vc& v = inputs_.at(iv);
        if (v.stage != vc_stage::active) continue;
        const bool head_here =
            !v.flits.empty() && v.flits.front().pkt == v.routed && v.flits.front().seq == 0;
        if (!head_here) f(*v.routed, v.output);
    }
}

void vc_router::fail(std::uint64_t t, const std::function<bool(const packet*)>& lost,
                     const std::function<bool(const packet*)>& rerouted) {
    for (int iv = 0; iv < inputs_.size(); ++iv) {
        input_vc& v = inputs_.at(iv);
        // The stage is the routed packet's: its flits still to come may be upstream (the VC empty).
        if (v.stage != vc_stage::idle) {
            const bool head_here =
                !v.flits.empty() && v.flits.front().pkt == v.routed && v.flits.front().seq == 0;
            if (lost(v.routed) || (head_here && rerouted(v.routed))) {
                if (v.stage == vc_stage::active) release_output(t, v.output, v.out_vc);
                inputs_.reset_stage(iv);
            }
        }
        if (!v.flits.empty()) take_out_lost(t, iv, lost);
    }
    std::vector<const packet*> queued;
    sources_.for_each_waiting([&](packet& p, int) {
        if (lost(&p)) queued.push_back(&p);
    });
    for (const packet* p : queued) sources_.take_out(p);
}

void vc_router::release_output(std::uint64_t t, int output, int out_vc) {
    outputs_.release(output, out_vc);
    if (!observer_) return;
    if (outputs_.free(output, out_vc))
        observer_->on_vc_grant(t, id_, observed_port(output), out_vc, link_observer::kFreeVc,
                               link_observer::kFreeVc);
    else
        releases_.push_back({output, out_vc});
}

void vc_router::take_out_lost(std::uint64_t t, int iv,
                              const std::function<bool(const packet*)>& lost) {
    std::vector<const packet*> gone;
    const input_vc& v = inputs_.at(iv);
    for (std::size_t i = 0; i < v.flits.size(); ++i) {
        const packet* p = v.flits[i].pkt;
        if ((gone.empty() || gone.back() != p) && lost(p)) gone.push_back(p);
    }
    const int input = iv / inputs_.vcs(), vc = iv % inputs_.vcs();
    // Freed at the end of step t: usable upstream from t + 1 and the link's latency, as a slot
    // freed by a flit leaving in step t + 1 with no cycles of its own.
    const std::uint64_t freed = t + 1;
    for (const packet* p : gone) {
        const int n = inputs_.take_out(iv, p);
        for (int k = 0; k < n; ++k) free_slot(input, vc, freed);
    }
    if (observer_ && !gone.empty()) report_buffer(t, input, vc);
}

}  // namespace d3
