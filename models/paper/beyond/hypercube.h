// Swapped Boolean hypercube on D3(K,M) with K = 2^k, M = 2^m (../shared/papers/
// swapped-dragonfly-algorithms.txt, section 4; issue 14). A router's hypercube address is
// c (high k bits), d (middle m bits), p (low m bits); dimension i flips bit i of it. Each exchange
// is one synchronizing header (core/decoding/header.h), chosen here where the lost formulas leave a
// choice:
// - p bit, one local hop: (0,1; 0, x, 0) with x = p^bit - p, one step;
// - c bit, a global hop then the swap back: (0,4; a, 0, 0) with a = c^bit - c: g a, hold, g 0,
// hold;
// - d bit, swap, local, swap: (0,4; 0, x, 0) with x = d^bit - d: g 0, l x, g 0, hold;
// so dilations (hops) are 1, 2 and 3 (fewer at a fixed point d = p, where global port 0 holds),
// 2 on average over the k + 2m dimensions. All routers exchanging along one dimension at once
// use every link at most once per step. The all-reduce is the ascend algorithm: dimension 0 up to
// k+2m-1, each node adding what its partner sent before it sends on.
// `--embedding glgl` (main paper, section 10: "these headers can also be used to construct a
// dilation four embedding of a hypercube"): every exchange, whatever its dimension, is the
// deflection header (4; c', d', p') with C = c' - c, the glgl path (c,d,p) -g C-> (c',p,d) -l->
// (c',p,d') -g 0-> (c',d',p) -l-> (c',d',p'): four steps for every dimension (uniform), holds
// where a hop is not needed (l 0, or g 0 at a fixed point). Plain C++, no SystemC.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "paper/programs/common.h"

namespace d3 {

/// k and m, when K = 2^k and M = 2^m; nothing otherwise.
struct hypercube_shape {
    int k_bits = 0;
    int m_bits = 0;
    int dimensions() const { return k_bits + 2 * m_bits; }
};
std::optional<hypercube_shape> hypercube_of(const topology& t);

/// The router's hypercube address (c, d, p) as one number, and back.
std::uint32_t hypercube_address(const topology& t, const coord& x);
coord hypercube_router(const topology& t, std::uint32_t address);

/// "p", "d" or "c": the coordinate dimension i flips.
const char* hypercube_part(const topology& t, int dimension);

/// The header that takes x to its partner along `dimension`: the synchronizing header of the
/// swap embedding, or with `glgl` section 10's deflection header (4; partner, C = c' - c, D = 0).
header hypercube_header(const topology& t, const coord& x, int dimension, bool glgl = false);

/// --primitive hypercube-exchange --dimension I: every router sends its address to its partner.
std::unique_ptr<workload> make_hypercube_exchange_workload(const topology& t,
                                                           const primitive_options& o);
/// --primitive hypercube-allreduce: every router ends with the sum of all routers' values
/// (random from --seed); details report whether every node's sum was right.
std::unique_ptr<workload> make_hypercube_allreduce_workload(const topology& t,
                                                            const primitive_options& o);

}  // namespace d3
