#include "core/containers/calendar.h"

namespace d3 {

calendar::calendar(std::uint32_t clients, std::uint64_t horizon) {
    std::uint64_t size = std::uint64_t{1} << slot_bits_;
    while (size <= horizon + 1) {
        size *= 2;
        ++slot_bits_;
    }
    mask_ = size - 1;
    requests_.resize(static_cast<std::size_t>(size), 0);
    resize(clients);
}

void calendar::resize(std::uint32_t clients) {
    wake_.resize(clients, kNever);
    words_ = (clients + 63) / 64;
    bits_.resize(static_cast<std::size_t>(words_) << slot_bits_, 0);
}

std::uint64_t calendar::record_far(std::uint32_t id, std::uint64_t cycle) {
    far_.emplace(cycle, id);
    return cycle;
}

void calendar::admit_far() {
    while (!far_.empty() && far_.top().first - open_ <= mask_) {
        const far_entry e = far_.top();
        far_.pop();
        if (wake_[e.second] != e.first) continue;  // superseded
        record(e.second, e.first);
    }
}

std::optional<std::uint64_t> calendar::next() const {
    for (std::uint64_t c = open_; c <= open_ + mask_; ++c)
        if (requests_[static_cast<std::size_t>(c & mask_)] != 0) return c;
    if (!far_.empty()) return far_.top().first;
    return std::nullopt;
}

void calendar::add_requests(apart_requests& r) {
    for (std::size_t slot = 0; slot < r.counts.size(); ++slot) {
        requests_[slot] += r.counts[slot];
        r.counts[slot] = 0;
    }
    for (const far_entry& e : r.far) far_.push(e);
    r.far.clear();
}

}  // namespace d3
