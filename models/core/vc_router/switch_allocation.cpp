#include "core/vc_router/switch_allocation.h"

#include <algorithm>

#include "core/allocation/allocator_factory.h"
#include "core/allocation/unit_allocator.h"

namespace d3 {

namespace {
/// The allocator of `rows` x `columns`: C++, or another implementation (--unit-impl).
std::unique_ptr<allocator_if> make_switch_allocator(const vc_router_setup& s, std::size_t rows,
                                                    std::size_t columns) {
    if (s.sw_allocator_impl != unit_impl::cpp)
        return make_unit_allocator({rows, columns, s.sw_allocator_impl, s.name});
    // "paper": a row per VC, so each row asks for one output and the output's arbiter alone
    // decides (the input arbiters of an output-first pass have one request each).
    return make_allocator(s.sw_allocator == "paper" ? "separable-output-first" : s.sw_allocator,
                          rows, columns, s.arbiter, s.sw_allocator == "paper" ? 1 : s.alloc_iters);
}
}  // namespace

switch_allocation::switch_allocation(const vc_router_setup& s, int inputs, int outputs,
                                     bool observed)
    : vcs_(s.vcs),
      rows_(s.rows_per_input()),
      output_speedup_(s.output_speedup),
      columns_(static_cast<std::size_t>(outputs * s.output_speedup)),
      alloc_(make_switch_allocator(s, static_cast<std::size_t>(inputs * rows_), columns_)),
      // With output speedup the conflicts are counted from the matrix every cycle.
      listed_(!observed && output_speedup_ == 1 && alloc_->takes_lone_requests() &&
              static_cast<std::size_t>(inputs * rows_) <= listed_requests::kMaxPorts &&
              columns_ <= listed_requests::kMaxPorts),
      list_matched_(listed_ && alloc_->takes_listed_requests()),
      by_output_(list_matched_ && alloc_->takes_single_asks()),
      requests_(list_matched_ ? 0 : static_cast<std::size_t>(inputs * rows_),
                list_matched_ ? 0 : columns_),
      grants_(static_cast<std::size_t>(inputs * rows_), columns_),
      label_(static_cast<std::size_t>(inputs * rows_) * columns_, -1),
      next_vc_(static_cast<std::size_t>(inputs * rows_), 0),
      // Every input VC asks at most once a cycle.
      list_(listed_ && !by_output_ ? static_cast<std::size_t>(inputs * vcs_) : 0),
      asks_(listed_ ? static_cast<std::size_t>(inputs * vcs_) : 0),
      row_columns_(list_matched_ ? static_cast<std::size_t>(inputs * rows_) : 0),
      column_rows_(list_matched_ ? columns_ : 0),
      row_of_(static_cast<std::size_t>(inputs * vcs_)),
      next_after_(static_cast<std::size_t>(inputs * vcs_)) {
    for (std::size_t r = 0; r < next_vc_.size(); ++r) next_vc_[r] = static_cast<int>(r) % rows_;
    for (int iv = 0; iv < inputs * vcs_; ++iv) {
        const int vc = iv % vcs_;
        row_of_[static_cast<std::size_t>(iv)] =
            static_cast<std::size_t>(iv / vcs_ * rows_ + vc % rows_);
        next_after_[static_cast<std::size_t>(iv)] = (vc + rows_) % vcs_;
    }
}

namespace {

/// The bits set in `w`, one step per bit: a column has few (no popcount instruction is assumed).
int bits_set(std::uint64_t w) {
    int n = 0;
    for (; w != 0; w &= w - 1) ++n;
    return n;
}

}  // namespace

void switch_allocation::match_shared() {
    if (list_matched_) return match_list();
    for (std::size_t i = 0; i < list_.size(); ++i) {
        if (list_.alone(i)) {
            alloc_->allocate_lone(&list_[i], 1);
            continue;
        }
        const ask& a = asks_[i];
        add(a.iv / vcs_, a.iv % vcs_, a.output, a.age);
    }
    alloc_->allocate(requests_, grants_);
}

void switch_allocation::match_list() {
    for (std::size_t i = 0; i < list_.size(); ++i) {
        row_columns_[list_[i].input] = 0;
        column_rows_[list_[i].output] = 0;
    }
    for (std::size_t i = 0; i < list_.size(); ++i) {
        if (list_.alone(i)) continue;
        const std::size_t row = list_[i].input, col = list_[i].output;
        const int vc = asks_[i].iv % vcs_;
        int& label = label_[row * columns_ + col];
        column_rows_[col] |= std::uint64_t{1} << row;
        const std::uint64_t bit = std::uint64_t{1} << col;
        if ((row_columns_[row] & bit) == 0) {  // the row's first request for the column
            row_columns_[row] |= bit;
            label = vc;
            continue;
        }
        // Two VCs of one row for one output: the first at or after the row's pointer asks.
        const int next = next_vc_[row];
        if ((vc - next + vcs_) % vcs_ < (label - next + vcs_) % vcs_) label = vc;
    }
    alloc_->allocate_listed(list_, grants_);
    // The outputs asked for by several rows (count_conflicts).
    for (std::uint64_t cols = list_.shared_columns(); cols != 0; cols &= cols - 1) {
        const int n = bits_set(column_rows_[lowest_bit(cols)]);
        if (n > 1) {
            ++conflicts_;
            waits_ += static_cast<std::uint64_t>(n - 1);
        }
    }
}

void switch_allocation::match_words() {
    for (std::size_t i = 0; i < asked_; ++i) row_columns_[asks_[i].row] = 0;
    for (std::size_t i = 0; i < asked_; ++i) {
        const ask& a = asks_[i];
        const int vc = a.iv % vcs_;
        int& label = label_[a.row * columns_ + static_cast<std::size_t>(a.output)];
        const std::uint64_t bit = std::uint64_t{1} << a.output;
        if ((row_columns_[a.row] & bit) == 0) {  // the row's first request for the column
            row_columns_[a.row] |= bit;
            label = vc;
            continue;
        }
        // Two VCs of one row for one output: the first at or after the row's pointer asks.
        const int next = next_vc_[a.row];
        if ((vc - next + vcs_) % vcs_ < (label - next + vcs_) % vcs_) label = vc;
    }
    // The outputs asked for by several rows (count_conflicts).
    for (std::uint64_t cols = asked_columns_; cols != 0; cols &= cols - 1) {
        const int n = bits_set(column_rows_[lowest_bit(cols)]);
        if (n > 1) {
            ++conflicts_;
            waits_ += static_cast<std::uint64_t>(n - 1);
        }
    }
    alloc_->allocate_words(asked_rows_, row_columns_.data(), asked_columns_, column_rows_.data(),
                           grants_);
}

void switch_allocation::count_column_conflicts(std::uint64_t shared, std::size_t lost) {
    for (; shared != 0; shared &= shared - 1) ++conflicts_;
    waits_ += lost;
}

void switch_allocation::ask_again(std::size_t row, std::size_t col, int vc, int& label,
                                  std::uint64_t age) {
    // Two VCs of one row for one output: the first at or after the row's pointer asks.
    const int next = next_vc_[row];
    const auto distance = [&](int v) { return (v - next + vcs_) % vcs_; };
    if (distance(vc) < distance(label)) {
        label = vc;
        requests_.add(row, col, age);
    }
}

int switch_allocation::askers(int output) const {
    int n = 0;
    for (int k = 0; k < output_speedup_; ++k) {
        const std::uint64_t* c =
            requests_.column(static_cast<std::size_t>(output * output_speedup_ + k));
        for (std::size_t w = 0; w < requests_.column_words(); ++w) n += bits_set(c[w]);
    }
    return n;
}

void switch_allocation::clear() {
    // Unshared with a column per output: each output asked for by one row at most.
    if (output_speedup_ > 1 || requests_.shared()) count_conflicts();
    requests_.clear();
    rows_asked_.clear();
}

void switch_allocation::count_conflicts() {
    // Per output asked for, its rows (those of its columns, which are consecutive).
    int output = -1, n = 0;
    const auto count = [&] {
        if (n > 1) {
            ++conflicts_;
            waits_ += static_cast<std::uint64_t>(n - 1);
        }
    };
    for_each_bit(requests_.active_columns(), requests_.row_words(), [&](std::size_t col) {
        const int o = static_cast<int>(col) / output_speedup_;
        if (o != output) {
            count();
            output = o;
            n = 0;
        }
        const std::uint64_t* c = requests_.column(col);
        for (std::size_t w = 0; w < requests_.column_words(); ++w) n += bits_set(c[w]);
    });
    count();
}

}  // namespace d3
