// Switch allocation unit of a design-space router (core/vc_router/vc_router.h): which input VCs
// send a flit this cycle, at most one per output and `input_speedup` per input port (VC v of
// input i asks through row i x speedup + v mod speedup, as BookSim2 expands its inputs). Several
// VCs of a row asking for one output: the first after the row's round-robin pointer asks.
// "paper": every VC a row of its own, one arbiter per output (the paper's router); otherwise an
// allocator of core/allocation/allocator_factory.h. Plain C++.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/allocation/allocator_if.h"
#include "core/allocation/listed_requests.h"
#include "core/allocation/matching.h"
#include "core/allocation/request_matrix.h"
#include "core/vc_router/vc_router_setup.h"

namespace d3 {

class switch_allocation {
  public:
    /// `observed`: askers() and asks() are read (every request goes into the request matrix).
    switch_allocation(const vc_router_setup& s, int inputs, int outputs, bool observed = false);

    /// Input VC `iv` (VC iv mod vcs of input port iv / vcs) asks for `output` (through column
    /// output x speedup + input mod speedup, as BookSim2 expands its outputs) with a flit of a
    /// packet of age age() (called only when an arbiter may read it).
    template <typename Age>
    [[gnu::always_inline]] void request(int iv, int output, Age&& age) {
        if (by_output_) return ask_by_output(iv, output);
        if (!listed_) return add(iv / vcs_, iv % vcs_, output, age());
        asks_[list_.size()] = {iv, output, row_of_[static_cast<std::size_t>(iv)],
                               list_matched_ ? 0 : age()};
        list_.add(row_of_[static_cast<std::size_t>(iv)], static_cast<std::size_t>(output));
    }
    /// Allocates this cycle's requests: granted(iv, output) per match, then seen() (the requests
    /// still readable: askers, asks); then clears them.
    template <typename Granted, typename Seen>
    void allocate(Granted&& granted, Seen&& seen) {
        if (by_output_) return allocate_by_output(granted);
        if (listed_) return allocate_listed(granted);
        if (requests_.empty()) return;
        alloc_->allocate(requests_, grants_);
        const auto grant_row = [&](std::size_t row) { grant(row, granted); };
        // In the order the rows first asked: with a row per input, increasing.
        if (rows_ == 1)
            for_each_bit(requests_.active_rows(), requests_.column_words(), grant_row);
        else
            for (int row : rows_asked_) grant_row(static_cast<std::size_t>(row));
        seen();
        clear();
    }
    /// Whether a cycle's grants are the same whatever the order of its requests: listed
    /// requests (each row's VC is the nearest after its pointer of those asking, the arbiters
    /// read sets of requests); only the order of allocate()'s granted() calls follows theirs.
    bool any_order() const { return listed_; }
    /// Rows asking for `output` this cycle.
    int askers(int output) const;
    /// Whether VC `vc` of input `input` is the one its row asks for `output` with this cycle.
    bool asks(int input, int vc, int output) const {
        const auto row = static_cast<std::size_t>(input * rows_ + vc % rows_);
        const auto col =
            static_cast<std::size_t>(output * output_speedup_ + input % output_speedup_);
        return requests_.requested(row, col) && label_[row * columns_ + col] == vc;
    }
    /// Outputs asked for by more than one row so far (conflicts), and requests that lost.
    std::uint64_t conflicts() const { return conflicts_; }
    std::uint64_t waits() const { return waits_; }

