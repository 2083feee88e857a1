// Theorem 7's all-to-all with the appendix's three protocols: every router launches
// (0,3;gamma,pi,delta) in round i = pi + delta*M + gamma*M^2, all routers in unison.
// Protocol 1: Theorem 7's delays (a delay before round i when pi(i) - 2 = delta(i)); Protocol 2:
// two rounds, one delay (3KM^2/2); Protocol 3: two rounds, two delays (2KM^2).
// In unison, round t and round t+2 conflict exactly when pi(t) = delta(t+2) != 0 (round t's third
// hop and round t+2's first hop leave every router on that local port in the same step); no other
// pair of rounds can meet on a link. That rule predicts conflicts and drives `fixed`, a reordering
// of the same rounds. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "paper/programs/common.h"

namespace d3 {

/// The KM^2 rounds in the paper's order.
std::vector<slot> all_to_all_rounds(const topology& t);

/// The published schedule of a protocol (1, 2 or 3).
schedule all_to_all_protocol(const topology& t, int protocol);

/// Lockstep conflicts of a unison schedule by the rule above: K M^2 link conflicts for each pair
/// of rounds two slots apart with pi(t) = delta(t+2) != 0.
prediction all_to_all_prediction(const topology& t, const schedule& s);

/// Greedy reordering: each slot takes the first remaining round (paper order) that does not
/// conflict with the round two slots earlier; a delay only when none fits.
schedule all_to_all_fixed(const topology& t);

/// Throws std::invalid_argument for bad options.
std::unique_ptr<workload> make_all_to_all_workload(const topology& t, const primitive_options& o);

}  // namespace d3
