// Separable allocators (Dally & Towles 19.3), one pass written once for both orders:
// - input-first: each free input's arbiter picks one of the free outputs it asks for, then each
//   output's arbiter picks one of the inputs that picked it;
// - output-first: each free output's arbiter picks one of the free inputs asking for it, then each
//   input's arbiter accepts one of the outputs that picked it. With round-robin arbiters this is
//   iSLIP's request-grant-accept (islip_allocator.h).
// Arbiters of a named kind; an arbiter's state moves on only for a pair that is matched, and only
// in the first of `iterations` passes (later passes add pairs among what is left free). Plain C++.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/allocation/allocator_if.h"
#include "core/allocation/arbiter_if.h"

namespace d3 {

/// Which side arbitrates first: the "first side" picks among its requests, the "second side"
/// picks among the first side's picks of it.
enum class separable_order { input_first, output_first };

template <separable_order Order>
class separable_allocator final : public allocator_if {
  public:
    explicit separable_allocator(const allocator_setup& s);

    std::size_t inputs() const override { return picks_.inputs(); }
    std::size_t outputs() const override { return picks_.outputs(); }
    void allocate(const request_matrix& requests, matching& grants) override;

  private:
    static constexpr bool kInputFirst = Order == separable_order::input_first;

    /// The matching when no two requests share a port (false otherwise: nothing done).
    bool allocate_uncontended(const request_matrix& requests, matching& grants);
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
    /// The first-side ports that picked second-side port `y`, and their requests' ages.
    const std::uint64_t* picks_of(std::size_t y) const {
        return kInputFirst ? picks_.column(y) : picks_.row(y);
    }
    static age_view pick_ages_of(const request_matrix& r, std::size_t y) {
        return kInputFirst ? r.column_age(y) : r.row_age(y);
    }
    /// The first-side ports with requests; the second-side ports picked in this pass.
    static const std::uint64_t* first_with_requests(const request_matrix& r) {
        return kInputFirst ? r.active_rows() : r.active_columns();
    }
    /// The second-side ports with requests, and the first-side ports asking second-side `y`.
    static const std::uint64_t* picked_seconds_of(const request_matrix& r) {
        return kInputFirst ? r.active_columns() : r.active_rows();
    }
    static const std::uint64_t* firsts_of(const request_matrix& r, std::size_t y) {
        return kInputFirst ? r.column(y) : r.row(y);
    }
    const std::uint64_t* picked_seconds() const {
        return kInputFirst ? picks_.active_columns() : picks_.active_rows();
    }
    /// The (input, output) of the pair of first-side `x` and second-side `y`.
    static std::size_t input_of(std::size_t x, std::size_t y) { return kInputFirst ? x : y; }
    static std::size_t output_of(std::size_t x, std::size_t y) { return kInputFirst ? y : x; }

    std::vector<std::unique_ptr<arbiter_if>> first_arbiters_;   ///< per first-side port
    std::vector<std::unique_ptr<arbiter_if>> second_arbiters_;  ///< per second-side port
    int iterations_;
    request_matrix picks_;  ///< a pass's picks, inputs x outputs
    std::vector<std::uint64_t> free_first_, free_second_;
    std::vector<std::uint64_t> scratch_;  ///< a first-side port's free requests: second-side bits
    std::vector<std::uint64_t> asking_;   ///< the free first-side ports with requests
};

/// "separable-input-first": input arbiters, then output arbiters.
using separable_input_first_allocator = separable_allocator<separable_order::input_first>;
/// "separable-output-first": output arbiters, then input arbiters (iSLIP with round robin).
using separable_output_first_allocator = separable_allocator<separable_order::output_first>;

extern template class separable_allocator<separable_order::input_first>;
extern template class separable_allocator<separable_order::output_first>;

}  // namespace d3
