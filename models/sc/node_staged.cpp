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

}  // namespace d3
