// The header space the exhaustive co-simulation tests walk, shared by the C++-model and the
// SystemC-model tests. Plain C++.
//
// For D3(K, M), "every header" is every combination of
//   kind {source vector, destination, synchronizing (issue 14)} x B {0, 1} x b {0..7} (the whole
//   3-bit field) x gamma/c' in G x pi/d' in L x delta/p' in L x C x D,
// with G = {0..K-1, K, 255} and L = {0..M-1, M, 255}: every in-range value plus the first
// out-of-range value and the largest 8-bit one (for a model with narrow port fields, K = 2**width
// also aliases to 0 in the low bits). C and D range over G and L in destination headers and over
// {0, 1, 255} in source-vector and synchronizing headers, where anything but 0 is invalid.
// "Every router coordinate that matters": the decoder reads c (for (c' - c) mod K), p (for
// (d' - p) and (p' - p) mod M) and whether d == p (fixed point), so every (c, p) with d = p and
// with d = p + 1 mod M. MDF(K,M) has its own space (for_each_mdf_header, below), walked at every
// router of the groups a test picks.
#pragma once

#include <cstdint>
#include <vector>

#include "core/decoding/header.h"
#include "core/network/topology.h"

namespace d3::cosim {

/// 0..n-1, then n and 255 (each once).
inline std::vector<int> field_values(int n) {
    std::vector<int> v;
    for (int i = 0; i < n; ++i) v.push_back(i);
    if (n <= 255) v.push_back(n);
    if (n < 255) v.push_back(255);
    return v;
}

inline std::vector<coord> coords_that_matter(int k, int m) {
    std::vector<coord> out;
    for (int c = 0; c < k; ++c)
        for (int p = 0; p < m; ++p) {
            out.push_back({c, p, p});            // fixed point
            out.push_back({c, (p + 1) % m, p});  // not a fixed point
        }
    return out;
}

/// Calls f(header) for every header of one kind with fields from these lists (B and all 8 b).
template <class F>
std::uint64_t for_each_of_kind(header_kind kind, const std::vector<int>& f0s,
                               const std::vector<int>& f1s, const std::vector<int>& f2s,
                               const std::vector<int>& cs, const std::vector<int>& ds, F&& f) {
    std::uint64_t n = 0;
    header h;
    h.kind = kind;
    for (int bcast = 0; bcast < 2; ++bcast)
        for (int b = 0; b < 8; ++b)
            for (int f0 : f0s)
                for (int f1 : f1s)
                    for (int f2 : f2s)
                        for (int c : cs)
                            for (int d : ds) {
                                h.broadcast = bcast != 0;
                                h.b = static_cast<std::uint8_t>(b);
                                h.f0 = static_cast<std::uint8_t>(f0);
                                h.f1 = static_cast<std::uint8_t>(f1);
                                h.f2 = static_cast<std::uint8_t>(f2);
                                h.defl_c = static_cast<std::uint8_t>(c);
                                h.defl_d = static_cast<std::uint8_t>(d);
                                f(h);
                                ++n;
                            }
    return n;
}

/// Calls f(header) for every header of the space above; returns how many.
template <class F>
std::uint64_t for_each_header(int k, int m, F&& f) {
    const std::vector<int> g = field_values(k), l = field_values(m), sv_cd = {0, 1, 255};
    std::uint64_t n = 0;
    for (int kind = 0; kind < 3; ++kind) {
        const bool dest = static_cast<header_kind>(kind) == header_kind::destination;
        n += for_each_of_kind(static_cast<header_kind>(kind), g, l, l, dest ? g : sv_cd,
                              dest ? l : sv_cd, f);
    }
    return n;
}

/// MDF(K,M) (issue 14): the same space with c' over the K*M+1 groups in destination headers,
/// {0..KM, KM+1, 255}; d' must be 0 there, so it ranges over {0, 1, 255}; C over {0..K-1, K, 255},
/// D over L. Source-vector and synchronizing headers range as on D3 (synchronizing ones are all
/// invalid on MDF). `kinds` selects kinds by bit (1 << kind). Returns how many headers.
template <class F>
std::uint64_t for_each_mdf_header(int k, int m, unsigned kinds, F&& f) {
    const std::vector<int> g = field_values(k), l = field_values(m),
                           groups = field_values(k * m + 1), small = {0, 1, 255};
    std::uint64_t n = 0;
    for (int kind = 0; kind < 3; ++kind) {
        if ((kinds >> kind & 1u) == 0) continue;
        const bool dest = static_cast<header_kind>(kind) == header_kind::destination;
        n += dest ? for_each_of_kind(header_kind::destination, groups, small, l, g, l, f)
                  : for_each_of_kind(static_cast<header_kind>(kind), g, l, l, small, small, f);
    }
    return n;
}

}  // namespace d3::cosim
