#include "core/vc_router/vc_allocation.h"

#include "core/allocation/allocator_factory.h"

namespace d3 {

vc_allocation::vc_allocation(const vc_router_setup& s, int inputs, int outputs)
    : vcs_(s.vcs),
      // The static VCs: one candidate per request; its contenders (packets of other inputs for
      // the same VC) are separated by the configured arbiters, input first.
      alloc_(make_allocator(s.static_vcs() ? "separable-input-first" : s.vc_allocator,
                            static_cast<std::size_t>(inputs * s.vcs),
                            static_cast<std::size_t>(outputs * s.vcs), s.arbiter,
                            s.static_vcs() ? 1 : s.alloc_iters)),
      listed_(alloc_->takes_lone_requests() &&
              static_cast<std::size_t>(inputs * s.vcs) <= listed_requests::kMaxPorts &&
              static_cast<std::size_t>(outputs * s.vcs) <= listed_requests::kMaxPorts),
      list_matched_(listed_ && alloc_->takes_listed_requests()),
      single_(list_matched_ && alloc_->takes_single_asks() && one_vc_per_class(s)),
      requests_(list_matched_ ? 0 : static_cast<std::size_t>(inputs * s.vcs),
                list_matched_ ? 0 : static_cast<std::size_t>(outputs * s.vcs)),
      grants_(static_cast<std::size_t>(inputs * s.vcs), static_cast<std::size_t>(outputs * s.vcs)),
      // An input VC asks for at most every VC of its output.
      list_(listed_ && !single_ ? static_cast<std::size_t>(inputs * s.vcs * s.vcs) : 0),
      ages_(list_matched_ ? 0 : list_.capacity()),  // read by the request matrix only
      askers_(single_ ? static_cast<std::size_t>(outputs * s.vcs) : 0),
      single_asks_(single_ ? static_cast<std::size_t>(inputs * s.vcs) : 0) {}

void vc_allocation::match_shared() {
    if (list_matched_) return alloc_->allocate_listed(list_, grants_);
    for (std::size_t i = 0; i < list_.size(); ++i) {
        if (list_.alone(i))
            alloc_->allocate_lone(&list_[i], 1);
        else
            requests_.add(list_[i].input, list_[i].output, ages_[i]);
    }
    alloc_->allocate(requests_, grants_);
}

}  // namespace d3
