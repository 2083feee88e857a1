// An allocator's requests in one cycle: inputs x outputs bits, kept both by input (the outputs an
// input asks for) and by output (the inputs asking for it), with each request's age. Filled by
// the caller, reused from cycle to cycle (clear() allocates nothing). Plain C++.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/allocation/bit_rows.h"

namespace d3 {

/// The ages of a row or column of requests (smaller is older); read only by arbiters that rank
/// by age. Empty (no data): every age 0.
struct age_view {
    const std::uint64_t* first = nullptr;
    std::size_t stride = 1;
    std::uint64_t operator[](std::size_t i) const { return first ? first[i * stride] : 0; }
};

class request_matrix {
  public:
    request_matrix(std::size_t inputs, std::size_t outputs)
        : inputs_(inputs),
          outputs_(outputs),
          row_words_(words_for(outputs)),
          column_words_(words_for(inputs)),
          rows_(inputs * row_words_),
          columns_(outputs * column_words_),
          age_(inputs * outputs),
          active_rows_(column_words_),
          active_columns_(row_words_) {}

    std::size_t inputs() const { return inputs_; }
    std::size_t outputs() const { return outputs_; }
    std::size_t row_words() const { return row_words_; }        ///< words of row()
    std::size_t column_words() const { return column_words_; }  ///< words of column()

    /// Input `in` asks for output `out`; `age`: when the request (its packet) began, smaller is
    /// older.
    void add(std::size_t in, std::size_t out, std::uint64_t age = 0) {
        set_bit(&rows_[in * row_words_], out);
        set_bit(&columns_[out * column_words_], in);
        set_bit(active_rows_.data(), in);
        set_bit(active_columns_.data(), out);
        age_[in * outputs_ + out] = age;
    }
    /// No requests (the ages are left: read only where requested). Clears the rows and columns
    /// that have requests only: a cycle with few costs little in a large matrix.
    void clear() {
        for_each_bit(active_rows_.data(), active_rows_.size(),
                     [&](std::size_t in) { std::fill_n(&rows_[in * row_words_], row_words_, 0); });
        for_each_bit(active_columns_.data(), active_columns_.size(), [&](std::size_t out) {
            std::fill_n(&columns_[out * column_words_], column_words_, 0);
        });
        for (std::uint64_t& w : active_rows_) w = 0;  // a word or two: no call of memset
        for (std::uint64_t& w : active_columns_) w = 0;
    }
    /// The inputs with a request (column_words() words), the outputs with one (row_words()).
    const std::uint64_t* active_rows() const { return active_rows_.data(); }
    const std::uint64_t* active_columns() const { return active_columns_.data(); }

    bool requested(std::size_t in, std::size_t out) const { return test_bit(row(in), out); }
    std::uint64_t age(std::size_t in, std::size_t out) const { return age_[in * outputs_ + out]; }
    /// The outputs input `in` asks for.
    const std::uint64_t* row(std::size_t in) const { return &rows_[in * row_words_]; }
    /// The inputs asking for output `out`.
    const std::uint64_t* column(std::size_t out) const { return &columns_[out * column_words_]; }
    /// The ages of row(in), by output; of column(out), by input.
    age_view row_age(std::size_t in) const { return {&age_[in * outputs_], 1}; }
    age_view column_age(std::size_t out) const { return {&age_[out], outputs_}; }

  private:
    std::size_t inputs_, outputs_, row_words_, column_words_;
    std::vector<std::uint64_t> rows_, columns_;
    std::vector<std::uint64_t> age_;  ///< by input, then output
    std::vector<std::uint64_t> active_rows_, active_columns_;
};

}  // namespace d3
