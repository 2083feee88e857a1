// Theorem 4: N chained broadcasts (1,3;0,0,0) from one source. Protocol 1 (back to back) when
// d != p; when d = p the paper's Protocol 3 loop (two broadcasts, two "no message" delays), because
// with Protocol 1 round i's third step and round i+2's first step both leave (c,p,p) on its local
// ports. Plain C++, no SystemC.
#pragma once

#include <memory>

#include "paper/programs/common.h"

namespace d3 {

/// The protocol the paper uses: 1 when d != p or for a single broadcast, 3 for a chain at d = p.
int broadcast_paper_protocol(const coord& source, int count);

/// The chained broadcast workload; throws std::invalid_argument for bad options (count < 1,
/// `fixed` without a conflict to fix).
std::unique_ptr<workload> make_broadcast_workload(const topology& t, const primitive_options& o);

}  // namespace d3
