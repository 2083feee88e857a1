#include "core/router/arbiter.h"

#include <tuple>

namespace d3 {

std::size_t arbiter::pick(arbitration policy, std::uint32_t sources, std::uint32_t& next,
                          const candidate* c, std::size_t n) {
    const auto key = [&](const candidate& x) {
        switch (policy) {
            case arbitration::oldest_first:
                return std::make_tuple(x.age, std::uint64_t{0}, x.seq);
            case arbitration::youngest_first:
                return std::make_tuple(~x.age, std::uint64_t{0}, x.seq);
            case arbitration::round_robin:
            case arbitration::matrix:  // refused for this arbiter (network_config::check_model)
            default: {
                const std::uint64_t distance = (x.source + sources - next) % sources;
                return std::make_tuple(distance, x.age, x.seq);
            }
        }
    };
    std::size_t best = 0;
    for (std::size_t i = 1; i < n; ++i)
        if (key(c[i]) < key(c[best])) best = i;
    if (policy == arbitration::round_robin) next = (c[best].source + 1) % sources;
    return best;
}

}  // namespace d3
