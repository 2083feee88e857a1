// Topology of the Swapped Dragonfly D3(K,M) (paper section 2): coordinates, router ids, wiring.
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace d3 {

/// Router coordinate (cabinet c mod K, drawer d mod M, router p mod M).
struct coord {
    int c = 0;
    int d = 0;
    int p = 0;
    friend bool operator==(const coord& a, const coord& b) {
        return a.c == b.c && a.d == b.d && a.p == b.p;
    }
    friend bool operator!=(const coord& a, const coord& b) { return !(a == b); }
};

/// Source vector (gamma, pi, delta): gamma a global port, pi and delta local ports (paper section
/// 8).
struct source_vector {
    int gamma = 0;
    int pi = 0;
    int delta = 0;
    friend bool operator==(const source_vector& a, const source_vector& b) {
        return a.gamma == b.gamma && a.pi == b.pi && a.delta == b.delta;
    }
};

using router_id = std::uint32_t;

/// Largest K and M the header format can carry (docs/header-format.md: 8-bit port fields).
inline constexpr int kMaxK = 256;
inline constexpr int kMaxM = 256;

/// Non-negative remainder.
inline int mod(int a, int n) {
    const int r = a % n;
    return r < 0 ? r + n : r;
}

std::string to_string(const coord& x);

class topology {
  public:
    /// Why (k, m) is not a valid D3(K,M), or nothing when it is.
    static std::optional<std::string> check(int k, int m);

    /// Throws std::invalid_argument with check()'s message on bad parameters.
    topology(int k, int m);

    int k() const { return k_; }
    int m() const { return m_; }
    std::uint32_t routers() const { return static_cast<std::uint32_t>(k_ * m_ * m_); }
    /// Link ports per router: K global plus M-1 local.
    int link_ports() const { return k_ + m_ - 1; }

    bool contains(const coord& x) const;
    router_id id(const coord& x) const {
        return static_cast<router_id>((x.c * m_ + x.d) * m_ + x.p);
    }
    coord at(router_id id) const;

    /// Local port x of (c,d,p) reaches (c,d,p+x); x = 0 means "hold" (the router itself).
    coord local_neighbor(const coord& x, int port) const { return {x.c, x.d, mod(x.p + port, m_)}; }
    /// Global port a of (c,d,p) reaches (c+a,p,d): note the swap of d and p.
    coord global_neighbor(const coord& x, int port) const {
        return {mod(x.c + port, k_), x.p, x.d};
    }
    /// The port a link arrives on at the far end: local x arrives on -x, global a on -a.
    int local_return_port(int port) const { return mod(-port, m_); }
    int global_return_port(int port) const { return mod(-port, k_); }
    /// (c,p,p): global port 0 loops back to the router itself.
    static bool is_fixed_point(const coord& x) { return x.d == x.p; }

    /// The source vector (c'-c, p'-d, d'-p) that takes src to dst in three steps.
    source_vector vector_to(const coord& src, const coord& dst) const;
    /// Where a source vector leads: (c+gamma, p+delta, d+pi).
    coord destination(const coord& src, const source_vector& v) const;

  private:
    int k_;
    int m_;
};

}  // namespace d3
