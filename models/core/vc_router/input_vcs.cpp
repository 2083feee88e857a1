#include "core/vc_router/input_vcs.h"

namespace d3 {

input_vcs::input_vcs(int vcs, std::vector<int> depth)
    : vcs_(vcs),
      depth_(std::move(depth)),
      vcs_state_(depth_.size() * static_cast<std::size_t>(vcs)) {}

bool input_vcs::arrive(int input, int vc, const flit_slot& f) {
    input_vc& v = at(index(input, vc));
    if (static_cast<int>(v.flits.size()) >= depth_[static_cast<std::size_t>(input)]) return false;
    v.flits.push_back(f);
    ++flits_;
    return true;
}

flit_slot input_vcs::pop(int index) {
    input_vc& v = at(index);
    const flit_slot f = v.flits.front();
    v.flits.pop_front();
    --flits_;
    return f;
}

int input_vcs::port_flits(int input) const {
    int n = 0;
    for (int v = 0; v < vcs_; ++v) n += static_cast<int>(at(index(input, v)).flits.size());
    return n;
}

}  // namespace d3
