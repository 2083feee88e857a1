// An arbiter: one of N requesters per decision, for the allocators built from arbiters (separable
// allocators). As in BookSim2, choosing (arbitrate) and moving the state on (update) are apart:
// an allocator tells an arbiter its grant was accepted only when it is (iSLIP's rule). Kinds by
// name: core/allocation/arbiter_factory.h. Plain C++.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/allocation/request_matrix.h"

namespace d3 {

class arbiter_if {
  public:
    virtual ~arbiter_if() = default;

    /// Requesters 0..size()-1.
    virtual std::size_t size() const = 0;
    /// The requester granted among those set in `requests` (words_for(size()) words, bits past
    /// size() clear), given their ages (read only by arbiters that rank by age), or kNone when
    /// none requests. Changes no state: asking twice gives the same answer.
    virtual std::size_t arbitrate(const std::uint64_t* requests, age_view age) const = 0;
    /// The grant to `winner` was accepted: the arbiter's priorities move on.
    virtual void update(std::size_t winner) = 0;
};

}  // namespace d3
