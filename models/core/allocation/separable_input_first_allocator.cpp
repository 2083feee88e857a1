#include "core/allocation/separable_input_first_allocator.h"

#include "core/allocation/arbiter_factory.h"

namespace d3 {

separable_input_first_allocator::separable_input_first_allocator(const allocator_setup& s)
    : input_arbiters_(make_arbiters(s.arbiter, s.inputs, s.outputs)),
      output_arbiters_(make_arbiters(s.arbiter, s.outputs, s.inputs)),
      iterations_(s.iterations),
      picks_(s.inputs, s.outputs),
      free_inputs_(words_for(s.inputs)),
      free_outputs_(words_for(s.outputs)),
      scratch_(words_for(s.outputs)) {}

void separable_input_first_allocator::allocate(const request_matrix& requests, matching& grants) {
    grants.clear();
    fill_row(free_inputs_.data(), inputs());
    fill_row(free_outputs_.data(), outputs());
    for (int i = 0; i < iterations_; ++i)
        if (!pass(requests, grants, i == 0)) break;
}

bool separable_input_first_allocator::pass(const request_matrix& requests, matching& grants,
                                           bool first) {
    picks_.clear();
    bool picked = false;
    for_each_bit(free_inputs_.data(), free_inputs_.size(), [&](std::size_t in) {
        and_rows(scratch_.data(), requests.row(in), free_outputs_.data(), scratch_.size());
        const std::size_t out =
            input_arbiters_[in]->arbitrate(scratch_.data(), requests.row_age(in));
        if (out == kNone) return;
        picks_.add(in, out);
        picked = true;
    });
    if (!picked) return false;
    for (std::size_t out = 0; out < outputs(); ++out) {
        const std::size_t in =
            output_arbiters_[out]->arbitrate(picks_.column(out), requests.column_age(out));
        if (in == kNone) continue;
        grants.match(in, out);
        clear_bit(free_inputs_.data(), in);
        clear_bit(free_outputs_.data(), out);
        if (!first) continue;
        input_arbiters_[in]->update(out);
        output_arbiters_[out]->update(in);
    }
    return true;
}

}  // namespace d3
