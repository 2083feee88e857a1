// Theorem 8: a permutation, every router sending one packet to its image. As the proof describes:
// first the nodes of each drawer send their destination to every other router of the drawer in
// one hop ((0,1;0,x,0), local port x); then each node knows its drawer's packets and routes its
// own: the minimal l-g-l path (2.2), except where two or more packets of the drawer go to the same
// other drawer (the drawer-to-drawer conflict of Theorem 2): there all but the lowest router of
// the group take the g-l-g-l path of section 10, (4; c',d',p') with C = c'-c.
// Schedules: paper (above); none: every packet on its l-g-l path at once, no exchange; fixed: the
// paper's paths with launch steps staggered offline (greedy, from the whole permutation) so that
// no two packets meet on a link. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "paper/programs/common.h"

namespace d3 {

/// image[r] of every router: "random" (seeded), "transpose" ((c,d,p) -> (c,p,d)), "drawer-swap"
/// (drawer c*M+d and drawer (c*M+d) xor 1 exchange their routers, p kept), or a file of lines
/// "c,d,p c',d',p'" (optionally "->" between; # starts a comment). Throws std::invalid_argument
/// with a one-line message.
std::vector<router_id> make_permutation(const topology& t, const std::string& kind,
                                        std::uint64_t seed);

/// The paper's choice for the M packets of one drawer (dests[q] = image of router q of the
/// drawer): true where the packet takes the glgl path.
std::vector<bool> choose_glgl(const topology& t, const coord& drawer,
                              const std::vector<router_id>& dests);

/// The header of the packet from src to dst on its l-g-l or g-l-g-l path.
header permutation_header(const topology& t, const coord& src, const coord& dst, bool glgl);

/// Program step of the data launches in the paper's schedule: the exchange leaves at step 0, is
/// delivered at step 2, the data leave at step 3.
inline constexpr std::uint64_t kPermutationDataStep = 3;

/// Throws std::invalid_argument for bad options.
std::unique_ptr<workload> make_permutation_workload(const topology& t, const primitive_options& o);

}  // namespace d3
