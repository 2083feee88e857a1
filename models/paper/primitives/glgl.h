// Section 10's one-to-all parallel over global ports: round i = p' + d'*M launches, at once, one
// packet to (c+C, d', p') for every global port C, with the destination header (4; c',d',p') and
// deflection port C = c' - c, i.e. the glgl path
//   (c,d,p) -g C-> (c',p,d) -l-> (c',p,d') -g 0-> (c',d',p) -l-> (c',d',p').
// M^2 rounds of K packets; the paper claims it for d != p (section 13: one-to-all in
// min(M^2, KM) rounds). A destination header with C = c'-c was chosen over a source vector: the
// router computes the last three ports from the destination (section 10's tables), and only the
// first hop is the node's choice. Plain C++, no SystemC.
#pragma once

#include <memory>
#include <vector>

#include "paper/programs/common.h"

namespace d3 {

std::vector<slot> glgl_rounds(const topology& t, const coord& source);

/// Packets a node must launch in one step: K (one per global port).
int glgl_injection_width(const topology& t);

/// Throws std::invalid_argument for bad options.
std::unique_ptr<workload> make_glgl_workload(const topology& t, const primitive_options& o);

}  // namespace d3
