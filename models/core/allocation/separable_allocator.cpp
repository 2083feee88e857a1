#include "core/allocation/separable_allocator.h"

#include "core/allocation/arbiter_factory.h"

namespace d3 {
namespace {

constexpr std::size_t first_count(separable_order o, const allocator_setup& s) {
    return o == separable_order::input_first ? s.inputs : s.outputs;
}
constexpr std::size_t second_count(separable_order o, const allocator_setup& s) {
    return o == separable_order::input_first ? s.outputs : s.inputs;
}

}  // namespace

template <separable_order Order>
separable_allocator<Order>::separable_allocator(const allocator_setup& s)
    : first_arbiters_(make_arbiters(s.arbiter, first_count(Order, s), second_count(Order, s))),
      second_arbiters_(make_arbiters(s.arbiter, second_count(Order, s), first_count(Order, s))),
      iterations_(s.iterations),
      picked_by_(second_count(Order, s) * words_for(first_count(Order, s))),
      picked_(words_for(second_count(Order, s))),
      free_first_(words_for(first_count(Order, s))),
      free_second_(words_for(second_count(Order, s))),
      scratch_(words_for(second_count(Order, s))),
      asking_(words_for(first_count(Order, s))) {}

// No two requests share an input or an output: the pass would match every request, each port's
// arbiter finding its one requester, and move every arbiter of a matched pair on. Done directly
// (the common case of a lightly loaded router); anything else takes the passes.
template <separable_order Order>
void separable_allocator<Order>::allocate_uncontended(const request_matrix& requests,
                                                      matching& grants) {
    const std::uint64_t* firsts = first_with_requests(requests);
    for_each_bit(firsts, words_for(first_arbiters_.size()), [&](std::size_t x) {
        const std::size_t y = first_bit_from(requests_of(requests, x), words_for(seconds()), 0);
        grants.match(input_of(x, y), output_of(x, y));
        first_arbiters_[x]->update(y);
        second_arbiters_[y]->update(x);
    });
}

template <separable_order Order>
void separable_allocator<Order>::allocate(const request_matrix& requests, matching& grants) {
    grants.clear();
    if (!requests.shared()) return allocate_uncontended(requests, grants);
    fill_row(free_first_.data(), first_arbiters_.size());
    fill_row(free_second_.data(), second_arbiters_.size());
    for (int i = 0; i < iterations_; ++i)
        if (!pass(requests, grants, i == 0)) break;
}

template <separable_order Order>
bool separable_allocator<Order>::pass(const request_matrix& requests, matching& grants,
                                      bool first) {
    const std::size_t first_words = asking_.size(), second_words = scratch_.size();
    bool picked = false;
    // The free first-side ports with requests (the others' arbiters would find none).
    and_rows(asking_.data(), free_first_.data(), first_with_requests(requests), first_words);
    for_each_bit(asking_.data(), first_words, [&](std::size_t x) {
        and_rows(scratch_.data(), requests_of(requests, x), free_second_.data(), second_words);
        const std::size_t y =
            first_arbiters_[x]->arbitrate(scratch_.data(), request_ages_of(requests, x));
        if (y == kNone) return;
        set_bit(&picked_by_[y * first_words], x);
        set_bit(picked_.data(), y);
        picked = true;
    });
    if (!picked) return false;
    // The second-side ports some first-side port picked, in increasing order; their picks are
    // cleared for the next pass as they are read.
    for (std::size_t w = 0; w < second_words; ++w) {
        for (std::uint64_t bits = picked_[w]; bits != 0; bits &= bits - 1) {
            const std::size_t y = w * 64 + lowest_bit(bits);
            std::uint64_t* picks = &picked_by_[y * first_words];
            const std::size_t x = second_arbiters_[y]->arbitrate(picks, pick_ages_of(requests, y));
            std::fill_n(picks, first_words, 0);
            if (x == kNone) continue;
            grants.match(input_of(x, y), output_of(x, y));
            clear_bit(free_first_.data(), x);
            clear_bit(free_second_.data(), y);
            if (!first) continue;
            first_arbiters_[x]->update(y);
            second_arbiters_[y]->update(x);
        }
        picked_[w] = 0;
    }
    return true;
}

template class separable_allocator<separable_order::input_first>;
template class separable_allocator<separable_order::output_first>;

}  // namespace d3
