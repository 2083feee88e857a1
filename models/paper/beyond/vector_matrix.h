// Vector-matrix multiply and matrix product as node programs that carry values (later paper,
// section 2; issue 14). The lost formulas leave the layout open; the one chosen here (and tested):
// on D3(K,M) an M x KM matrix A is stored one entry per router, A[t][(c,p)] at (c,t,p) (row t =
// drawer index t of every cabinet); a row vector x of length M is held by the fixed points,
// x[t] at (0,t,t); the result y = x A (length KM) ends at the fixed points, y[(c,p)] at (c,p,p).
// One round is four network hops and two off-and-ons:
//   1. (0,t,t) launches (1,2;0,0,0): all global ports, then all local ports: x[t] reaches every
//      router of row t (the M sources use distinct routers and drawers: no conflict);
//   2. off and on: each router multiplies x[t] by its entry and launches the product with the
//      synchronizing header (0,2;0,p-t,0): global port 0 (the swap: (c,t,p) -> (c,p,t)), then
//      local port p-t to (c,p,p);
//   3. off: (c,p,p) adds the M products of the round.
// A matrix product X A (X of R x M, --count R, d3sim's default M) runs R rounds, one
// per step: round r's two phases use disjoint links with rounds r+-3 and r+-4 (phase 1 leaves
// router t of drawer (a,t) outward, phase 2 enters router p of drawer (c,p)). Every result is
// compared with a plain C++ product of the same random matrices (--seed). Plain C++, no SystemC.
#pragma once

#include <memory>

#include "paper/programs/common.h"

namespace d3 {

/// --primitive vector-matrix (one row, R = 1) or matrix-product (R = o.count rows; d3sim's
/// --count defaults to M for it).
std::unique_ptr<workload> make_vector_matrix_workload(const topology& t,
                                                      const primitive_options& o);

}  // namespace d3
