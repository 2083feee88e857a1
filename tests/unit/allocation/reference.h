// The allocation tests' references, from the textbook definitions (Dally & Towles ch. 18-19): a
// dense request matrix, what a matching is, what makes it maximal. Written apart from
// core/allocation, which they check.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/allocation/matching.h"
#include "core/allocation/request_matrix.h"

namespace d3::test {

/// Requests as a plain table: asked[in][out].
struct dense_requests {
    std::size_t inputs = 0, outputs = 0;
    std::vector<std::vector<bool>> asked;

    dense_requests(std::size_t i, std::size_t o)
        : inputs(i), outputs(o), asked(i, std::vector<bool>(o, false)) {}
    /// Into a request_matrix (cleared first), with ages by input and output (or none).
    void load(request_matrix& r,
              const std::vector<std::vector<std::uint64_t>>* age = nullptr) const {
        r.clear();
        for (std::size_t in = 0; in < inputs; ++in)
            for (std::size_t out = 0; out < outputs; ++out)
                if (asked[in][out]) r.add(in, out, age ? (*age)[in][out] : 0);
    }
};

/// Each pair asked with probability `percent` %.
inline dense_requests random_requests(std::mt19937_64& rng, std::size_t inputs, std::size_t outputs,
                                      unsigned percent) {
    dense_requests d(inputs, outputs);
    for (auto& row : d.asked)
        for (std::size_t out = 0; out < outputs; ++out) row[out] = rng() % 100 < percent;
    return d;
}

/// What is wrong with `m` as a matching of `d` (empty: nothing): a pair not asked for, an input
/// or output used twice, the two sides disagreeing, a wrong size.
inline std::string matching_fault(const dense_requests& d, const matching& m) {
    std::vector<int> used(d.outputs, 0);
    std::size_t pairs = 0;
    for (std::size_t in = 0; in < d.inputs; ++in) {
        const std::size_t out = m.output_of(in);
        if (out == kNone) continue;
        const std::string pair = "(" + std::to_string(in) + ", " + std::to_string(out) + ")";
        if (out >= d.outputs) return "input " + std::to_string(in) + " got no such output";
        if (!d.asked[in][out]) return pair + " matched but not requested";
        if (++used[out] > 1) return "output " + std::to_string(out) + " matched twice";
        if (m.input_of(out) != in) return pair + ": the output does not name the input";
        ++pairs;
    }
    for (std::size_t out = 0; out < d.outputs; ++out)
        if (m.input_of(out) != kNone && used[out] == 0)
            return "output " + std::to_string(out) + " names an input that does not name it";
    if (m.size() != pairs) return "size() is not the number of pairs";
    return "";
}

/// Maximal: no pair that asked for each other is left with both sides unmatched.
inline bool maximal(const dense_requests& d, const matching& m) {
    for (std::size_t in = 0; in < d.inputs; ++in)
        for (std::size_t out = 0; out < d.outputs; ++out)
            if (d.asked[in][out] && m.output_of(in) == kNone && m.input_of(out) == kNone)
                return false;
    return true;
}

/// A request vector of `n` requesters as words, from a table.
inline std::vector<std::uint64_t> request_bits(const std::vector<bool>& asked) {
    std::vector<std::uint64_t> w(words_for(asked.size()), 0);
    for (std::size_t i = 0; i < asked.size(); ++i)
        if (asked[i]) w[i / 64] |= std::uint64_t{1} << (i % 64);
    return w;
}

}  // namespace d3::test
