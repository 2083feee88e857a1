#include "core/calendar.h"

namespace d3 {

calendar::calendar(std::uint32_t clients, std::uint64_t horizon) : wake_(clients, kNever) {
    std::uint64_t size = 16;
    while (size <= horizon + 1) size *= 2;
    wheel_.resize(size);
    mask_ = size - 1;
}

std::uint64_t calendar::record_far(std::uint32_t id, std::uint64_t cycle) {
    far_.emplace(cycle, id);
    return cycle;
}

std::uint64_t calendar::record_growing(std::vector<std::uint32_t>& bucket, std::uint32_t id,
                                       std::uint64_t cycle) {
    bucket.push_back(id);
    ++in_wheel_;
    return cycle;
}

void calendar::admit_far() {
    while (!far_.empty() && far_.top().first - open_ <= mask_) {
        const far_entry e = far_.top();
        far_.pop();
        if (wake_[e.second] != e.first) continue;  // superseded
        wheel_[e.first & mask_].push_back(e.second);
        ++in_wheel_;
    }
}

std::optional<std::uint64_t> calendar::next() const {
    if (in_wheel_ != 0)
        for (std::uint64_t c = open_; c <= open_ + mask_; ++c)
            if (!wheel_[c & mask_].empty()) return c;
    if (!far_.empty()) return far_.top().first;
    return std::nullopt;
}

}  // namespace d3
