// Theorem 6: all-to-one to the sink (c,d,p), d != p. In round i = pi + gamma*M the sink broadcasts
// (1,3;0,0,0) carrying (gamma, pi); the node (c',d',p') with c' = gamma and p' = pi answers with
// (0,3; c-gamma, p-d', d-pi) (the delay D), so M routers answer per round. Rounds are one step
// apart, as in the proof's evolution table. The request launched at step s makes its hops at
// s+1..s+3 and reaches the responder at s+4. With the paper's turnaround (the default) the
// responder answers in that step, so the reply's first hop is at s+5, four steps after the
// request's (L G L D l g l); with `turnaround::next_step` it answers one step later (first hop
// at s+6), the model's timing before issue 13. The sink answers its own request too (it is the
// router (gamma,d,pi) of round p + c*M). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "paper/programs/common.h"

namespace d3 {

/// Program step at which a responder launches its answer to a request launched at `step`.
std::uint64_t all_to_one_answer_step(std::uint64_t step, turnaround reply);

/// The sink's KM request rounds in the paper's order (payload: round, gamma, pi).
std::vector<slot> all_to_one_rounds(const topology& t);

/// Throws std::invalid_argument for bad options.
std::unique_ptr<workload> make_all_to_one_workload(const topology& t, const primitive_options& o);

}  // namespace d3
