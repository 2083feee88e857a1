// A message trace (docs/traces.md): messages between the trace's nodes, each created at a cycle,
// or, when it waits for other messages, a gap after the last of them arrived. Read from the text
// format (core/replay/text_trace.h) or from a netrace v1 file (core/replay/netrace.h). Plain C++.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace d3 {

/// Most flits one message of a trace may have (a line's or a netrace packet type's size).
inline constexpr std::uint32_t kMaxTraceFlits = 65536;
/// Most nodes a trace may name (node numbers 0 .. kMaxTraceNodes - 1).
inline constexpr std::uint32_t kMaxTraceNodes = 1u << 20;

struct trace_message {
    std::uint64_t cycle = 0;        ///< the trace's creation cycle
    std::uint32_t source = 0;       ///< trace node
    std::uint32_t destination = 0;  ///< trace node
    std::uint32_t flits = 1;        ///< size in flits, 1 .. kMaxTraceFlits
    std::uint64_t id = 0;           ///< the trace's id (the line's, netrace's, else its index)
    /// The messages it waits for, as indices of earlier messages of the trace (always smaller
    /// than its own: the dependencies form no cycle).
    std::vector<std::uint32_t> waits_for;
};

struct message_trace {
    std::string format;       ///< "text" or "netrace"
    std::string benchmark;    ///< netrace: the header's benchmark name
    std::uint32_t nodes = 0;  ///< nodes the trace addresses: 1 + its largest node number
    std::vector<trace_message> messages;
    /// netrace: dependencies on packets the file does not hold (or holds before the packet they
    /// release), which the replay leaves out.
    std::uint64_t dropped_dependencies = 0;
};

/// The steps between the arrival of the last message that message `i` waits for and its creation:
/// its cycle less the latest cycle of those messages, at least 1 (a node reacts to an arrival in
/// the next step). 0 for a message that waits for nothing (it is created at its cycle).
std::uint64_t creation_gap(const message_trace& t, std::size_t i);

/// Why the trace cannot be replayed (no message, a node beyond kMaxTraceNodes, a dependency that
/// is not on an earlier message), or nothing.
std::optional<std::string> check_trace(const message_trace& t);

}  // namespace d3
