#include "core/vc_router/input_vcs.h"

namespace d3 {

input_vcs::input_vcs(int vcs, std::vector<int> depth)
    : vcs_(vcs),
      depth_(std::move(depth)),
      vcs_state_(depth_.size() * static_cast<std::size_t>(vcs)),
      words_((vcs_state_.size() + 63) / 64),
      busy_(words_),
      staged_(2 * words_) {
    for (std::size_t i = 0; i < vcs_state_.size(); ++i)
        vcs_state_[i].flits = bounded_ring<flit_slot>(
            static_cast<std::size_t>(depth_[i / static_cast<std::size_t>(vcs)]));
}

int input_vcs::take_out(int index, const packet* p) {
    input_vc& v = at(index);
    const std::size_t n = v.flits.size();
    int taken = 0;
    for (std::size_t i = 0; i < n; ++i) {  // each flit once round the ring: the others go back
        const flit_slot f = v.flits.front();
        v.flits.pop_front();
        if (f.pkt == p)
            ++taken;
        else
            v.flits.push_slot() = f;
    }
    if (v.flits.empty()) clear_bit(busy_.data(), static_cast<std::size_t>(index));
    flits_ -= static_cast<std::uint64_t>(taken);
    return taken;
}

void input_vcs::reset_stage(int index) {
    const auto i = static_cast<std::size_t>(index);
    clear_bit(staged(vc_stage::vc_alloc), i);
    clear_bit(staged(vc_stage::active), i);
    input_vc& v = at(index);
    v.stage = vc_stage::idle;
    v.output = v.out_vc = -1;
}

int input_vcs::port_flits(int input) const {
    int n = 0;
    for (int v = 0; v < vcs_; ++v) n += static_cast<int>(at(index(input, v)).flits.size());
    return n;
}

}  // namespace d3
