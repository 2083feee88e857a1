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

template <typename Arbiter>
Arbiter build_arbiter(const std::string& kind, std::size_t size);
template <>
round_robin_arbiter build_arbiter<round_robin_arbiter>(const std::string&, std::size_t size) {
    return round_robin_arbiter(size);
}
template <>
any_arbiter build_arbiter<any_arbiter>(const std::string& kind, std::size_t size) {
    return any_arbiter(kind, size);
}

template <typename Arbiter>
std::vector<Arbiter> build_arbiters(const std::string& kind, std::size_t count, std::size_t size) {
    std::vector<Arbiter> v;
    v.reserve(count);
    for (std::size_t i = 0; i < count; ++i) v.push_back(build_arbiter<Arbiter>(kind, size));
    return v;
}

}  // namespace

any_arbiter::any_arbiter(const std::string& kind, std::size_t size)
    : arbiter_(make_arbiter(kind, size)) {}

template <separable_order Order, typename Arbiter>
separable_allocator<Order, Arbiter>::separable_allocator(const allocator_setup& s)
    : first_arbiters_(
          build_arbiters<Arbiter>(s.arbiter, first_count(Order, s), second_count(Order, s))),
      second_arbiters_(
          build_arbiters<Arbiter>(s.arbiter, second_count(Order, s), first_count(Order, s))),
      iterations_(s.iterations),
      picked_by_(second_count(Order, s) * words_for(first_count(Order, s))),
      picked_(words_for(second_count(Order, s))),
      free_first_(words_for(first_count(Order, s))),
      free_second_(words_for(second_count(Order, s))),
      scratch_(words_for(second_count(Order, s))),
      asking_(words_for(first_count(Order, s))),
      narrow_(first_count(Order, s) <= 64 && second_count(Order, s) <= 64),
      listed_asks_(narrow_ ? first_count(Order, s) : 0) {}

// No two requests share an input or an output: the pass would match every request, each port's
// arbiter finding its one requester, and move every arbiter of a matched pair on. Done directly
// (the common case of a lightly loaded router); anything else takes the passes.
template <separable_order Order, typename Arbiter>
void separable_allocator<Order, Arbiter>::allocate_uncontended(const request_matrix& requests,
                                                               matching& grants) {
    const std::uint64_t* firsts = first_with_requests(requests);
    for_each_bit(firsts, words_for(first_arbiters_.size()), [&](std::size_t x) {
        const std::size_t y = first_bit_from(requests_of(requests, x), words_for(seconds()), 0);
        grants.match(input_of(x, y), output_of(x, y));
        first_arbiters_[x].update(y);
        second_arbiters_[y].update(x);
    });
}

template <separable_order Order, typename Arbiter>
void separable_allocator<Order, Arbiter>::allocate(const request_matrix& requests,
                                                   matching& grants) {
    grants.clear();
    if (narrow_) return allocate_narrow(requests, grants);
    if (!requests.shared()) return allocate_uncontended(requests, grants);
    fill_row(free_first_.data(), first_arbiters_.size());
    fill_row(free_second_.data(), second_arbiters_.size());
    for (int i = 0; i < iterations_; ++i)
        if (!pass(requests, grants, i == 0)) break;
}

template <separable_order Order, typename Arbiter>
bool separable_allocator<Order, Arbiter>::pass(const request_matrix& requests, matching& grants,
                                               bool first) {
    const std::size_t first_words = asking_.size(), second_words = scratch_.size();
    bool picked = false;
    // The free first-side ports with requests (the others' arbiters would find none).
    and_rows(asking_.data(), free_first_.data(), first_with_requests(requests), first_words);
    for_each_bit(asking_.data(), first_words, [&](std::size_t x) {
        and_rows(scratch_.data(), requests_of(requests, x), free_second_.data(), second_words);
        const std::size_t y =
            first_arbiters_[x].arbitrate(scratch_.data(), request_ages_of(requests, x));
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
            const std::size_t x = second_arbiters_[y].arbitrate(picks, pick_ages_of(requests, y));
            std::fill_n(picks, first_words, 0);
            if (x == kNone) continue;
            grants.match(input_of(x, y), output_of(x, y));
            clear_bit(free_first_.data(), x);
            clear_bit(free_second_.data(), y);
            if (!first) continue;
            first_arbiters_[x].update(y);
            second_arbiters_[y].update(x);
        }
        picked_[w] = 0;
    }
    return true;
}

