// iSLIP (McKeown 1999; Dally & Towles 19.3): request, grant, accept with round-robin pointers.
// Each free output grants the first free input asking for it at or after its grant pointer; each
// input accepts the first grant at or after its accept pointer. A pointer moves to one past the
// other side of a pair only when the grant is accepted, and only in the first of `iterations`
// passes: under full load the pointers desynchronise and every cycle's matching is perfect.
// Always round robin (the setup's arbiter kind is not read); ages are not read. Plain C++.
#pragma once

#include <vector>

#include "core/allocation/allocator_if.h"

namespace d3 {

class islip_allocator final : public allocator_if {
  public:
    explicit islip_allocator(const allocator_setup& s);

    std::size_t inputs() const override { return accept_next_.size(); }
    std::size_t outputs() const override { return grant_next_.size(); }
    void allocate(const request_matrix& requests, matching& grants) override;

  private:
    /// One request-grant-accept pass over the free inputs and outputs; false when nothing was
    /// granted.
    bool pass(const request_matrix& requests, matching& grants, bool first);

    int iterations_;
    std::vector<std::size_t> grant_next_;   ///< per output: the input it grants first
    std::vector<std::size_t> accept_next_;  ///< per input: the output it accepts first
    request_matrix granted_;                ///< a pass's grants: output o granted input i
    std::vector<std::uint64_t> free_inputs_, free_outputs_, scratch_;  ///< scratch_: a column
};

}  // namespace d3
