// Transpose in one global hop (later paper, section 2: "a matrix transposes in one global hop";
// issue 14). The layout, chosen here where the lost formulas leave it open, is the L M x L M block
// layout of D3(L^2, M): entry (i, j) of an N x N matrix, N = L M, i = i1 M + i0 and j = j1 M + j0
// (i1, j1 < L; i0, j0 < M), is held by router (c, d, p) = (i1 L + j1, i0, j0): block (i1, j1) in
// cabinet i1 L + j1, its row i0 in drawer i0, its column j0 at router j0. Global port a of
// (c, d, p) leads to (c + a mod K, p, d) (2.1): the swap of d and p transposes every block, and
// the port a = (j1 L + i1) - (i1 L + j1) mod K moves block (i1, j1) to cabinet j1 L + i1. So each
// router sends its entry over exactly one global hop, (0,2; a, 0, 0), then holds one step (b = 1,
// local port 0) and ejects. The diagonal (i = j: a = 0 at a fixed point d = p) loops back to the
// router itself, a hold. Every router sends one packet on one port and receives one: 0 conflicts.
// K = 1 (L = 1) is the M x M matrix of one cabinet, swapped over global port 0. After the run,
// every router's value is compared with a plain C++ transpose of the same random matrix (--seed).
// Plain C++, no SystemC.
#pragma once

#include <memory>

#include "paper/programs/common.h"

namespace d3 {

/// L when K = L^2, else 0.
int transpose_blocks(const topology& t);

/// Router holding entry (i, j) of the L M x L M matrix in the block layout above.
coord transpose_router(const topology& t, int i, int j);

/// --primitive transpose (D3(L^2, M); --seed for the values).
std::unique_ptr<workload> make_transpose_workload(const topology& t, const primitive_options& o);

}  // namespace d3
