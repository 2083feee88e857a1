#include "paper/network_programs/rsn_programs.h"

#include <stdexcept>
#include <string>

namespace d3 {

namespace {

std::uint32_t cube_bits(int levels, std::uint32_t n) {
    if (levels < 1 || n < 1 || (n << (levels - 1)) > 24)
        throw std::invalid_argument("RSN(l, Q_n): l >= 1, n >= 1, at most 2^24 nodes");
    return n << (levels - 1);
}

// Bits of one half of a level-i swap: 2^(i-2) n.
std::uint32_t half_bits(int level, std::uint32_t n) {
    return n << (level - 2);
}

struct builder {
    std::uint32_t nodes;
    std::uint32_t n;
    exchange_program p;

    void swap(int level) {
        exchange_round r;
        for (std::uint32_t x = 0; x < nodes; ++x) {
            const std::uint32_t y = rsn_swap_partner(x, level, n);
            if (y != x) r.messages.push_back({x, y, 1});
        }
        p.rounds.push_back(std::move(r));
    }
    void along_bit(std::uint32_t bit, round_kind kind) {
        exchange_round r;
        r.kind = kind;
        for (std::uint32_t x = 0; x < nodes; ++x) r.messages.push_back({x, x ^ (1u << bit), 1});
        p.rounds.push_back(std::move(r));
    }
    // Emul(j, level, n) on every level-`level` cluster at once.
    void emulate(std::uint32_t j, int level) {
        if (level == 1) return along_bit(j - 1, round_kind::move);
        const std::uint32_t half = half_bits(level, n);
        if (j <= half) return emulate(j, level - 1);
        swap(level);
        emulate(j - half, level - 1);
        swap(level);
    }
    void ascend(int level) {
        if (level == 1) {
            for (std::uint32_t b = 0; b < n; ++b) along_bit(b, round_kind::combine);
            return;
        }
        ascend(level - 1);
        swap(level);
        ascend(level - 1);
        swap(level);
    }
    void descend(int level) {
        if (level == 1) {
            for (std::uint32_t b = n; b-- > 0;) along_bit(b, round_kind::combine);
            return;
        }
        swap(level);
        descend(level - 1);
        swap(level);
        descend(level - 1);
    }
};

builder make_builder(int levels, std::uint32_t n, const std::string& what) {
    const std::uint32_t bits = cube_bits(levels, n);
    builder b{1u << bits, n, {}};
    b.p.name = what + " on RSN(" + std::to_string(levels) + ",Q_" + std::to_string(n) + ")";
    b.p.nodes = b.nodes;
    return b;
}

}  // namespace

std::uint32_t rsn_swap_partner(std::uint32_t x, int level, std::uint32_t n) {
    const std::uint32_t h = half_bits(level, n), half_mask = (1u << h) - 1;
    const std::uint32_t low = x & ((1u << (2 * h)) - 1), high = low >> h, rest = low & half_mask;
    return (x & ~((1u << (2 * h)) - 1)) | (rest << h) | high;
}

exchange_program rsn_cube_step(int levels, std::uint32_t n, std::uint32_t j) {
    if (j < 1 || j > cube_bits(levels, n))
        throw std::invalid_argument("Emul(j, l, n): 1 <= j <= 2^(l-1) n");
    builder b = make_builder(levels, n, "Emul(" + std::to_string(j) + ")");
    b.emulate(j, levels);
    return b.p;
}

exchange_program rsn_ascend(int levels, std::uint32_t n) {
    builder b = make_builder(levels, n, "ascend");
    b.ascend(levels);
    return b.p;
}

exchange_program rsn_descend(int levels, std::uint32_t n) {
    builder b = make_builder(levels, n, "descend");
    b.descend(levels);
    return b.p;
}

}  // namespace d3
