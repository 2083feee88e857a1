// Separable input-first allocator (Dally & Towles 19.3): each free input's arbiter picks one of
// the free outputs it asks for, then each output's arbiter picks one of the inputs that picked it.
// Arbiters of a named kind; an arbiter's state moves on only for a pair that is matched, and only
// in the first of `iterations` passes (later passes add pairs among what is left free). Plain C++.
#pragma once

#include <memory>
#include <vector>

#include "core/allocation/allocator_if.h"
#include "core/allocation/arbiter_if.h"

namespace d3 {

class separable_input_first_allocator final : public allocator_if {
  public:
    explicit separable_input_first_allocator(const allocator_setup& s);

    std::size_t inputs() const override { return picks_.inputs(); }
    std::size_t outputs() const override { return picks_.outputs(); }
    void allocate(const request_matrix& requests, matching& grants) override;

  private:
    /// One pass over the free inputs and outputs; false when no input picked an output.
    bool pass(const request_matrix& requests, matching& grants, bool first);

    std::vector<std::unique_ptr<arbiter_if>> input_arbiters_;   ///< per input, over outputs
    std::vector<std::unique_ptr<arbiter_if>> output_arbiters_;  ///< per output, over inputs
    int iterations_;
    request_matrix picks_;  ///< a pass's picks: input i picked output o
    std::vector<std::uint64_t> free_inputs_, free_outputs_, scratch_;
};

}  // namespace d3
