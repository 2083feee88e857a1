#include "core/replay/collectives.h"

#include <algorithm>
#include <array>
#include <functional>

#include "core/replay/collective_schedule.h"

namespace d3 {
namespace {

using generator = std::function<std::uint32_t(const collective_options&, collective_schedule&)>;

std::uint32_t ceil_log2(std::uint32_t p) {
    std::uint32_t l = 0;
    while ((1ull << l) < p) ++l;
    return l;
}

bool power_of_two(std::uint32_t p) {
    return p != 0 && (p & (p - 1)) == 0;
}

// Ring allreduce: a reduce-scatter then an allgather, 2(P-1) steps of ceil(S/P) flits, each rank
// to its right neighbour.
std::uint32_t ring_allreduce(const collective_options& o, collective_schedule& s) {
    const std::uint32_t p = o.ranks, chunk = (o.size + p - 1) / p;
    for (std::uint32_t step = 0; step < 2 * (p - 1); ++step) {
        for (std::uint32_t r = 0; r < p; ++r) s.send(r, (r + 1) % p, chunk);
        s.end_step();
    }
    return 2 * (p - 1);
}

// Recursive doubling: log2 P steps of S flits, step k with partner r XOR 2^k.
std::uint32_t recursive_doubling(const collective_options& o, collective_schedule& s) {
    const std::uint32_t steps = ceil_log2(o.ranks);
    for (std::uint32_t k = 0; k < steps; ++k) {
        for (std::uint32_t r = 0; r < o.ranks; ++r) s.send(r, r ^ (1u << k), o.size);
        s.end_step();
    }
    return steps;
}

// Pairwise exchange within each of `groups` groups of n ranks (at(g, i) is group g's i-th rank):
// step k (1 .. n-1) member i sends `flits` to member (i + k) mod n.
std::uint32_t pairwise_in(std::uint32_t n, std::uint32_t groups, std::uint32_t flits,
                          collective_schedule& s,
                          const std::function<std::uint32_t(std::uint32_t, std::uint32_t)>& at) {
    for (std::uint32_t k = 1; k < n; ++k) {
        for (std::uint32_t g = 0; g < groups; ++g)
            for (std::uint32_t i = 0; i < n; ++i) s.send(at(g, i), at(g, (i + k) % n), flits);
        s.end_step();
    }
    return n > 0 ? n - 1 : 0;
}

std::uint32_t pairwise(const collective_options& o, collective_schedule& s) {
    return pairwise_in(o.ranks, 1, o.size, s, [](std::uint32_t, std::uint32_t i) { return i; });
}

// Bruck's alltoall: ceil(log2 P) steps; in step k rank r sends to r + 2^k the blocks whose index
// has bit k set (S flits each; the local rotations before and after cost nothing here).
std::uint32_t bruck(const collective_options& o, collective_schedule& s) {
    const std::uint32_t p = o.ranks, steps = ceil_log2(p);
    for (std::uint32_t k = 0; k < steps; ++k) {
        std::uint32_t blocks = 0;
        for (std::uint32_t j = 1; j < p; ++j) blocks += (j >> k) & 1u;
        for (std::uint32_t r = 0; r < p; ++r) s.send(r, (r + (1u << k)) % p, blocks * o.size);
        s.end_step();
    }
    return steps;
}

// Binomial broadcast from rank 0 (MPICH's order): in step k, with mask 2^(L-1-k), every rank that
// holds the data and is a multiple of 2 mask sends S flits to rank + mask. A rank's sends are all
// created one step after its receive (eager sends) and leave in that order. The root starts the
// next iteration when every message of the last one (from index `last`) arrived.
std::uint32_t binomial(const collective_options& o, collective_schedule& s,
                       std::optional<std::size_t> last) {
    const std::uint32_t p = o.ranks, steps = ceil_log2(p);
    if (last) s.wait_for_all_from(0, *last);
    for (std::uint32_t k = 0; k < steps; ++k) {
        const std::uint32_t mask = 1u << (steps - 1 - k);
        for (std::uint32_t r = 0; r + mask < p; r += 2 * mask) s.send(r, r + mask, o.size);
        s.end_step();
    }
    return steps;
}

// The most nearly equal factors (a, b) of n with a <= b: a the largest divisor not above sqrt n.
std::array<std::uint32_t, 2> two_factors(std::uint32_t n) {
    std::uint32_t a = 1;
    for (std::uint32_t d = 1; static_cast<std::uint64_t>(d) * d <= n; ++d)
        if (n % d == 0) a = d;
    return {a, n / a};
}

}  // namespace

/// The most nearly equal three factors of n, largest first (the halo's periodic grid).
std::array<std::uint32_t, 3> three_factors(std::uint32_t n) {
    std::array<std::uint32_t, 3> best{n, 1, 1};
    for (std::uint32_t z = 1; static_cast<std::uint64_t>(z) * z * z <= n; ++z) {
        if (n % z != 0) continue;
        const auto [y, x] = two_factors(n / z);
        if (y < z) continue;
        if (x - z < best[0] - best[2]) best = {x, y, z};
    }
    return best;
}

namespace {

// 3-D halo: ranks on a periodic X x Y x Z grid (three_factors), each sending S flits to each of its
// 26 neighbours (a neighbour that is the rank itself, on a dimension of 1, is left out; on a
// dimension of 2 two offsets name the same neighbour, which gets both messages). One step.
std::uint32_t halo3d(const collective_options& o, collective_schedule& s) {
    const auto [nx, ny, nz] = three_factors(o.ranks);
    for (std::uint32_t r = 0; r < o.ranks; ++r) {
        const int x = static_cast<int>(r % nx), y = static_cast<int>(r / nx % ny),
                  z = static_cast<int>(r / (nx * ny));
        for (int dz = -1; dz <= 1; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    if (dx == 0 && dy == 0 && dz == 0) continue;
                    const auto wrap = [](int v, std::uint32_t n) {
                        return static_cast<std::uint32_t>((v + static_cast<int>(n)) %
                                                          static_cast<int>(n));
                    };
                    const std::uint32_t to =
                        wrap(x + dx, nx) + nx * (wrap(y + dy, ny) + ny * wrap(z + dz, nz));
                    if (to != r) s.send(r, to, o.size);
                }
    }
    s.end_step();
    return 1;
}

// FFT transpose: ranks on a near-square R x C grid (rank = row C + column); a pairwise alltoall
// within every row (C - 1 steps), then within every column (R - 1 steps), S flits per pair.
std::uint32_t fft(const collective_options& o, collective_schedule& s) {
    const auto [rows, cols] = two_factors(o.ranks);
    const std::uint32_t c = cols;
    const std::uint32_t a = pairwise_in(
        cols, rows, o.size, s, [c](std::uint32_t g, std::uint32_t i) { return g * c + i; });
    const std::uint32_t b = pairwise_in(
        rows, cols, o.size, s, [c](std::uint32_t g, std::uint32_t i) { return i * c + g; });
    return a + b;
}

struct algorithm_entry {
    const char* collective;
    const char* algorithm;
    /// Appends one iteration; the last iteration's first message, if there was one.
    std::function<std::uint32_t(const collective_options&, collective_schedule&,
                                std::optional<std::size_t>)>
        run;
};

const std::vector<algorithm_entry>& algorithm_table() {
    auto plain = [](std::uint32_t (*f)(const collective_options&, collective_schedule&)) {
        return [f](const collective_options& o, collective_schedule& s,
                   std::optional<std::size_t>) { return f(o, s); };
    };
    static const std::vector<algorithm_entry> table{
        {"allreduce", "ring", plain(ring_allreduce)},
        {"allreduce", "recursive-doubling", plain(recursive_doubling)},
        {"alltoall", "pairwise", plain(pairwise)},
        {"alltoall", "bruck", plain(bruck)},
        {"bcast", "binomial", binomial},
        {"halo3d", "neighbours", plain(halo3d)},
        {"fft", "transpose", plain(fft)},
    };
    return table;
}

const algorithm_entry* find_algorithm(const collective_options& o) {
    const std::vector<std::string> names = collective_algorithms(o.collective);
    const std::string a = o.algorithm.empty() && !names.empty() ? names.front() : o.algorithm;
    for (const algorithm_entry& e : algorithm_table())
        if (o.collective == e.collective && a == e.algorithm) return &e;
    return nullptr;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
    return s;
}

}  // namespace

std::vector<std::string> collective_algorithms(const std::string& collective) {
    std::vector<std::string> out;
    for (const algorithm_entry& e : algorithm_table())
        if (collective == e.collective) out.push_back(e.algorithm);
    return out;
}

std::optional<std::string> check_collective(const collective_options& o) {
    const std::vector<std::string> names = collective_algorithms(o.collective);
    if (names.empty())
        return "--workload " + o.collective +
               ": unknown collective (allreduce, alltoall, bcast, halo3d, fft)";
    if (!find_algorithm(o))
        return "--algorithm " + o.algorithm + ": not an algorithm of " + o.collective + " (" +
               joined(names) + ")";
    if (o.ranks < 2) return "--ranks: a collective needs at least 2 ranks";
    if (o.size == 0 || o.size > kMaxTraceFlits)
        return "--size must be 1.." + std::to_string(kMaxTraceFlits) + " flits";
    if (o.iterations == 0) return "--iterations must be at least 1";
    if (o.collective == "allreduce" && o.algorithm == "recursive-doubling" &&
        !power_of_two(o.ranks))
        return "--algorithm recursive-doubling needs a power-of-two number of ranks, not " +
               std::to_string(o.ranks) + " (give --ranks)";
    return std::nullopt;
}

std::variant<collective_trace, std::string> make_collective(const collective_options& o) {
    if (auto err = check_collective(o)) return *err;
    const algorithm_entry& e = *find_algorithm(o);
    collective_schedule s(o.ranks);
    collective_trace out;
    out.algorithm = e.algorithm;
    std::optional<std::size_t> last;
    for (std::uint32_t i = 0; i < o.iterations; ++i) {
        const std::size_t begin = s.messages();
        out.steps = e.run(o, s, last);
        out.iteration_end.push_back(s.messages());
        last = begin;
    }
    out.trace = s.take();
    if (auto err = check_trace(out.trace)) return "--workload " + o.collective + ": " + *err;
    return out;
}

}  // namespace d3
