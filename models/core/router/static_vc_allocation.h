// The paper router's VC allocation unit: static. The channel a packet takes downstream is its
// service class's virtual channel for the sync counter b it will arrive with (core/decoding/vc.h:
// vc_of, core/router/service.h: class_channel), a function of its next header: there is no
// choice to make and no state to keep, so the unit is this function. Deadlock freedom follows from
// b (core/decoding/vc.h). A design-space router allocates its VCs dynamically within a class
// instead (core/vc_router/vc_allocation.h, docs/design-space.md). Plain C++.
#pragma once

#include "core/decoding/vc.h"
#include "core/router/service.h"
#include "core/router/step_traits.h"

namespace d3 {

class static_vc_allocation {
  public:
    explicit static_vc_allocation(int vcs_per_class) : vcs_(vcs_per_class) {}

    /// The channel downstream of a packet of service class `cls` whose next sync counter is `b`
    /// (`Step::classes` false: class 0, the virtual channel itself).
    template <typename Step = any_step>
    int channel(int cls, int b) const {
        const int vc = vc_of(b, vcs_);
        return Step::classes ? class_channel(cls, vc, vcs_) : vc;
    }
    int vcs_per_class() const { return vcs_; }

  private:
    int vcs_;
};

}  // namespace d3
