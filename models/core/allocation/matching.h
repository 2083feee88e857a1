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
        : output_of_(inputs, kNone),
          input_of_(outputs, kNone),
          matched_inputs_(inputs < outputs ? inputs : outputs) {}

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
        matched_inputs_[size_++] = in;
    }
    /// No pairs: undoes the pairs made (a cycle with few costs little in a large matching).
    void clear() {
        for (std::size_t i = 0; i < size_; ++i) {
            const std::size_t in = matched_inputs_[i];
            input_of_[output_of_[in]] = kNone;
            output_of_[in] = kNone;
        }
        size_ = 0;
    }

  private:
    std::vector<std::size_t> output_of_;       ///< by input
    std::vector<std::size_t> input_of_;        ///< by output
    std::vector<std::size_t> matched_inputs_;  ///< the inputs matched, in order (size_ of them)
    std::size_t size_ = 0;
};

}  // namespace d3
