// Theorem 6: all-to-one to the sink (c,d,p), d != p. In round i = pi + gamma*M the sink broadcasts
// (1,3;0,0,0) carrying (gamma, pi); the node (c',d',p') with c' = gamma and p' = pi answers with
// (0,3; c-gamma, p-d', d-pi) as soon as it may (the delay D), so M routers answer per round.
// Rounds are one step apart, as in the proof's evolution table. In this model a node cannot
// launch in the step a packet reaches it, so D spans two steps (delivery, then injection): the
// request launched at step s arrives at step s+4 and the answers leave at step s+5.
// The sink answers its own request too (it is the router (gamma,d,pi) of round p + c*M).
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/primitives/common.h"

namespace d3 {

/// Program step at which a responder launches its answer to a request launched at `step`.
std::uint64_t all_to_one_answer_step(std::uint64_t step);

/// The sink's KM request rounds in the paper's order (payload: round, gamma, pi).
std::vector<slot> all_to_one_rounds(const topology& t);

/// Link uses of round i launched at slot 0: the request broadcast and the M answers.
std::vector<link_use> all_to_one_round_uses(const topology& t, const coord& sink, int i);

/// Throws std::invalid_argument for bad options.
std::unique_ptr<workload> make_all_to_one_workload(const topology& t, const primitive_options& o);

}  // namespace d3