// allocate() when each side has at most 64 ports: every row of bits one word, held in locals
// between the passes. The same passes (the same picks, matches and arbiter moves) as the rest.
template <separable_order Order, typename Arbiter>
void separable_allocator<Order, Arbiter>::allocate_narrow(const request_matrix& requests,
                                                          matching& grants) {
    const std::uint64_t firsts = first_with_requests(requests)[0];
    if (!requests.shared()) {  // as allocate_uncontended
        for (std::uint64_t bits = firsts; bits != 0; bits &= bits - 1) {
            const std::size_t x = lowest_bit(bits);
            const std::size_t y = lowest_bit(requests_of(requests, x)[0]);
            grants.match(input_of(x, y), output_of(x, y));
            first_arbiters_[x].update(y);
            second_arbiters_[y].update(x);
        }
        return;
    }
    match_narrow(
        firsts, grants, [&](std::size_t x) { return requests_of(requests, x)[0]; },
        [&](std::size_t x) { return request_ages_of(requests, x); },
        [&](std::size_t y) { return pick_ages_of(requests, y); });
}

template <separable_order Order, typename Arbiter>
template <typename Asked, typename FirstAges, typename SecondAges>
void separable_allocator<Order, Arbiter>::match_narrow(std::uint64_t firsts, matching& grants,
                                                       Asked&& asked, FirstAges&& first_ages,
                                                       SecondAges&& second_ages) {
    std::uint64_t free_first = ~std::uint64_t{0}, free_second = ~std::uint64_t{0};
    for (int i = 0; i < iterations_; ++i) {
        std::uint64_t picked = 0;
        for (std::uint64_t bits = firsts & free_first; bits != 0; bits &= bits - 1) {
            const std::size_t x = lowest_bit(bits);
            const std::uint64_t free_asked = asked(x) & free_second;
            const std::size_t y = first_arbiters_[x].arbitrate(&free_asked, first_ages(x));
            if (y == kNone) continue;
            picked_by_[y] |= std::uint64_t{1} << x;
            picked |= std::uint64_t{1} << y;
        }
        if (picked == 0) return;
        for (; picked != 0; picked &= picked - 1) {
            const std::size_t y = lowest_bit(picked);
            const std::size_t x = second_arbiters_[y].arbitrate(&picked_by_[y], second_ages(y));
            picked_by_[y] = 0;
            if (x == kNone) continue;
            grants.match(input_of(x, y), output_of(x, y));
            free_first &= ~(std::uint64_t{1} << x);
            free_second &= ~(std::uint64_t{1} << y);
            if (i != 0) continue;
            first_arbiters_[x].update(y);
            second_arbiters_[y].update(x);
        }
    }
}

// The requests alone in their row and column as allocate_lone moves them; the others through the
// narrow passes, each first-side port's requests gathered from the list (round-robin arbiters read
// no ages).
template <separable_order Order, typename Arbiter>
void separable_allocator<Order, Arbiter>::allocate_listed(const listed_requests& list,
                                                          matching& grants) {
    grants.clear();
    if ((kInputFirst ? list.shared_rows() : list.shared_columns()) == 0)
        return match_single_asks(list, grants);
    const std::size_t n = list.size();
    for (std::size_t i = 0; i < n; ++i)
        listed_asks_[kInputFirst ? list[i].input : list[i].output] = 0;
    std::uint64_t firsts = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t x = kInputFirst ? list[i].input : list[i].output;
        const std::size_t y = kInputFirst ? list[i].output : list[i].input;
        if (list.alone(i)) {
            first_arbiters_[x].update(y);
            second_arbiters_[y].update(x);
            continue;
        }
        listed_asks_[x] |= std::uint64_t{1} << y;
        firsts |= std::uint64_t{1} << x;
    }
    match_narrow(
        firsts, grants, [&](std::size_t x) { return listed_asks_[x]; },
        [](std::size_t) { return age_view{}; }, [](std::size_t) { return age_view{}; });
}

