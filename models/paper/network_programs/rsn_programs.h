// The hypercube algorithms of Yeh and Parhami on RSN(l, Q_n) (swapped-networks.txt, section 3):
// Emul(j, l, n), a step along dimension j of the 2^(l-1) n-cube under single-dimension
// communication (section 3.3), and the ascend and descend algorithms (section 3.2), as exchange
// programs on the graph recursive_swapped_network(Q_n, l) builds. Dimension j (1-based) is bit
// j - 1 of a node index there (the last nucleus address is the lowest n bits); the level-i swap
// exchanges the two halves of the lowest 2^(i-1) n bits, and a leader (both halves equal) sits
// the round out. Plain C++, no SystemC.
#pragma once

#include <cstdint>

#include "paper/network_programs/exchange_program.h"

namespace d3 {

/// Emul(j, l, n), 1 <= j <= 2^(l-1) n: every round moves items (after it node X holds the item of
/// node X with bit j - 1 flipped).
exchange_program rsn_cube_step(int levels, std::uint32_t n, std::uint32_t j);

/// The ascend algorithm: combine rounds along dimensions 1, 2, ..., 2^(l-1) n of the emulated
/// cube in that order, with the swaps that bring each into a nucleus; descend: the same in the
/// order 2^(l-1) n, ..., 1. Both end with every item back at its own node.
exchange_program rsn_ascend(int levels, std::uint32_t n);
exchange_program rsn_descend(int levels, std::uint32_t n);

/// The level-i swap neighbour of node x in RSN(l, Q_n) (x itself for a leader).
std::uint32_t rsn_swap_partner(std::uint32_t x, int level, std::uint32_t n);

}  // namespace d3
