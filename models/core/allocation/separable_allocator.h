// Separable allocators (Dally & Towles 19.3), one pass written once for both orders:
// - input-first: each free input's arbiter picks one of the free outputs it asks for, then each
//   output's arbiter picks one of the inputs that picked it;
// - output-first: each free output's arbiter picks one of the free inputs asking for it, then each
//   input's arbiter accepts one of the outputs that picked it. With round-robin arbiters this is
//   iSLIP's request-grant-accept (islip_allocator.h).
// Arbiters of a named kind; an arbiter's state moves on only for a pair that is matched, and only
// in the first of `iterations` passes (later passes add pairs among what is left free). The
// round-robin kind is built in (its arbiters called directly, inline); any other kind is called
// through arbiter_if (any_arbiter). Plain C++.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "core/allocation/allocator_if.h"
#include "core/allocation/arbiter_if.h"
#include "core/allocation/round_robin_arbiter.h"

namespace d3 {

/// Which side arbitrates first: the "first side" picks among its requests, the "second side"
/// picks among the first side's picks of it.
enum class separable_order { input_first, output_first };

/// An arbiter of any kind (arbiter_factory.h), called through arbiter_if.
class any_arbiter {
  public:
    any_arbiter(const std::string& kind, std::size_t size);
    std::size_t arbitrate(const std::uint64_t* requests, age_view age) const {
        return arbiter_->arbitrate(requests, age);
    }
    void update(std::size_t winner) { arbiter_->update(winner); }

  private:
    std::unique_ptr<arbiter_if> arbiter_;
};

/// Arbiter: round_robin_arbiter, or any_arbiter for the setup's kind.
template <separable_order Order, typename Arbiter>
class separable_allocator final : public allocator_if {
  public:
    explicit separable_allocator(const allocator_setup& s);

    std::size_t inputs() const override {
        return kInputFirst ? first_arbiters_.size() : second_arbiters_.size();
    }
    std::size_t outputs() const override {
        return kInputFirst ? second_arbiters_.size() : first_arbiters_.size();
    }
    void allocate(const request_matrix& requests, matching& grants) override;
    bool takes_lone_requests() const override { return true; }
    /// As allocate_uncontended: every arbiter of a pair moves past the other side.
    void allocate_lone(const lone_request* r, std::size_t n) override {
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t x = kInputFirst ? r[i].input : r[i].output;
            const std::size_t y = kInputFirst ? r[i].output : r[i].input;
            first_arbiters_[x].update(y);
            second_arbiters_[y].update(x);
        }
    }

    /// With round-robin arbiters (which read no ages) and at most 64 ports a side.
    bool takes_listed_requests() const override {
        return std::is_same_v<Arbiter, round_robin_arbiter> && narrow_;
    }
    void allocate_listed(const listed_requests& list, matching& grants) override;
    bool takes_single_asks() const override { return takes_listed_requests(); }
    std::uint64_t allocate_single_asks(std::uint64_t outputs, std::uint64_t* askers,
                                       std::uint64_t& shared) override;
    void allocate_words(std::uint64_t inputs, const std::uint64_t* input_outputs,
                        std::uint64_t outputs, const std::uint64_t* output_inputs,
                        matching& grants) override;

  private:
    static constexpr bool kInputFirst = Order == separable_order::input_first;

    /// The matching when no two requests share a port (requests.shared() false).
    void allocate_uncontended(const request_matrix& requests, matching& grants);
    /// allocate() when both sides have at most 64 ports (narrow_).
    void allocate_narrow(const request_matrix& requests, matching& grants);
    /// The passes of allocate_narrow over the first-side ports `firsts`: asked(x) is the word of
    /// second-side ports x asks for, first_ages(x) and second_ages(y) the ages its arbiters read.
    template <typename Asked, typename FirstAges, typename SecondAges>
    void match_narrow(std::uint64_t firsts, matching& grants, Asked&& asked, FirstAges&& first_ages,
                      SecondAges&& second_ages);
    /// allocate_listed() when no first-side port asks twice.
    void match_single_asks(const listed_requests& list, matching& grants);
    /// One pass over the free inputs and outputs; false when no first-side port picked.
    bool pass(const request_matrix& requests, matching& grants, bool first);

    // The pass in terms of the two sides: `x` is a first-side port, `y` a second-side one.
    std::size_t seconds() const { return kInputFirst ? outputs() : inputs(); }
    /// The second-side ports first-side port `x` has requests with, and their ages.
    static const std::uint64_t* requests_of(const request_matrix& r, std::size_t x) {
        return kInputFirst ? r.row(x) : r.column(x);
    }
    static age_view request_ages_of(const request_matrix& r, std::size_t x) {
        return kInputFirst ? r.row_age(x) : r.column_age(x);
    }
    /// The ages of the requests of second-side port `y` (those of the first-side ports that
    /// picked it).
    static age_view pick_ages_of(const request_matrix& r, std::size_t y) {
        return kInputFirst ? r.column_age(y) : r.row_age(y);
    }
    /// The first-side ports with requests.
    static const std::uint64_t* first_with_requests(const request_matrix& r) {
        return kInputFirst ? r.active_rows() : r.active_columns();
    }
    /// The (input, output) of the pair of first-side `x` and second-side `y`.
    static std::size_t input_of(std::size_t x, std::size_t y) { return kInputFirst ? x : y; }
    static std::size_t output_of(std::size_t x, std::size_t y) { return kInputFirst ? y : x; }

    std::vector<Arbiter> first_arbiters_;   ///< per first-side port
    std::vector<Arbiter> second_arbiters_;  ///< per second-side port
    int iterations_;
    /// A pass's picks: per second-side port, the first-side ports that picked it; and the
    /// second-side ports picked. Clear between passes.
    std::vector<std::uint64_t> picked_by_, picked_;
    std::vector<std::uint64_t> free_first_, free_second_;
    std::vector<std::uint64_t> scratch_;  ///< a first-side port's free requests: second-side bits
    std::vector<std::uint64_t> asking_;   ///< the free first-side ports with requests
    bool narrow_;                         ///< at most 64 ports a side: allocate_narrow
    /// allocate_listed: per first-side port, the second-side ports it asks for (narrow_ only;
    /// only the ports of the list are written and read).
    std::vector<std::uint64_t> listed_asks_;
};

/// "separable-input-first" (input arbiters, then output arbiters) and "separable-output-first"
/// (output arbiters, then input arbiters: iSLIP with round robin), of the setup's arbiter kind.
std::unique_ptr<allocator_if> make_separable_input_first(const allocator_setup& s);
std::unique_ptr<allocator_if> make_separable_output_first(const allocator_setup& s);

}  // namespace d3
