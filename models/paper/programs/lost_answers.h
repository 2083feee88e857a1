// What a failure during a primitive's run takes with a delivery it takes (a broadcast copy's
// remaining tree, a lost unicast, a broadcast a failed router no longer launches): the answers
// the receiving node's program would have sent for it (answering_program::answers: the all-to-one's
// answer to the sink's request, the matrix product's product to its fixed point), and theirs in
// turn. None of them is launched, so none is expected (docs/resilience.md, "Answers to a lost
// delivery"). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "core/decoding/walk.h"
#include "core/network/link_faults.h"
#include "core/workload/workload.h"

namespace d3 {

class lost_answers {
  public:
    /// `inner`'s programs answer; `f` fail during the run (a failed router sends nothing after
    /// it, so no answer of its own is due). Both outlive this.
    lost_answers(const topology& t, const workload& inner, const link_faults& f);
    /// The delivery of a message (its header `h`, as launched, and `payload`) from `from` at
    /// `at` will not happen: `dropped(src, dst)` for each delivery of every message it would have
    /// caused, transitively.
    void drop(router_id at, router_id from, const header& h, std::uint64_t payload,
              const std::function<void(router_id, router_id)>& dropped);
    /// The same for every delivery of each launch router `r`'s program has due from step `from`
    /// on (its own schedule, which a failed router no longer launches).
    void drop_scheduled(router_id r, std::uint64_t from,
                        const std::function<void(router_id, router_id)>& dropped);

  private:
    void drop_at_depth(router_id at, router_id from, const header& h, std::uint64_t payload,
                       const std::function<void(router_id, router_id)>& dropped, int depth);
    /// A fresh program of router `r` (answers() reads only the delivery), made once.
    node_program* program(router_id r);

    const topology& t_;
    const workload& inner_;
    const link_faults& faults_;
    std::map<router_id, std::unique_ptr<node_program>> programs_;
    walk_result walked_;
};

}  // namespace d3
