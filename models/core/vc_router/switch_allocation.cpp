#include "core/vc_router/switch_allocation.h"

#include <algorithm>

#include "core/allocation/allocator_factory.h"

namespace d3 {

switch_allocation::switch_allocation(const vc_router_setup& s, int inputs, int outputs)
    : vcs_(s.vcs),
      rows_(s.rows_per_input()),
      outputs_(static_cast<std::size_t>(outputs)),
      // "paper": a row per VC, so each row asks for one output and the output's arbiter alone
      // decides (the input arbiters of an output-first pass have one request each).
      alloc_(make_allocator(s.sw_allocator == "paper" ? "separable-output-first" : s.sw_allocator,
                            static_cast<std::size_t>(inputs * rows_), outputs_, s.arbiter,
                            s.sw_allocator == "paper" ? 1 : s.alloc_iters)),
      requests_(static_cast<std::size_t>(inputs * rows_), outputs_),
      grants_(static_cast<std::size_t>(inputs * rows_), outputs_),
      label_(static_cast<std::size_t>(inputs * rows_) * outputs_, -1),
      next_vc_(static_cast<std::size_t>(inputs * rows_), 0),
      askers_(outputs_, 0) {
    for (std::size_t r = 0; r < next_vc_.size(); ++r) next_vc_[r] = static_cast<int>(r) % rows_;
}

void switch_allocation::request(int input, int vc, int output, std::uint64_t age) {
    const int row = input * rows_ + vc % rows_;
    const std::size_t cell =
        static_cast<std::size_t>(row) * outputs_ + static_cast<std::size_t>(output);
    int& label = label_[cell];
    if (!requests_.requested(static_cast<std::size_t>(row), static_cast<std::size_t>(output))) {
        if (std::find(rows_asked_.begin(), rows_asked_.end(), row) == rows_asked_.end())
            rows_asked_.push_back(row);
        requests_.add(static_cast<std::size_t>(row), static_cast<std::size_t>(output), age);
        if (askers_[static_cast<std::size_t>(output)]++ == 0) outputs_asked_.push_back(output);
        label = vc;
        return;
    }
    // Two VCs of one row for one output: the first at or after the row's pointer asks.
    const int next = next_vc_[static_cast<std::size_t>(row)];
    const auto distance = [&](int v) { return (v - next + vcs_) % vcs_; };
    if (distance(vc) < distance(label)) {
        label = vc;
        requests_.add(static_cast<std::size_t>(row), static_cast<std::size_t>(output), age);
    }
}

void switch_allocation::clear() {
    for (int o : outputs_asked_) {
        const int n = askers_[static_cast<std::size_t>(o)];
        if (n > 1) {
            ++conflicts_;
            waits_ += static_cast<std::uint64_t>(n - 1);
        }
        askers_[static_cast<std::size_t>(o)] = 0;
    }
    outputs_asked_.clear();
    requests_.clear();
    rows_asked_.clear();
}

}  // namespace d3
