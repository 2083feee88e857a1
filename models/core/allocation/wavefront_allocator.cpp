#include "core/allocation/wavefront_allocator.h"

namespace d3 {

void wavefront_allocator::allocate(const request_matrix& requests, matching& grants) {
    grants.clear();
    const std::size_t n = square_;
    const std::size_t most = std::min(inputs_, outputs_);
    std::size_t d = top_;  // the diagonal in + out = d (mod n)
    for (std::size_t p = 0; p < n && grants.size() < most; ++p, d = d + 1 == n ? 0 : d + 1) {
        std::size_t out = d;  // of input 0; one less (mod n) for each next input
        for (std::size_t in = 0; in < inputs_; ++in, out = out == 0 ? n - 1 : out - 1) {
            if (out >= outputs_ || grants.output_of(in) != kNone || grants.input_of(out) != kNone)
                continue;
            if (requests.requested(in, out)) grants.match(in, out);
        }
    }
    top_ = (top_ + 1) % n;
}

}  // namespace d3
