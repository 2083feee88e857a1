// A node program of the other networks of issue 48 (the swapped networks' hypercube emulation and
// ascend/descend, the hierarchical dual-net's total exchange) as rounds of neighbour exchanges:
// in a round every node sends at most one message over one of its links and receives at most one
// (the one-port model of both papers). A message carries whole data items (the ascend's values,
// the total exchange's personalised messages, each of m words). Its cost is the papers' linear
// model: a round takes t_s + t_w m (the most items one message of the round carries), and a
// program the sum of its rounds. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "core/network/graphs/graph.h"

namespace d3 {

/// One message of a round: from `src` to its neighbour `dst`, carrying `items` data items.
struct exchange {
    std::uint32_t src = 0, dst = 0;
    std::uint64_t items = 1;
};

/// What a round does with the items it carries. `move`: the receiver holds what it received in
/// place of what it sent (a swap of holdings between two partners). `combine`: both partners keep
/// their own item and combine it with the other's (an ascend/descend operation).
enum class round_kind { move, combine };

struct exchange_round {
    round_kind kind = round_kind::move;
    std::vector<exchange> messages;
};

struct exchange_program {
    std::string name;
    std::uint32_t nodes = 0;
    std::vector<exchange_round> rounds;
};

/// Why `p` is not a program of graph `g`: a message between two nodes that are not neighbours, a
/// node that sends or receives twice in a round, a node out of range; empty when it is one.
std::string program_fault(const exchange_program& p, const graph& g);

/// The linear cost model: sum over rounds of t_s + t_w m (largest items of the round's messages).
double program_time(const exchange_program& p, double ts, double tw, double m);

/// Messages sent in all, and items carried in all.
std::uint64_t program_messages(const exchange_program& p);
std::uint64_t program_items(const exchange_program& p);

/// The program as a message trace (docs/traces.md's text format) for `d3sim --trace`: a message
/// of round r is created at cycle r, `flits_per_item` flits per item, and waits for every message
/// its source received since its own previous message (what it forwards or combines).
void write_trace(const exchange_program& p, std::uint32_t flits_per_item, std::ostream& out);

}  // namespace d3
