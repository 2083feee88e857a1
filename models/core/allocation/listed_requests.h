// An allocator's requests in one cycle as a list, in the order they came, with the rows and
// columns they take: a request alone in its row and its column is granted by a separable
// allocator whatever the others ask (allocator_if::allocate_lone), so only the rest need a
// request matrix. add() only appends; settle(), once after a cycle's last add(), works out which
// rows and columns are shared (in registers, one pass, rather than four words kept in memory per
// add). Reused from cycle to cycle (clear() allocates nothing). Plain C++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace d3 {

/// A request of a cycle: an input asks for an output (allocator_if::allocate_lone: one of a cycle
/// in which no two requests share an input or an output).
struct lone_request {
    std::size_t input, output;
};

class listed_requests {
  public:
    /// At most kMaxPorts rows and columns (one word each); `capacity`: requests a cycle at most.
    static constexpr std::size_t kMaxPorts = 64;
    explicit listed_requests(std::size_t capacity) : list_(capacity) {}

    std::size_t size() const { return size_; }
    std::size_t capacity() const { return list_.size(); }
    const lone_request& operator[](std::size_t i) const { return list_[i]; }
    const lone_request* data() const { return list_.data(); }

    void add(std::size_t row, std::size_t column) { list_[size_++] = {row, column}; }
    /// Works out the rows and columns asked for more than once; after the cycle's last add(),
    /// before any of the reads below.
    void settle() {
        std::uint64_t rows = 0, shared_rows = 0, columns = 0, shared_columns = 0;
        for (std::size_t i = 0; i < size_; ++i) {
            const std::uint64_t r = std::uint64_t{1} << list_[i].input,
                                c = std::uint64_t{1} << list_[i].output;
            shared_rows |= rows & r;
            shared_columns |= columns & c;
            rows |= r;
            columns |= c;
        }
        rows_ = rows;
        shared_rows_ = shared_rows;
        columns_ = columns;
        shared_columns_ = shared_columns;
    }
    /// Whether two requests share a row or a column (settle() first, as for the reads below).
    bool shared() const { return (shared_rows_ | shared_columns_) != 0; }
    /// The columns asked for more than once (a bit per column), and the rows asking more than once.
    std::uint64_t shared_columns() const { return shared_columns_; }
    std::uint64_t shared_rows() const { return shared_rows_; }
    /// Whether request `i` is the only one of its row and of its column.
    bool alone(std::size_t i) const {
        return ((shared_rows_ >> list_[i].input) & 1u) == 0 &&
               ((shared_columns_ >> list_[i].output) & 1u) == 0;
    }
    /// Whether row `row` is met for the first time since settle() by this call.
    bool first_visit(std::size_t row) {
        const std::uint64_t r = std::uint64_t{1} << row;
        if ((rows_ & r) == 0) return false;
        rows_ &= ~r;
        return true;
    }
    void clear() { size_ = 0; }

  private:
    std::vector<lone_request> list_;
    std::uint64_t rows_ = 0, shared_rows_ = 0, columns_ = 0, shared_columns_ = 0;
    std::size_t size_ = 0;
};

}  // namespace d3
