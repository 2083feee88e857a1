#include "core/router/arbiter.h"

#include <tuple>

namespace d3 {

std::size_t arbiter::pick(const candidate* c, std::size_t n) {
    const auto key = [&](const candidate& x) {
        switch (policy_) {
            case arbitration::oldest_first:
                return std::make_tuple(x.age, std::uint64_t{0}, x.seq);
            case arbitration::youngest_first:
                return std::make_tuple(~x.age, std::uint64_t{0}, x.seq);
            case arbitration::round_robin:
            case arbitration::matrix:  // refused for this arbiter (network_config::check_model)
            default: {
                const std::uint64_t distance = (x.source + sources_ - next_) % sources_;
                return std::make_tuple(distance, x.age, x.seq);
            }
        }
    };
    std::size_t best = 0;
    for (std::size_t i = 1; i < n; ++i)
        if (key(c[i]) < key(c[best])) best = i;
    if (policy_ == arbitration::round_robin) next_ = (c[best].source + 1) % sources_;
    return best;
}

}  // namespace d3