  private:
    /// request() by output (by_output_): the rows asking for each column, the rows asking twice.
    void ask_by_output(int iv, int output) {
        const std::size_t row = row_of_[static_cast<std::size_t>(iv)];
        const std::uint64_t r = std::uint64_t{1} << row, c = std::uint64_t{1} << output;
        ask& a = asks_[asked_++];  // its age unread
        a.iv = iv;
        a.output = output;
        a.row = row;
        twice_rows_ |= asked_rows_ & r;
        asked_rows_ |= r;
        asked_columns_ |= c;
        column_rows_[static_cast<std::size_t>(output)] |= r;
    }
    /// allocate() by output: when no row asks twice, each column's rows to the allocator at once
    /// (allocate_single_asks), granted in the order the rows asked; otherwise as listed requests.
    template <typename Granted>
    void allocate_by_output(Granted&& granted) {
        if (asked_ == 0) return;
        if (twice_rows_ != 0) {
            match_words();
            // In the order the rows first asked.
            std::uint64_t seen = 0;
            for (std::size_t i = 0; i < asked_; ++i) {
                const std::uint64_t r = std::uint64_t{1} << asks_[i].row;
                if ((seen & r) != 0) continue;
                seen |= r;
                grant(asks_[i].row, granted);
            }
            clear_column_rows();
        } else {
            std::uint64_t shared;
            const std::uint64_t rows =
                alloc_->allocate_single_asks(asked_columns_, column_rows_.data(), shared);
            const auto grant_ask = [&](const ask& a) __attribute__((always_inline)) {
                next_vc_[a.row] = next_after_[static_cast<std::size_t>(a.iv)];
                granted(a.iv, a.output);
            };
            if (shared == 0) {  // every row granted (each alone for its column)
                for (std::size_t i = 0; i < asked_; ++i) grant_ask(asks_[i]);
            } else {
                std::size_t grants = 0;
                for (std::size_t i = 0; i < asked_; ++i) {
                    if (((rows >> asks_[i].row) & 1u) == 0) continue;
                    ++grants;
                    grant_ask(asks_[i]);
                }
                count_column_conflicts(shared, asked_ - grants);
            }
        }
        asked_ = 0;
        asked_rows_ = twice_rows_ = asked_columns_ = 0;
    }
    /// allocate_by_output() when a row asks twice: the VC each row asks for each column with
    /// (the first after its pointer), the conflicts, the allocator's grants in grants_.
    void match_words();
    /// The rows of each column asked for this cycle cleared.
    void clear_column_rows() {
        for (std::uint64_t c = asked_columns_; c != 0; c &= c - 1) column_rows_[lowest_bit(c)] = 0;
    }
    /// The conflicts and waits of a cycle in which no row asks twice: `shared` the columns
    /// several rows ask for, `lost` the requests not granted.
    void count_column_conflicts(std::uint64_t shared, std::size_t lost);
    /// A request into the request matrix.
    void add(int input, int vc, int output, std::uint64_t age) {
        const auto row = static_cast<std::size_t>(input * rows_ + vc % rows_);
        const auto col =
            static_cast<std::size_t>(output * output_speedup_ + input % output_speedup_);
        int& label = label_[row * columns_ + col];
        if (!requests_.requested(row, col)) {
            // A row's first request this cycle (the rows asked: those with a request).
            if (rows_ != 1 && !test_bit(requests_.active_rows(), row))
                rows_asked_.push_back(static_cast<int>(row));
            requests_.add(row, col, age);
            label = vc;
            return;
        }
        ask_again(row, col, vc, label, age);
    }
    /// The matrix's grant of row `row`, if any: granted(iv, output).
    template <typename Granted>
    void grant(std::size_t row, Granted&& granted) {
        const std::size_t col = grants_.output_of(row);
        if (col == kNone) return;
        const int vc = label_[row * columns_ + col];
        next_vc_[row] = (vc + rows_) % vcs_;
        granted(static_cast<int>(row) / rows_ * vcs_ + vc, static_cast<int>(col) / output_speedup_);
    }
    /// allocate() of listed requests: those alone in their row and column granted at once, the
    /// others through the request matrix; granted in the order the matrix would grant them all
    /// (the order their rows first asked).
    template <typename Granted>
    void allocate_listed(Granted&& granted) {
        if (list_.size() == 0) return;
        list_.settle();
        const bool shared = list_.shared();
        if (shared)
            match_shared();
        else
            alloc_->allocate_lone(list_.data(), list_.size());
        for (std::size_t i = 0; i < list_.size(); ++i) {
            const std::size_t row = list_[i].input;
            if (!shared || list_.alone(i)) {
                const ask& a = asks_[i];
                next_vc_[row] = next_after_[static_cast<std::size_t>(a.iv)];
                granted(a.iv, a.output);
            } else if (list_.first_visit(row)) {
                grant(row, granted);
            }
        }
        if (shared && !list_matched_) clear();
        list_.clear();
    }
    /// The listed requests that share a row or a column into the matrix, allocated; the others'
    /// priorities moved on.
    void match_shared();
    /// match_shared() when the allocator matches the list itself: the VC each shared pair's row
    /// asks with and the cycle's conflicts worked out from the list, as add() and clear() would.
    void match_list();
    /// request() of a second VC of row `row` for column `col` (`label`: the VC asking now).
    void ask_again(std::size_t row, std::size_t col, int vc, int& label, std::uint64_t age);
    void clear();
    /// Adds this cycle's conflicts and waits (outputs asked for by several rows).
    void count_conflicts();

    int vcs_;
    int rows_;  ///< rows per input port
    int output_speedup_;
    std::size_t columns_;  ///< outputs x output speedup
    std::unique_ptr<allocator_if> alloc_;
    /// Requests listed (an allocator that takes lone requests, a column per output, unobserved)
    /// or straight into the matrix; as asked, by list index.
    bool listed_;
    /// Listed, and the allocator matches the list itself (no request matrix for shared cycles).
    bool list_matched_;
    /// Listed requests taken by output (the allocator takes single asks): each column's rows to
    /// the allocator at once in a cycle when no row asks twice, no list.
    bool by_output_;
    request_matrix requests_;  ///< empty when list_matched_
    matching grants_;
    std::vector<int> label_;       ///< row x output: the VC that asks
    std::vector<int> next_vc_;     ///< per row: the VC asking first
    std::vector<int> rows_asked_;  ///< with several rows per input: in the order they asked
    std::uint64_t conflicts_ = 0, waits_ = 0;
    listed_requests list_;
    struct ask {
        int iv, output;
        std::size_t row;
        std::uint64_t age;
    };
    std::vector<ask> asks_;
    /// by_output_: asks_ as they came (asked_ of them), the rows asked for, those asking twice,
    /// and the columns asked for (column_rows_: the rows asking for each).
    std::size_t asked_ = 0;
    std::uint64_t asked_rows_ = 0, twice_rows_ = 0, asked_columns_ = 0;
    /// match_list: per row, the columns it asked for this cycle; per column, the rows asking.
    std::vector<std::uint64_t> row_columns_, column_rows_;
    /// Per input VC (input x vcs + vc): its row, and the VC its row asks with first after it
    /// is granted (next_vc_).
    std::vector<std::size_t> row_of_;
    std::vector<int> next_after_;
};

}  // namespace d3
