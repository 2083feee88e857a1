// router::fail_waiting: what a failure during the run (--fail-links SPEC@T) does to the packets
// that wait in this router (docs/resilience.md, "Failures at a step").
#include "core/traffic/failure_at_step.h"
#include "sc/router.h"

namespace d3 {

void router::fail_waiting(std::uint64_t t, const waiting_visitor& visit) {
    bool again = false;
    copies_left left;
    const auto judge = [&](int where, int vc, entry& e) {
        const bool copying = e.decoded && e.broadcast();  // some copies may have left already
        if (copying) {
            left.clear();
            for (const target x : fanout_[e.fan])
                left.emplace_back(x == kEjectTarget  ? waiting_place::kDelivered
                                  : x == kHoldTarget ? waiting_place::kHeld
                                                     : static_cast<int>(x),
                                  e.dec.next);
        }
        const waiting_verdict v = visit(*e.pkt, where, vc, copying ? &left : nullptr);
        if (v == waiting_verdict::rerouted) {  // its decision was the old header's
            e.decoded = false;
            e.stalled = false;
            again = true;
        }
        if (v == waiting_verdict::removed && copying) fanout_.close(e.fan);
        return v == waiting_verdict::removed;
    };
    in_unit_.take_out([&](int fifo, entry& e) {
        if (in_unit_.is_injection(fifo)) return judge(waiting_place::kInjected, 0, e);
        return judge(in_unit_.input_of(fifo), in_unit_.channel_of_fifo(fifo), e);
    });
    hold_->take_out([&](entry& e) { return judge(waiting_place::kHeld, 0, e); });
    if (again) clock_.wake_router(*this, t + 1);
}

}  // namespace d3
