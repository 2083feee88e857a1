#include "core/allocation/matrix_arbiter.h"

namespace d3 {

matrix_arbiter::matrix_arbiter(std::size_t size)
    : size_(size), words_(words_for(size)), beaten_by_(size * words_) {
    for (std::size_t i = 0; i < size_; ++i) fill_row(beaten_by(i), i);  // 0..i-1 come first
}

std::size_t matrix_arbiter::arbitrate(const std::uint64_t* requests, age_view) const {
    std::size_t winner = kNone;
    for_each_bit(requests, words_, [&](std::size_t i) {
        if (winner == kNone && !intersects(requests, beaten_by(i), words_)) winner = i;
    });
    return winner;
}

void matrix_arbiter::update(std::size_t winner) {
    for (std::size_t j = 0; j < size_; ++j) clear_bit(beaten_by(j), winner);
    fill_row(beaten_by(winner), size_);  // every other requester now comes first
    clear_bit(beaten_by(winner), winner);
}

}  // namespace d3
