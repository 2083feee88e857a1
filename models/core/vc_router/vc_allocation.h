// VC allocation unit of a design-space router (core/vc_router/vc_router.h): matches the input VCs
// whose packets were routed to a free VC of their output, among the VCs their class may take
// (core/vc_router/vc_class.h). "static": one candidate, the VC fixed by b; any allocator kind
// (core/allocation/allocator_factory.h) matches over every free VC of the class. Plain C++.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/allocation/allocator_if.h"
#include "core/allocation/listed_requests.h"
#include "core/allocation/matching.h"
#include "core/allocation/request_matrix.h"
#include "core/vc_router/output_vcs.h"
#include "core/vc_router/vc_class.h"
#include "core/vc_router/vc_router_setup.h"

namespace d3 {

class vc_allocation {
  public:
    vc_allocation(const vc_router_setup& s, int inputs, int outputs);

    /// Input VC `iv` (input_vcs index) asks for a free VC of `output` among `r`; age(): its
    /// packet's, for oldest-first arbiters (called only when an arbiter may read it).
    template <typename Age>
    [[gnu::always_inline]] void request(int iv, int output, vc_range r, const output_vcs& outs,
                                        Age&& age) {
        const int first = output * vcs_;  // the output's VC 0 among all output VCs
        if (single_) {                    // r is one VC
            if (outs.free_at(first + r.first)) ask_single(iv, first + r.first, r.first);
            return;
        }
        for (int v = first + r.first; v < first + r.first + r.count; ++v)
            if (outs.free_at(v))
                add(static_cast<std::size_t>(iv), static_cast<std::size_t>(v), age);
    }
    /// Allocates this cycle's requests: granted(iv, out_vc, index) per match (`index`: the VC
    /// among all output VCs, output_vcs::index), in increasing iv; then clears them.
    template <typename Granted>
    void allocate(Granted&& granted) {
        if (single_) return allocate_single(granted);
        if (listed_) return allocate_listed(granted);
        if (requests_.empty()) return;
        alloc_->allocate(requests_, grants_);
        for_each_bit(requests_.active_rows(), requests_.column_words(), [&](std::size_t iv) {
            const std::size_t col = grants_.output_of(iv);
            if (col != kNone)
                granted(static_cast<int>(iv), static_cast<int>(col) % vcs_, static_cast<int>(col));
        });
        requests_.clear();
    }

    /// Whether each input VC asks for one output VC at most, taken by output VC (one VC per
    /// class and an allocator that takes single asks): no list and no request matrix.
    bool single_asks() const { return single_; }

  private:
    /// request() of one output VC, by output VC: `index` among all, `vc` at its output.
    void ask_single(int iv, int index, int vc) {
        const auto i = static_cast<std::size_t>(index);
        askers_[i] |= std::uint64_t{1} << iv;
        asked_ |= std::uint64_t{1} << i;
        single_asks_[static_cast<std::size_t>(iv)] = {index, vc};
    }
    /// allocate() of single asks: the allocator's grants, in increasing iv.
    template <typename Granted>
    [[gnu::always_inline]] void allocate_single(Granted&& granted) {
        if (asked_ == 0) return;
        std::uint64_t shared;  // unread
        std::uint64_t ivs = alloc_->allocate_single_asks(asked_, askers_.data(), shared);
        asked_ = 0;
        for (; ivs != 0; ivs &= ivs - 1) {
            const std::size_t iv = lowest_bit(ivs);
            const single_ask a = single_asks_[iv];
            granted(static_cast<int>(iv), a.vc, a.index);
        }
    }
    template <typename Age>
    [[gnu::always_inline]] void add(std::size_t iv, std::size_t col, Age&& age) {
        if (!listed_) return requests_.add(iv, col, age());
        if (!list_matched_) ages_[list_.size()] = age();  // read by the matrix only
        list_.add(iv, col);
    }
    /// allocate() of listed requests: those alone in their input VC and output VC granted at
    /// once, the others through the request matrix; granted in increasing iv all the same.
    template <typename Granted>
    [[gnu::always_inline]] void allocate_listed(Granted&& granted) {
        if (list_.size() == 0) return;
        list_.settle();
        const bool shared = list_.shared();
        if (shared)
            match_shared();
        else
            alloc_->allocate_lone(list_.data(), list_.size());
        for (std::size_t i = 0; i < list_.size(); ++i) {
            const lone_request& r = list_[i];
            if (!shared || list_.alone(i) || grants_.output_of(r.input) == r.output)
                granted(static_cast<int>(r.input), static_cast<int>(r.output) % vcs_,
                        static_cast<int>(r.output));
        }
        if (shared && !list_matched_) requests_.clear();
        list_.clear();
    }
    /// The listed requests that share a port into the matrix, allocated; the others' priorities
    /// moved on.
    void match_shared();

    int vcs_;
    std::unique_ptr<allocator_if> alloc_;
    /// Requests listed (an allocator that takes lone requests, at most 64 VCs a side) or
    /// straight into the matrix.
    bool listed_;
    /// Listed, and the allocator matches the list itself (no request matrix for shared cycles).
    bool list_matched_;
    /// Each input VC asks for one output VC at most (one VC per class) and the allocator takes
    /// such cycles by output (allocate_single_asks): no list, no matrix.
    bool single_;
    request_matrix requests_;  ///< empty when list_matched_
    matching grants_;
    listed_requests list_;
    std::vector<std::uint64_t> ages_;  ///< the listed requests' ages, for the matrix
    /// single_: per output VC the input VCs asking for it, the output VCs asked for, and per
    /// input VC the output VC it asks for.
    std::vector<std::uint64_t> askers_;
    std::uint64_t asked_ = 0;
    struct single_ask {
        int index, vc;
    };
    std::vector<single_ask> single_asks_;
};

}  // namespace d3
