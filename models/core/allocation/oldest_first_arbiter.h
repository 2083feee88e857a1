// Oldest-first arbiter: the requester with the smallest age (time stamp), ties to the lowest
// index. No state of its own: update() does nothing. Plain C++.
#pragma once

#include "core/allocation/arbiter_if.h"

namespace d3 {

class oldest_first_arbiter final : public arbiter_if {
  public:
    explicit oldest_first_arbiter(std::size_t size) : size_(size), words_(words_for(size)) {}

    std::size_t size() const override { return size_; }
    std::size_t arbitrate(const std::uint64_t* requests, age_view age) const override {
        std::size_t best = kNone;
        for_each_bit(requests, words_, [&](std::size_t i) {
            if (best == kNone || age[i] < age[best]) best = i;
        });
        return best;
    }
    void update(std::size_t) override {}

  private:
    std::size_t size_, words_;
};

}  // namespace d3
