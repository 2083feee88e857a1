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
        age_[in * outputs_ + out] = age;
        std::uint64_t* row = &rows_[in * row_words_];
        if (test_bit(row, out)) return;  // asked again: its age only
        // A second request of a row or of a column: the requests share a port.
        if (test_bit(active_rows_.data(), in) || test_bit(active_columns_.data(), out))
            shared_ = true;
        set_bit(row, out);
        set_bit(&columns_[out * column_words_], in);
        set_bit(active_rows_.data(), in);
        set_bit(active_columns_.data(), out);
    }
    /// No requests (the ages are left: read only where requested). Clears the rows and columns
    /// that have requests only: a cycle with few costs little in a large matrix.
    void clear() {
        clear_lines(rows_.data(), row_words_, active_rows_.data(), active_rows_.size());
        clear_lines(columns_.data(), column_words_, active_columns_.data(), active_columns_.size());
        shared_ = false;
    }
    /// Whether there is no request.
    bool empty() const {
        for (const std::uint64_t w : active_rows_)
            if (w != 0) return false;
        return true;
    }
    /// Whether two requests share an input or an output (false: each active row and column has
    /// one request, and every request can be granted).
    bool shared() const { return shared_; }
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
    /// Zeroes the lines (`words` words each) of `lines` that `active` (`active_words` words)
    /// marks, and `active`. Word by word: a line of a word or two costs no call of memset.
    static void clear_lines(std::uint64_t* lines, std::size_t words, std::uint64_t* active,
                            std::size_t active_words) {
        for (std::size_t a = 0; a < active_words; ++a) {
            for (std::uint64_t bits = active[a]; bits != 0; bits &= bits - 1) {
                std::uint64_t* line = &lines[(a * 64 + lowest_bit(bits)) * words];
                if (words == 1)
                    line[0] = 0;
                else
                    std::fill_n(line, words, 0);
            }
            active[a] = 0;
        }
    }

    std::size_t inputs_, outputs_, row_words_, column_words_;
    std::vector<std::uint64_t> rows_, columns_;
    std::vector<std::uint64_t> age_;  ///< by input, then output
    std::vector<std::uint64_t> active_rows_, active_columns_;
    bool shared_ = false;
};

}  // namespace d3
