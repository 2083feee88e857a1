// An allocator's result: which output each input was granted and which input each output was
// given, each at most once. Reused from cycle to cycle (clear() allocates nothing). Plain C++.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "core/allocation/bit_rows.h"

namespace d3 {

class matching {
  public:
    matching(std::size_t inputs, std::size_t outputs)
        : output_of_(inputs, kNone), input_of_(outputs, kNone) {}

    std::size_t inputs() const { return output_of_.size(); }
    std::size_t outputs() const { return input_of_.size(); }
    /// The output granted to input `in`, or kNone.
    std::size_t output_of(std::size_t in) const { return output_of_[in]; }
    /// The input given output `out`, or kNone.
    std::size_t input_of(std::size_t out) const { return input_of_[out]; }
    /// Pairs matched.
    std::size_t size() const { return size_; }

    /// Pairs `in` with `out`; both must be unmatched (the allocators' own bookkeeping keeps them
    /// so).
    void match(std::size_t in, std::size_t out) {
        output_of_[in] = out;
        input_of_[out] = in;
        ++size_;
    }
    void clear() {
        std::fill(output_of_.begin(), output_of_.end(), kNone);
        std::fill(input_of_.begin(), input_of_.end(), kNone);
        size_ = 0;
    }

  private:
    std::vector<std::size_t> output_of_;  ///< by input
    std::vector<std::size_t> input_of_;   ///< by output
    std::size_t size_ = 0;
};

}  // namespace d3
