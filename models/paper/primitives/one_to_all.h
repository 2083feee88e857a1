// Theorem 5: one-to-all from (c,d,p). Round i = pi + gamma*M launches the M packets
// (0,3;gamma,pi,*) at once; rounds run for 0 <= i < KM (the printed loop "i = 1, ..., KM-1" misses
// round 0 and with it the M routers (c,*,d): a typo, see docs/findings.md). When d = p the proof
// asks for a delay for each gamma = 0 round; `paper` puts it on round i+2 (as Theorem 7 does).
// Plain C++, no SystemC.
#pragma once

#include <memory>
#include <vector>

#include "paper/programs/common.h"

namespace d3 {

/// The KM rounds in the paper's order (round i = pi + gamma*M).
std::vector<slot> one_to_all_rounds(const topology& t);

/// Routers that the loop as printed (i = 1 .. KM-1) never reaches from `source`.
std::vector<router_id> one_to_all_printed_loop_misses(const topology& t, const coord& source);

/// Throws std::invalid_argument for bad options.
std::unique_ptr<workload> make_one_to_all_workload(const topology& t, const primitive_options& o);

}  // namespace d3
