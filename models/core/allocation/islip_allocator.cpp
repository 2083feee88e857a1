#include "core/allocation/islip_allocator.h"

namespace d3 {

islip_allocator::islip_allocator(const allocator_setup& s)
    : iterations_(s.iterations),
      grant_next_(s.outputs, 0),
      accept_next_(s.inputs, 0),
      granted_(s.inputs, s.outputs),
      free_inputs_(words_for(s.inputs)),
      free_outputs_(words_for(s.outputs)),
      scratch_(words_for(s.inputs)) {}

void islip_allocator::allocate(const request_matrix& requests, matching& grants) {
    grants.clear();
    fill_row(free_inputs_.data(), inputs());
    fill_row(free_outputs_.data(), outputs());
    for (int i = 0; i < iterations_; ++i)
        if (!pass(requests, grants, i == 0)) break;
}

bool islip_allocator::pass(const request_matrix& requests, matching& grants, bool first) {
    granted_.clear();
    bool any = false;
    for_each_bit(free_outputs_.data(), free_outputs_.size(), [&](std::size_t out) {  // grant
        and_rows(scratch_.data(), requests.column(out), free_inputs_.data(), scratch_.size());
        const std::size_t in = first_bit_cyclic(scratch_.data(), scratch_.size(), grant_next_[out]);
        if (in == kNone) return;
        granted_.add(in, out);
        any = true;
    });
    if (!any) return false;
    for (std::size_t in = 0; in < inputs(); ++in) {  // accept
        const std::size_t out =
            first_bit_cyclic(granted_.row(in), granted_.row_words(), accept_next_[in]);
        if (out == kNone) continue;
        grants.match(in, out);
        clear_bit(free_inputs_.data(), in);
        clear_bit(free_outputs_.data(), out);
        if (!first) continue;
        accept_next_[in] = out + 1 == outputs() ? 0 : out + 1;
        grant_next_[out] = in + 1 == inputs() ? 0 : in + 1;
    }
    return true;
}

}  // namespace d3
