// Source-vector node programs on the maximal dragonfly MDF(K,M) (issue 14, section 11's claim that
// no dragonfly supports source-vector routing). On the palmtree arrangement global port a of
// router i moves every group by the same offset -(i*K + a + 1) mod (K*M+1), so a source vector
// (gamma, pi, delta) launched by every router at once is a permutation of the routers: D3's
// all-to-all rounds run unchanged, and Theorem 7's delays remove their only clashes (round t's
// pi hop and round t+2's delta hop). The K*M^2 vectors from a router reach every router outside
// its group once; the M routers of its own group (itself included) take M more rounds of
// destination headers (3;(g,0,r')): hold, hold, local. Plain C++, no SystemC.
#pragma once

#include <memory>
#include <vector>

#include "paper/programs/common.h"

namespace d3 {

/// Where every router's copy of source vector v ends when all routers launch it at once: image[id]
/// is the destination of the router with that id. Follows the decoder (core/decoding/walk.h).
std::vector<router_id> vector_images(const topology& t, const source_vector& v);

/// The all-to-all on MDF: Theorem 7's vector schedule (protocol 1, 2 or 3, or `none`), then M
/// in-group rounds. Throws std::invalid_argument for `fixed` (nothing designed for MDF) or on D3.
std::unique_ptr<workload> make_mdf_all_to_all_workload(const topology& t,
                                                       const primitive_options& o);

}  // namespace d3
