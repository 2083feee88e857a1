// The shapes of the other networks of issue 48 that the shape tests check claim by claim
// (rsn_shapes_test.cpp, hdn_shapes_test.cpp, hamming_shapes_test.cpp) and that the figures table
// of docs/networks.md lists (network_figures_test.cpp): one list per network, kept here so that
// the table shows exactly the shapes tested.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/network/graphs/dual_net.h"

namespace d3::shapes {

struct rsn_shape {
    const char* nucleus;  ///< parse_nucleus's text
    int levels;
    bool diameter_links;
};

inline std::vector<rsn_shape> rsn_shapes() {
    return {{"complete:3", 2, false},  {"complete:4", 2, false},  {"complete:5", 2, false},
            {"complete:3", 3, false},  {"complete:4", 3, false},  {"complete:5", 3, false},
            {"complete:2", 4, false},  {"complete:4", 2, true},   {"complete:5", 2, true},
            {"complete:4", 3, true},   {"hypercube:2", 2, false}, {"hypercube:3", 2, false},
            {"hypercube:2", 3, false}, {"hypercube:3", 3, false}, {"hypercube:2", 2, true},
            {"hypercube:3", 2, true},  {"hypercube:4", 2, true},  {"mesh:2x2", 2, false},
            {"mesh:2x3", 2, false},    {"mesh:3x3", 2, false},    {"mesh:2x2", 3, false},
            {"mesh:3x4", 2, false},    {"mesh:3x3", 2, true}};
}

struct hdn_shape {
    const char* base;  ///< parse_product's text
    /// SN_1..SN_k as factor indices of the base.
    std::vector<std::vector<std::size_t>> super_nodes;
};

inline std::vector<hdn_shape> hdn_shapes() {
    return {{"hypercube:1", {{}}},
            {"hypercube:2", {{}}},
            {"hypercube:2", {{}, {}}},
            {"hypercube:3", {{}}},
            {"hypercube:3", {{0}}},
            {"hypercube:3", {{0}, {0, 1}}},
            {"torus:3x3", {{}}},
            {"torus:3x3", {{0}}},
            {"torus:3x3", {{1}, {0, 1}}},
            {"torus:3x4", {{1}}},
            {"torus:2x3x5", {{}}},
            {"torus:2x3x5", {{0}}},
            {"torus:2x3x5", {{1}}},
            {"torus:2x3x5", {{0, 1}}},
            {"torus:2x3x5", {{0, 1, 2}}},
            {"torus:2x3x5", {{0, 1, 2}, {0, 1, 2}}},
            {"torus:2x3x5", {{0, 1, 2}, {1, 2}}},
            {"torus:2x3x5", {{1, 2}, {0, 1, 2}}}};
}

inline dual_net_spec hdn_spec(const hdn_shape& x) {
    return {*parse_product(x.base), x.super_nodes};
}

struct hamming_shape {
    std::vector<std::uint32_t> sizes;
    std::uint32_t trunking;
};

inline std::vector<hamming_shape> hamming_shapes() {
    return {{{3, 3}, 1}, {{4, 4}, 1}, {{6, 6}, 1}, {{2, 5}, 1},    {{5, 11}, 1},
            {{8, 8}, 1}, {{4, 4}, 2}, {{3, 3}, 3}, {{3, 4, 5}, 1}, {{4, 4, 4}, 2}};
}

}  // namespace d3::shapes
