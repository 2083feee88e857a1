// Wavefront allocator (Tamir & Chi 1993; Dally & Towles 19.4): the request matrix padded to a
// square of n = max(inputs, outputs) and read by diagonals (the cells with in + out = d mod n,
// no two in one row or column), from the priority diagonal on; a requested cell whose input and
// output are both still free is granted. The priority diagonal moves by one every allocation, so
// every cell has the top priority once in n allocations (fair: a persistent request waits at most
// n). The matching is maximal. Arbiter kind, iterations and ages are not read. Plain C++.
#pragma once

#include <algorithm>

#include "core/allocation/allocator_if.h"

namespace d3 {

class wavefront_allocator final : public allocator_if {
  public:
    explicit wavefront_allocator(const allocator_setup& s)
        : inputs_(s.inputs), outputs_(s.outputs), square_(std::max(s.inputs, s.outputs)) {}

    std::size_t inputs() const override { return inputs_; }
    std::size_t outputs() const override { return outputs_; }
    void allocate(const request_matrix& requests, matching& grants) override;

    /// The diagonal with the top priority in the next allocation.
    std::size_t priority_diagonal() const { return top_; }

  private:
    std::size_t inputs_, outputs_, square_;
    std::size_t top_ = 0;
};

}  // namespace d3
