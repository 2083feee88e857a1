// Broadcast Swapped Dragonfly (../shared/papers/swapped-dragonfly-algorithms.txt, section 5;
// issue 14): the depth-four spanning trees T_q = (all global ports) (all local ports) (global port
// 0) (all local ports) rooted at (c,d,q). The M-1 trees with q != d are pairwise edge-disjoint, so
// a router (c,d,p) runs M-1 broadcasts at once: it hands broadcast q to root (c,d,q) over local
// port q-p (one delegation hop; a hold when q = p), and the root runs T_q: five steps per
// broadcast. Each packet is one synchronizing header (1,5; 0, q-p, 0) (core/decoding/header.h,
// header_kind::sync).
// --count N runs N broadcasts in batches of M-1, one batch per round. Plain C++, no SystemC.
#pragma once

#include <memory>
#include <vector>

#include "paper/programs/common.h"

namespace d3 {

/// The roots (c,d,q), q != d, of the trees a router at `source` delegates to, in q order.
std::vector<coord> broadcast_tree_roots(const topology& t, const coord& source);

/// The header that delegates one broadcast from `source` to `root` and runs T_q there.
header broadcast_tree_header(const topology& t, const coord& source, const coord& root);

/// The workload: --count broadcasts from --source in batches of M-1 (schedule paper: batches back
/// to back; none: the same; fixed: the planner's conflict-free placement where paper conflicts).
std::unique_ptr<workload> make_broadcast_trees_workload(const topology& t,
                                                        const primitive_options& o);

}  // namespace d3
