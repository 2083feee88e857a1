// An independent lockstep path counter for the paper tests: the paper's idealised timing (every
// packet moves one hop or holds one step per time step, nothing ever waits), written from the
// paper's header rules and the topology's wiring alone, without the model's decoder, planner or
// router. It says in which step every packet of a node program uses which directed link, and so
// where a schedule must conflict and which conflict comes first.
#pragma once

#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include "core/network/topology.h"

namespace d3::test {

/// A directed link in a step: router, global (true) or local port, port number.
struct link_step {
    std::uint64_t step = 0;
    router_id router = 0;
    bool global = false;
    int port = 0;
    bool operator<(const link_step& o) const {
        return std::tie(step, router, global, port) < std::tie(o.step, o.router, o.global, o.port);
    }
};

class path_counter {
  public:
    explicit path_counter(const topology& t) : t_(t) {}

    /// A source-vector packet (B, b = 3; gamma, pi, delta) launched by the node of `src` in program
    /// step `launch`: its first hop is in step launch + 1 (the model's documented time base).
    /// Returns the step of its delivery (b = 0), which is launch + 4.
    std::uint64_t source_vector(const coord& src, std::uint64_t launch, bool broadcast, int gamma,
                                int pi, int delta) {
        walk(src, launch + 1, 3, broadcast, gamma, pi, delta);
        return launch + 4;
    }

    /// A glgl packet (4; c', d', p') with C = c' - c: global C, then the tables of section 10.
    void glgl(const coord& src, std::uint64_t launch, const coord& dst) {
        std::uint64_t step = launch + 1;
        coord at = src;
        const int c = mod(dst.c - src.c, t_.k());
        at = use_global(at, c, step++);
        at = use_local(at, mod(dst.d - at.p, t_.m()), step++);
        at = use_global(at, mod(dst.c - at.c, t_.k()), step++);
        use_local(at, mod(dst.p - at.p, t_.m()), step);
    }

    /// (link, step) pairs used more than once.
    std::uint64_t conflicts() const {
        std::uint64_t n = 0;
        for (const auto& [l, uses] : uses_) n += uses > 1 ? 1 : 0;
        return n;
    }
    /// The earliest of them (step, then router, then port); uses_ is ordered that way.
    bool first_conflict(link_step& out) const {
        for (const auto& [l, uses] : uses_)
            if (uses > 1) {
                out = l;
                return true;
            }
        return false;
    }

  private:
    coord use_local(const coord& at, int port, std::uint64_t step) {
        if (port == 0) return at;  // hold
        ++uses_[{step, t_.id(at), false, port}];
        return t_.local_neighbor(at, port);
    }
    coord use_global(const coord& at, int port, std::uint64_t step) {
        const coord next = t_.global_neighbor(at, port);
        if (next == at) return at;  // global port 0 at a fixed point: hold
        ++uses_[{step, t_.id(at), true, port}];
        return next;
    }
    // b = 3: local delta; b = 2: global gamma; b = 1: local pi. Broadcast: every port of the kind.
    void walk(const coord& at, std::uint64_t step, int b, bool bcast, int gamma, int pi,
              int delta) {
        if (b == 0) return;
        const bool global = b == 2;
        if (!bcast) {
            const coord next =
                global ? use_global(at, gamma, step) : use_local(at, b == 3 ? delta : pi, step);
            walk(next, step + 1, b - 1, false, gamma, pi, delta);
            return;
        }
        const int ports = global ? t_.k() : t_.m();
        for (int p = 0; p < ports; ++p) {
            const coord next = global ? use_global(at, p, step) : use_local(at, p, step);
            walk(next, step + 1, b - 1, true, gamma, pi, delta);
        }
    }

    const topology& t_;
    std::map<link_step, int> uses_;
};

}  // namespace d3::test
