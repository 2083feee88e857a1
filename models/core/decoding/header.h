// Packet headers (paper sections 8 and 10) and their packed 64-bit layout (docs/header-format.md).
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/network/topology.h"

namespace d3 {

enum class header_kind : std::uint8_t {
    source_vector = 0,  ///< (B, b; gamma, pi, delta), section 8
    destination = 1,    ///< (b; destination, location) with deflection ports C and D, section 10
    /// The later paper's synchronizing header (B, b; gamma, first, second) (issue 14): b even uses
    /// global port gamma and sets it to 0, b odd uses the first local port and replaces it by the
    /// second; b = 4 is g l g l. With B = 1: b = 5 first local port (delegation), b = 4 all global,
    /// b = 3 and 1 all local, b = 2 global port gamma (0: the depth-four tree's "global port 0").
    sync = 2,
    /// Valiant through a named intermediate router (MDF only, BookSim2's ugal_dragonflynew): a
    /// destination header whose C and D name a group and a router of it (not ports); b = 6, 5, 4
    /// go minimally to that router, then it reads as the destination header (3; c', d', p').
    via = 3,
};

/// One packet header. Field meaning depends on kind:
/// - source_vector: B = broadcast, b in 0..3, (gamma, pi, delta) = (f0, f1, f2).
/// - destination: b in 0..5, destination (c', d', p') = (f0, f1, f2), deflection global port C and
/// local
///   port D (used at b = 4 and b = 5). The paper's "location" is the router holding the packet, so
///   it is not carried: the decoder takes the router's coordinate instead.
struct header {
    header_kind kind = header_kind::source_vector;
    bool broadcast = false;
    std::uint8_t b = 3;
    std::uint8_t f0 = 0;      ///< gamma or c'
    std::uint8_t f1 = 0;      ///< pi or d'
    std::uint8_t f2 = 0;      ///< delta or p'
    std::uint8_t defl_c = 0;  ///< C, destination headers only
    std::uint8_t defl_d = 0;  ///< D, destination headers only

    std::uint8_t gamma() const { return f0; }
    std::uint8_t pi() const { return f1; }
    std::uint8_t delta() const { return f2; }

