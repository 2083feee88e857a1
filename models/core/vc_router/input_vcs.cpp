#include "core/vc_router/input_vcs.h"

namespace d3 {

input_vcs::input_vcs(int vcs, std::vector<int> depth)
    : vcs_(vcs),
      depth_(std::move(depth)),
      vcs_state_(depth_.size() * static_cast<std::size_t>(vcs)),
      busy_((vcs_state_.size() + 63) / 64),
      staged_(2 * busy_.size()) {
    for (std::size_t i = 0; i < vcs_state_.size(); ++i)
        vcs_state_[i].flits = bounded_ring<flit_slot>(
            static_cast<std::size_t>(depth_[i / static_cast<std::size_t>(vcs)]));
}

int input_vcs::port_flits(int input) const {
    int n = 0;
    for (int v = 0; v < vcs_; ++v) n += static_cast<int>(at(index(input, v)).flits.size());
    return n;
}

}  // namespace d3
