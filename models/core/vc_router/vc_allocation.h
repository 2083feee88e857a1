// VC allocation unit of a design-space router (core/vc_router/vc_router.h): matches the input VCs
// whose packets were routed to a free VC of their output, among the VCs their class may take
// (core/vc_router/vc_class.h). "static": one candidate, the VC fixed by b; any allocator kind
// (core/allocation/allocator_factory.h) matches over every free VC of the class. Plain C++.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/allocation/allocator_if.h"
#include "core/allocation/matching.h"
#include "core/allocation/request_matrix.h"
#include "core/vc_router/output_vcs.h"
#include "core/vc_router/vc_class.h"
#include "core/vc_router/vc_router_setup.h"

namespace d3 {

class vc_allocation {
  public:
    vc_allocation(const vc_router_setup& s, int inputs, int outputs);

    /// Input VC `iv` (input_vcs index) asks for a free VC of `output` among `r`; `age`: its
    /// packet's, for oldest-first arbiters.
    void request(int iv, int output, vc_range r, const output_vcs& outs, std::uint64_t age) {
        const auto first = static_cast<std::size_t>(output * vcs_);
        for (int v = r.first; v < r.first + r.count; ++v)
            if (outs.free(output, v))
                requests_.add(static_cast<std::size_t>(iv), first + static_cast<std::size_t>(v),
                              age);
    }
    /// Allocates this cycle's requests: granted(iv, out_vc) per match, in increasing iv; then
    /// clears them.
    template <typename Granted>
    void allocate(Granted&& granted) {
        if (requests_.empty()) return;
        alloc_->allocate(requests_, grants_);
        for_each_bit(requests_.active_rows(), requests_.column_words(), [&](std::size_t iv) {
            const std::size_t col = grants_.output_of(iv);
            if (col != kNone) granted(static_cast<int>(iv), static_cast<int>(col) % vcs_);
        });
        requests_.clear();
    }

  private:
    int vcs_;
    std::unique_ptr<allocator_if> alloc_;
    request_matrix requests_;
    matching grants_;
};

}  // namespace d3
