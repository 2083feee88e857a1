// Round-robin arbiter: the first requester at or after a pointer, which moves to one past the
// winner only when told the grant was accepted (update), as iSLIP needs. Plain C++.
#pragma once

#include "core/allocation/arbiter_if.h"

namespace d3 {

class round_robin_arbiter final : public arbiter_if {
  public:
    explicit round_robin_arbiter(std::size_t size) : size_(size), words_(words_for(size)) {}

    std::size_t size() const override { return size_; }
    std::size_t arbitrate(const std::uint64_t* requests, age_view) const override {
        return first_bit_cyclic(requests, words_, next_);
    }
    void update(std::size_t winner) override { next_ = winner + 1 == size_ ? 0 : winner + 1; }

    /// The requester with the highest priority now.
    std::size_t next() const { return next_; }

  private:
    std::size_t size_, words_;
    std::size_t next_ = 0;
};

}  // namespace d3
