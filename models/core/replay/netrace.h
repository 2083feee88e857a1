// netrace v1 trace files (the PARSEC network traces of UT Austin's netrace; docs/traces.md): a
// bzip2-compressed stream holding a header (magic, version 1.0, benchmark name, nodes, cycles,
// packets, notes, regions) and then one record per packet (cycle, id, address, type, source,
// destination, node types, and the ids of the packets that wait for it). Decoded here into a
// message_trace: a packet's size comes from its type (8-byte control or 72-byte data packets,
// kNetraceFlitBytes per flit), the first packet's cycle becomes cycle 0, and each packet waits for
// the packets that list it. Plain C++; the file is read through libbz2.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <variant>

#include "core/replay/message_trace.h"

namespace d3 {

inline constexpr std::uint32_t kNetraceMagic = 0x484A5455;
inline constexpr float kNetraceVersion = 1.0f;
inline constexpr std::size_t kNetraceNameBytes = 30;
/// The header's size on disk, packed: magic, version, name, nodes, a pad byte, cycles, packets,
/// notes length, regions, 8 bytes of padding.
inline constexpr std::size_t kNetraceHeaderBytes = 72;
/// A region's size on disk (seek offset, cycles, packets).
inline constexpr std::size_t kNetraceRegionBytes = 24;
/// A packet record's size on disk before its dependencies (4 bytes each).
inline constexpr std::size_t kNetracePacketBytes = 21;
/// The bytes one flit carries: a 72-byte data packet is 5 flits, an 8-byte control packet 1.
inline constexpr std::uint32_t kNetraceFlitBytes = 16;

/// The bytes of a packet of netrace type `type` (a gem5 memory command); 8 for a type that has
/// no size in netrace's table.
std::uint32_t netrace_packet_bytes(unsigned type);
/// Its flits: netrace_packet_bytes / kNetraceFlitBytes, rounded up.
std::uint32_t netrace_flits(unsigned type);

/// Fills `to` with up to `n` bytes of the decompressed stream; returns how many (0 at its end).
/// Throws std::runtime_error with one line when the stream cannot be read.
using byte_reader = std::function<std::size_t(char* to, std::size_t n)>;

/// The trace the stream holds, or one line "NAME: why".
std::variant<message_trace, std::string> decode_netrace(const byte_reader& read,
                                                        const std::string& name);

/// Whether the file starts as a bzip2 stream ("BZh").
bool is_bzip2_file(const std::string& path);

/// The trace of a bzip2-compressed netrace file (a regular file), or one line "PATH: why".
std::variant<message_trace, std::string> read_netrace_file(const std::string& path);

}  // namespace d3