// Every first-side port asks for one second-side port: the first pass's first-side arbiters
// each pick their one request, each second-side port's arbiter picks among those asking it, and
// every port asked for is matched, so later passes find nothing free to pick.
template <separable_order Order, typename Arbiter>
void separable_allocator<Order, Arbiter>::match_single_asks(const listed_requests& list,
                                                            matching& grants) {
    std::uint64_t seconds = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::size_t x = kInputFirst ? list[i].input : list[i].output;
        const std::size_t y = kInputFirst ? list[i].output : list[i].input;
        if (list.alone(i)) {
            first_arbiters_[x].update(y);
            second_arbiters_[y].update(x);
            continue;
        }
        picked_by_[y] |= std::uint64_t{1} << x;
        seconds |= std::uint64_t{1} << y;
    }
    for (; seconds != 0; seconds &= seconds - 1) {
        const std::size_t y = lowest_bit(seconds);
        const std::size_t x = second_arbiters_[y].arbitrate(&picked_by_[y], age_view{});
        picked_by_[y] = 0;
        grants.match(input_of(x, y), output_of(x, y));
        first_arbiters_[x].update(y);
        second_arbiters_[y].update(x);
    }
}

// Each input asks for one output: whichever side arbitrates first, each output's arbiter picks
// among the inputs asking for it and each input's arbiter has its one request, so every output
// asked for is matched and later passes find nothing free to pick (as match_single_asks).
template <separable_order Order, typename Arbiter>
std::uint64_t separable_allocator<Order, Arbiter>::allocate_single_asks(std::uint64_t outputs,
                                                                        std::uint64_t* askers,
                                                                        std::uint64_t& shared) {
    std::uint64_t granted = 0, several = 0;
    for (; outputs != 0; outputs &= outputs - 1) {
        const std::size_t y = lowest_bit(outputs);
        const std::uint64_t asking = askers[y];
        askers[y] = 0;
        Arbiter& out = kInputFirst ? second_arbiters_[y] : first_arbiters_[y];
        std::size_t x;
        if ((asking & (asking - 1)) == 0) {
            x = lowest_bit(asking);
        } else {
            x = out.arbitrate(&asking, age_view{});
            several |= std::uint64_t{1} << y;
        }
        granted |= std::uint64_t{1} << x;
        out.update(x);
        (kInputFirst ? first_arbiters_[x] : second_arbiters_[x]).update(y);
    }
    shared = several;
    return granted;
}

// The narrow passes over the first side's words (round-robin arbiters read no ages).
template <separable_order Order, typename Arbiter>
void separable_allocator<Order, Arbiter>::allocate_words(std::uint64_t inputs,
                                                         const std::uint64_t* input_outputs,
                                                         std::uint64_t outputs,
                                                         const std::uint64_t* output_inputs,
                                                         matching& grants) {
    grants.clear();
    const std::uint64_t* asked = kInputFirst ? input_outputs : output_inputs;
    match_narrow(
        kInputFirst ? inputs : outputs, grants, [&](std::size_t x) { return asked[x]; },
        [](std::size_t) { return age_view{}; }, [](std::size_t) { return age_view{}; });
}

namespace {

template <separable_order Order>
std::unique_ptr<allocator_if> make_separable(const allocator_setup& s) {
    if (s.arbiter == "round-robin")
        return std::make_unique<separable_allocator<Order, round_robin_arbiter>>(s);
    return std::make_unique<separable_allocator<Order, any_arbiter>>(s);
}

}  // namespace

std::unique_ptr<allocator_if> make_separable_input_first(const allocator_setup& s) {
    return make_separable<separable_order::input_first>(s);
}
std::unique_ptr<allocator_if> make_separable_output_first(const allocator_setup& s) {
    return make_separable<separable_order::output_first>(s);
}

}  // namespace d3
