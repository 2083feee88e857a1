// Matrix arbiter (Dally & Towles 18.5): a priority bit for every pair of requesters; the winner
// is the requester no other requester has priority over, and on update it loses its priority over
// every other, so that it grants the least recently served. At first lower indices come first.
// Plain C++.
#pragma once

#include <vector>

#include "core/allocation/arbiter_if.h"

namespace d3 {

class matrix_arbiter final : public arbiter_if {
  public:
    explicit matrix_arbiter(std::size_t size);

    std::size_t size() const override { return size_; }
    std::size_t arbitrate(const std::uint64_t* requests, age_view) const override;
    void update(std::size_t winner) override;

    /// Whether requester `a` has priority over `b` now.
    bool ahead(std::size_t a, std::size_t b) const { return test_bit(beaten_by(b), a); }

  private:
    std::uint64_t* beaten_by(std::size_t i) { return &beaten_by_[i * words_]; }
    const std::uint64_t* beaten_by(std::size_t i) const { return &beaten_by_[i * words_]; }

    std::size_t size_, words_;
    /// Row i: the requesters that have priority over i (a column of the textbook's matrix).
    std::vector<std::uint64_t> beaten_by_;
};

}  // namespace d3
