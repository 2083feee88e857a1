#include "core/decoding/header.h"

#include <sstream>

#include "core/decoding/file_header.h"

namespace d3 {

bool operator==(const header& a, const header& b) {
    return a.kind == b.kind && a.broadcast == b.broadcast && a.b == b.b && a.f0 == b.f0 &&
           a.f1 == b.f1 && a.f2 == b.f2 && a.defl_c == b.defl_c && a.defl_d == b.defl_d;
}

header make_source_vector_header(bool broadcast, int b, const source_vector& v) {
    header h;
    h.kind = header_kind::source_vector;
    h.broadcast = broadcast;
    h.b = static_cast<std::uint8_t>(b);
    h.f0 = static_cast<std::uint8_t>(v.gamma);
    h.f1 = static_cast<std::uint8_t>(v.pi);
    h.f2 = static_cast<std::uint8_t>(v.delta);
    return h;
}

header make_sync_header(bool broadcast, int b, int gamma, int first, int second) {
    header h;
    h.kind = header_kind::sync;
    h.broadcast = broadcast;
    h.b = static_cast<std::uint8_t>(b);
    h.f0 = static_cast<std::uint8_t>(gamma);
    h.f1 = static_cast<std::uint8_t>(second);
    h.f2 = static_cast<std::uint8_t>(first);
    return h;
}

header make_via_header(const coord& dest, int group, int router) {
    header h = make_destination_header(kViaSteps, dest, group, router);
    h.kind = header_kind::via;
    return h;
}

std::uint64_t pack(const header& h) {
    using namespace layout;
    std::uint64_t w = 0;
    w |= std::uint64_t{h.f2} << kF2Lsb;
    w |= std::uint64_t{h.f1} << kF1Lsb;
    w |= std::uint64_t{h.f0} << kF0Lsb;
    w |= std::uint64_t{h.defl_d} << kDeflDLsb;
    w |= std::uint64_t{h.defl_c} << kDeflCLsb;
    w |= std::uint64_t{h.b & 15u} << kBLsb;
    w |= std::uint64_t{(h.b >> 4) & 1u} << kFileViaB4Bit;
    w |= std::uint64_t{h.broadcast ? 1u : 0u} << kBcastBit;
    w |= std::uint64_t{static_cast<std::uint8_t>(h.kind) & 3u} << kKindBit;
    return w;
}

std::optional<header> unpack(std::uint64_t w) {
    using namespace layout;
    if (w >> kWidth) return std::nullopt;
    header h;
    h.f2 = static_cast<std::uint8_t>(w >> kF2Lsb);
    h.f1 = static_cast<std::uint8_t>(w >> kF1Lsb);
    h.f0 = static_cast<std::uint8_t>(w >> kF0Lsb);
    h.defl_d = static_cast<std::uint8_t>(w >> kDeflDLsb);
    h.defl_c = static_cast<std::uint8_t>(w >> kDeflCLsb);
    h.b = static_cast<std::uint8_t>((w >> kBLsb) & 7u);
    h.broadcast = (w >> kBcastBit) & 1u;
    h.kind = static_cast<header_kind>((w >> kKindBit) & 3u);
    return h;
}

std::optional<header> unpack_file(std::uint64_t w) {
    std::optional<header> h = unpack(w);
    if (h && (h->kind == header_kind::destination || h->kind == header_kind::via) && h->broadcast) {
        h->broadcast = false;
        h->b = static_cast<std::uint8_t>(h->b | 8u);
    }
    if (h && h->kind == header_kind::via && (h->defl_d >> 7) != 0) {
        h->defl_d = static_cast<std::uint8_t>(h->defl_d & 0x7fu);
        h->b = static_cast<std::uint8_t>(h->b | 16u);
    }
    return h;
}

std::optional<std::string> check(const header& h, int k, int m) {
    const auto bad = [&](const std::string& what) {
        return std::optional<std::string>("header " + to_string(h) + ": " + what);
    };
    if (static_cast<unsigned>(h.kind) > 2u) return bad("via headers are MDF's");
    if (h.kind != header_kind::destination) {
        if (h.kind == header_kind::source_vector && h.b > 3)
            return bad("sync counter b must be 0..3 in a source-vector header");
        if (h.b > 5) return bad("sync counter b must be 0..5 in a synchronizing header");
        if (h.f0 >= k) return bad("gamma must be below K=" + std::to_string(k));
        if (h.f1 >= m || h.f2 >= m) return bad("pi and delta must be below M=" + std::to_string(m));
        if (h.defl_c != 0 || h.defl_d != 0)
            return bad("C and D must be 0 in a source-vector or synchronizing header");
        return std::nullopt;
    }
    if (h.broadcast) return bad("destination headers have no broadcast bit");
    if (h.b > 5) return bad("sync counter b must be 0..5 in a destination header");
    if (h.f0 >= k || h.defl_c >= k) return bad("c' and C must be below K=" + std::to_string(k));
    if (h.f1 >= m || h.f2 >= m || h.defl_d >= m)
        return bad("d', p' and D must be below M=" + std::to_string(m));
    return std::nullopt;
}

bool valid_on_file(const header& h, const topology& t) {
    const int g = t.header_group();
    const auto names = [&](int r) { return static_cast<std::uint32_t>(r) < t.routers(); };
    if (h.broadcast || h.f1 != 0 || h.f2 >= g || !names(file_destination(h, g))) return false;
    if (h.kind == header_kind::destination)
        return h.b <= kFileMostSteps && h.defl_c < t.k() && h.defl_d == 0;
    return h.kind == header_kind::via && h.b <= kFileViaMostSteps && h.defl_d < g &&
           names(file_via_router(h, g));
}

namespace {

// What valid_on_file asks of h, for check()'s message.
std::string file_header_rule(const header& h, const topology& t) {
    const std::string names = "routers below " + std::to_string(t.routers()) + " as (r / " +
                              std::to_string(t.header_group()) + ", 0, r % " +
                              std::to_string(t.header_group()) + ")";
    if (h.kind == header_kind::via)
        return "a file network's via header names " + names +
               " (the intermediate router in C and D) and b <= " +
               std::to_string(kFileViaMostSteps);
    if (h.kind != header_kind::destination)
        return "a file network takes destination and via headers only";
    return "a file network's destination header names " + names +
           ", with b <= " + std::to_string(kFileMostSteps) +
           ", C below K=" + std::to_string(t.k()) + " and D = 0";
}

}  // namespace

std::optional<std::string> check(const header& h, const topology& t) {
    const auto bad = [&](const std::string& what) {
        return std::optional<std::string>("header " + to_string(h) + ": " + what);
    };
    if (t.is_file()) {
        if (valid_on_file(h, t)) return std::nullopt;
        return bad(file_header_rule(h, t));
    }
    if (t.is_d3() || h.kind == header_kind::source_vector) return check(h, t.k(), t.m());
    if (h.kind == header_kind::sync) return bad("synchronizing headers are D3's");
    if (h.broadcast) return bad("destination headers have no broadcast bit");
    // A via header's C names a group (docs/header-format.md); the other fields read as a
    // destination header's.
    const bool via = h.kind == header_kind::via;
    if (via && h.b > kViaSteps) return bad("sync counter b must be 0..6 in a via header");
    if (!via && h.b > 5) return bad("sync counter b must be 0..5 in a destination header");
    if (h.f0 >= t.groups())
        return bad("group c' must be below K*M+1=" + std::to_string(t.groups()));
    if (h.f1 != 0) return bad("d' must be 0 on " + t.name());
    if (h.f2 >= t.m() || h.defl_d >= t.m())
        return bad("router p' and D must be below M=" + std::to_string(t.m()));
    if (via && h.defl_c >= t.groups())
        return bad("via group C must be below K*M+1=" + std::to_string(t.groups()));
    if (!via && h.defl_c >= t.k()) return bad("C must be below K=" + std::to_string(t.k()));
    return std::nullopt;
}

std::string to_string(const header& h) {
    std::ostringstream os;
    if (h.kind == header_kind::source_vector || h.kind == header_kind::sync) {
        if (h.kind == header_kind::sync) os << 's';
        os << '(' << (h.broadcast ? 1 : 0) << ',' << int{h.b} << ';' << int{h.f0} << ','
           << int{h.f1} << ',' << int{h.f2} << ')';
    } else {
        os << '(' << int{h.b} << ";(" << int{h.f0} << ',' << int{h.f1} << ',' << int{h.f2} << ')';
        if (h.kind == header_kind::via)
            os << ",via=(" << int{h.defl_c} << ',' << int{h.defl_d} << "))";
        else
            os << ",C=" << int{h.defl_c} << ",D=" << int{h.defl_d} << ')';
    }
    return os.str();
}

}  // namespace d3
