// What floor_mdf.cpp sets up once, off the hop path: its command line, the traffic's seeds and
// bernoulli threshold, and the palmtree wiring of MDF(K,M) (exit table and socket bindings).
// Built by bench/floor/run.sh only.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

namespace floor_bench {

/// floor_mdf [K] [M] [concentration] [rate] [warmup] [measure] [seed]  (4 8 4 0.3 200 200 1)
struct mdf_args {
    int K = 4, M = 8, conc = 4, warmup = 200, measure = 200;
    double rate = 0.3;
    std::uint64_t seed = 1;

    /// Reads the arguments given over the defaults; false if the floor does not take them.
    bool parse(int argc, char* argv[]) {
        if (argc > 1) K = std::atoi(argv[1]);
        if (argc > 2) M = std::atoi(argv[2]);
        if (argc > 3) conc = std::atoi(argv[3]);
        if (argc > 4) rate = std::atof(argv[4]);
        if (argc > 5) warmup = std::atoi(argv[5]);
        if (argc > 6) measure = std::atoi(argv[6]);
        if (argc > 7) seed = std::strtoull(argv[7], nullptr, 10);
        return K >= 1 && M >= 2 && M <= 255 && K <= 255 && (K * M + 1) * M <= 65535 && conc >= 1 &&
               rate > 0 && rate <= 1 && warmup >= 0 && measure >= 1;
    }
};

/// The seed of router id's traffic stream: splitmix64, as the project.
inline std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t id) {
    std::uint64_t z = seed * 0x9E3779B97F4A7C15ull + id + 1;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// The threshold on 53 bits of a bernoulli(rate) draw: r >> 11 < rate * 2^53.
inline std::uint64_t bernoulli53(double rate) {
    std::uint64_t x = std::uint64_t(rate * 9007199254740992.0);
    if (double(x) < rate * 9007199254740992.0) ++x;
    return x;
}

/// Palmtree, G = K*M+1 groups of M routers: router i of group j, global port p -> router M-1-i of
/// group j-i*K-p-1, port K-1-p. Exit table per (group, to): the router and port holding the link
/// to `to`, filled into `exit` (router << 8 | port). bad: a group linked to itself, or a pair of
/// groups with no link or two.
struct palmtree {
    int K, M, G;
    std::vector<int> far;  // per (group, router, port): the group at the other end
    bool bad = false;

    palmtree(int k, int m, std::vector<std::uint16_t>& exit)
        : K(k), M(m), G(k * m + 1), far(std::size_t(G) * M * K) {
        exit.assign(std::size_t(G) * G, 0xffff);
        for (int j = 0; j < G; ++j)
            for (int i = 0; i < M; ++i)
                for (int p = 0; p < K; ++p) {
                    const int to = ((j - i * K - p - 1) % G + G) % G;
                    far[std::size_t((j * M + i) * K + p)] = to;
                    std::uint16_t& e = exit[std::size_t(j) * G + to];
                    if (to == j || e != 0xffff) bad = true;
                    e = std::uint16_t(i << 8 | p);
                }
        for (int j = 0; j < G; ++j)
            for (int to = 0; to < G; ++to)
                if (to != j && exit[std::size_t(j) * G + to] == 0xffff) bad = true;
    }

    /// Node i's "inject_out" is input 0 of router i. Router g*M+r's "out": local ports 1..M-1,
    /// global ports 0..K-1, then its node's "eject_in".
    template <typename Router, typename Node>
    void bind(std::vector<std::unique_ptr<Router>>& routers,
              std::vector<std::unique_ptr<Node>>& nodes) const {
        for (std::size_t i = 0; i < nodes.size(); ++i) nodes[i]->inject_out.bind(routers[i]->in);
        for (int g = 0; g < G; ++g)
            for (int r = 0; r < M; ++r) {
                Router& x = *routers[std::size_t(g * M + r)];
                for (int l = 1; l < M; ++l)
                    x.out.bind(routers[std::size_t(g * M + (r + l) % M)]->in);
                for (int p = 0; p < K; ++p) {
                    const int to = far[std::size_t((g * M + r) * K + p)];
                    x.out.bind(routers[std::size_t(to * M + (M - 1 - r))]->in);
                }
                x.out.bind(nodes[std::size_t(g * M + r)]->eject_in);
            }
    }
};

}  // namespace floor_bench
