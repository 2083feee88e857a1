// An allocator's requests in one cycle as a list, in the order they came, with the rows and
// columns they take: a request alone in its row and its column is granted by a separable
// allocator whatever the others ask (allocator_if::allocate_lone), so only the rest need a
// request matrix. Reused from cycle to cycle (clear() allocates nothing). Plain C++.
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
    /// Whether two requests share a row or a column.
    bool shared() const { return (shared_rows_ | shared_columns_) != 0; }
    /// The columns asked for more than once (a bit per column), and the rows asking more than once.
    std::uint64_t shared_columns() const { return shared_columns_; }
    std::uint64_t shared_rows() const { return shared_rows_; }

    void add(std::size_t row, std::size_t column) {
        const std::uint64_t r = std::uint64_t{1} << row, c = std::uint64_t{1} << column;
        shared_rows_ |= rows_ & r;
        shared_columns_ |= columns_ & c;
        rows_ |= r;
        columns_ |= c;
        list_[size_++] = {row, column};
    }
    /// Whether request `i` is the only one of its row and of its column.
    bool alone(std::size_t i) const {
        return ((shared_rows_ >> list_[i].input) & 1u) == 0 &&
               ((shared_columns_ >> list_[i].output) & 1u) == 0;
    }
    /// Whether row `row` is met for the first time since clear() by this call.
    bool first_visit(std::size_t row) {
        const std::uint64_t r = std::uint64_t{1} << row;
        if ((rows_ & r) == 0) return false;
        rows_ &= ~r;
        return true;
    }
    void clear() {
        size_ = 0;
        rows_ = shared_rows_ = columns_ = shared_columns_ = 0;
    }

  private:
    std::vector<lone_request> list_;
    std::uint64_t rows_ = 0, shared_rows_ = 0, columns_ = 0, shared_columns_ = 0;
    std::size_t size_ = 0;
};

}  // namespace d3
