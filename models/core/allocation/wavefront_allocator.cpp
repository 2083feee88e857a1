#include "core/allocation/wavefront_allocator.h"

namespace d3 {

void wavefront_allocator::allocate(const request_matrix& requests, matching& grants) {
    grants.clear();
    const std::size_t n = square_;
    const std::size_t most = std::min(inputs_, outputs_);
    for (std::size_t p = 0; p < n && grants.size() < most; ++p) {
        const std::size_t d = (top_ + p) % n;  // the diagonal in + out = d (mod n)
        for (std::size_t in = 0; in < inputs_; ++in) {
            const std::size_t out = (d + n - in) % n;
            if (out >= outputs_ || grants.output_of(in) != kNone || grants.input_of(out) != kNone)
                continue;
            if (requests.requested(in, out)) grants.match(in, out);
        }
    }
    top_ = (top_ + 1) % n;
}

}  // namespace d3