    friend bool operator==(const header& a, const header& b);
    friend bool operator!=(const header& a, const header& b) { return !(a == b); }
};

/// Source-vector header (B, b; gamma, pi, delta).
header make_source_vector_header(bool broadcast, int b, const source_vector& v);
/// Synchronizing header (B, b; gamma, first, second): gamma in f0, the first local port in f2 (used
/// first, like delta), the second in f1 (like pi).
header make_sync_header(bool broadcast, int b, int gamma, int first, int second);
/// Via header (6; dest) through router `router` of group `group` (MDF: docs/header-format.md).
header make_via_header(const coord& dest, int group, int router);
/// The b a via header is launched with: l-g-l to the intermediate router, then l-g-l.
inline constexpr int kViaSteps = 6;
/// Destination header (b; c', d', p') with deflection ports C (global) and D (local).
/// Inline: synthetic traffic's routing makes one for every packet.
inline header make_destination_header(int b, const coord& dest, int defl_c = 0, int defl_d = 0) {
    header h;
    h.kind = header_kind::destination;
    h.b = static_cast<std::uint8_t>(b);
    h.f0 = static_cast<std::uint8_t>(dest.c);
    h.f1 = static_cast<std::uint8_t>(dest.d);
    h.f2 = static_cast<std::uint8_t>(dest.p);
    h.defl_c = static_cast<std::uint8_t>(defl_c);
    h.defl_d = static_cast<std::uint8_t>(defl_d);
    return h;
}

/// Packed layout, see docs/header-format.md.
namespace layout {
inline constexpr unsigned kF2Lsb = 0;      // delta / p', 8 bits
inline constexpr unsigned kF1Lsb = 8;      // pi / d', 8 bits
inline constexpr unsigned kF0Lsb = 16;     // gamma / c', 8 bits
inline constexpr unsigned kDeflDLsb = 24;  // D, 8 bits
inline constexpr unsigned kDeflCLsb = 32;  // C, 8 bits
inline constexpr unsigned kBLsb = 40;      // sync counter b, 3 bits (4 in file networks' headers)
inline constexpr unsigned kBcastBit = 43;  // broadcast bit B; b's bit 3 in a file network's header
inline constexpr unsigned kFileViaB4Bit =
    31;                                   // D's bit 7: b's bit 4 in a file network's via header
inline constexpr unsigned kKindBit = 44;  // kind, 2 bits: 0 source vector, 1 destination, 2 sync
inline constexpr unsigned kWidth = 46;    // bits 63..46 are zero
}  // namespace layout

/// Packs h; b's bit 3 (a file network's header only: D3's and MDF's b is at most 6) lands on bit
/// 43, which is B in the other kinds, and b's bit 4 (a file network's via header only, whose D is
/// below 32) on bit 31, D's bit 7.
std::uint64_t pack(const header& h);
/// Unpacks a word; nothing if reserved bits are set. Reads bit 43 as B (D3's and MDF's layout, the
/// RTL's).
std::optional<header> unpack(std::uint64_t word);
/// Unpacks a file network's word: in destination and via headers bit 43 is b's bit 3 (b is 4
/// bits, bits 43..40, docs/header-format.md), in a via header bit 31 (D's bit 7) b's bit 4;
/// other kinds as unpack.
std::optional<header> unpack_file(std::uint64_t word);

/// True when h is a valid header on D3(K,M) (the fast form of check()); via headers are MDF's.
inline bool valid(const header& h, int k, int m) {
    if (static_cast<unsigned>(h.kind) > 2u) return false;
    if (h.kind != header_kind::destination)
        return h.b <= (h.kind == header_kind::sync ? 5 : 3) && h.f0 < k && h.f1 < m && h.f2 < m &&
               h.defl_c == 0 && h.defl_d == 0;
    return !h.broadcast && h.b <= 5 && h.f0 < k && h.defl_c < k && h.f1 < m && h.f2 < m &&
           h.defl_d < m;
}

/// Why h is not a valid header on D3(K,M), or nothing when it is.
std::optional<std::string> check(const header& h, int k, int m);

/// The most hops a file network's destination header may launch with: b is 4 bits there (bits
/// 43..40: B, bit 43, is always 0 in destination and via headers, docs/header-format.md), so a
/// diameter of at most 15.
inline constexpr int kFileMostSteps = 15;
/// The most hops a file network's via header may launch with: two legs of up to kFileMostSteps
/// (b's bit 4 is D's bit 7 there).
inline constexpr int kFileViaMostSteps = 2 * kFileMostSteps;
/// Whether h is a valid header on the file network t: a destination header (b <=
/// kFileMostSteps) or Valiant's via header (b <= kFileViaMostSteps) naming routers of t
/// (core/decoding/file_header.h).
bool valid_on_file(const header& h, const topology& t);
/// On a topology: D3 as above; MDF takes source vectors as D3 does and destination headers with c'
/// a group (below K*M+1), d' = 0 and p' a router of the group; a file network valid_on_file.
inline bool valid(const header& h, const topology& t) {
    if (t.is_d3()) return valid(h, t.k(), t.m());
    // A source vector (B, b; gamma, pi, delta) reads the same on MDF: gamma a global port, pi and
    // delta local ports (issue 14, core/decoding/mdf_decoder.cpp). A file network takes
    // destination and via headers only.
    if (h.kind == header_kind::source_vector) return !t.is_file() && valid(h, t.k(), t.m());
    if (h.kind == header_kind::via)
        return t.is_file() ? valid_on_file(h, t)
                           : !h.broadcast && h.b <= kViaSteps && h.f0 < t.groups() && h.f1 == 0 &&
                                 h.f2 < t.m() && h.defl_c < t.groups() && h.defl_d < t.m();
    // MDF's destination header. On a file network (M = 1) the same test takes the common case,
    // (b <= 5; c', 0, 0) with C < K and D = 0, c' below its full header groups, and
    // valid_on_file the rest: MDF's valid headers pass the first test, at its old cost.
    return (h.kind == header_kind::destination && !h.broadcast && h.b <= 5 &&
            h.f0 < t.header_groups() && h.f1 == 0 && h.f2 < t.m() && h.defl_c < t.k() &&
            h.defl_d < t.m()) ||
           (t.is_file() && valid_on_file(h, t));
}
std::optional<std::string> check(const header& h, const topology& t);

/// "(B,b;gamma,pi,delta)", "(b;(c',d',p'),C=..,D=..)" or, via, "(b;(c',d',p'),via=(g,r))".
std::string to_string(const header& h);

}  // namespace d3
