// The network the simulator wires: the Swapped Dragonfly D3(K,M) (paper section 2) or, for
// comparison, the maximal dragonfly MDF(K,M) of section 11 (core/network/dragonfly.h). Both have
// M-1 local ports (a complete graph per drawer or group) and K global ports per router, so one
// router model serves both; they differ in router count, ids and global wiring. A network given as
// a file (core/network/file_topology.h, issue 48) is the third: K global ports per router (the
// most a router of the file has), M = 1, router r at (r,0,0), wired as the file says; its headers
// name r in groups of their own (header_group). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/enum_names.h"

namespace d3 {

/// Router coordinate. D3: cabinet c mod K, drawer d mod M, router p mod M. MDF: group c, d = 0,
/// router p of the group.
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

/// Output port numbering inside a router: global ports a = 0..K-1 are outputs 0..K-1, local port
/// x = 1..M-1 is output K+x-1. Inputs use the same numbers; the node's injection input is K+M-1.
struct port_ref {
    bool global = true;
    int port = 0;  ///< a for global, x for local
};

inline port_ref port_of(int index, int k) {
    return index < k ? port_ref{true, index} : port_ref{false, index - k + 1};
}
inline int index_of(const port_ref& p, int k) {
    return p.global ? p.port : k + p.port - 1;
}

class dragonfly;
class file_topology;
struct port_end;

enum class topology_kind { d3, mdf, file };
inline constexpr enum_entry<topology_kind> kTopologyKindNames[] = {
    {topology_kind::d3, "d3"}, {topology_kind::mdf, "mdf"}, {topology_kind::file, "file"}};
constexpr const auto& enum_names_of(topology_kind) {
    return kTopologyKindNames;
}

class topology {
  public:
    /// Why (k, m) is not a valid D3(K,M), or nothing when it is.
    static std::optional<std::string> check(int k, int m);
    /// Why (k, m) is not a valid MDF(K,M) for the simulator (its K*M+1 groups must fit the
    /// header's 8-bit c' field), or nothing.
    static std::optional<std::string> check_mdf(int k, int m);

    /// D3(K,M). Throws std::invalid_argument with check()'s message on bad parameters.
    topology(int k, int m);
    /// MDF(K,M) with the given global wiring. Throws std::invalid_argument (check_mdf).
    explicit topology(std::shared_ptr<const dragonfly> mdf);
    /// A network given as a file (file_topology::read). Throws std::invalid_argument on null.
    explicit topology(std::shared_ptr<const file_topology> net);

    topology_kind kind() const { return kind_; }
    bool is_d3() const { return kind_ == topology_kind::d3; }
    bool is_file() const { return kind_ == topology_kind::file; }
    /// The MDF wiring, or null for D3 and file networks.
    const dragonfly* mdf() const { return mdf_.get(); }
    /// The file network, or null for D3 and MDF.
    const file_topology* file() const { return file_.get(); }
    /// "D3(4,8)", "MDF(4,8)" or "file:PATH".
    std::string name() const;

    int k() const { return k_; }
    int m() const { return m_; }
    /// Groups of M routers joined by local links: D3's K*M drawers, MDF's K*M+1 groups, a file
    /// network's routers (M = 1).
    int groups() const { return groups_; }
    std::uint32_t routers() const { return static_cast<std::uint32_t>(groups() * m_); }
    /// Link ports per router: K global plus M-1 local.
    int link_ports() const { return k_ + m_ - 1; }

    bool contains(const coord& x) const {
        if (mdf_) return x.c >= 0 && x.c < groups() && x.d == 0 && x.p >= 0 && x.p < m_;
        return x.c >= 0 && x.c < cabinets_ && x.d >= 0 && x.d < m_ && x.p >= 0 && x.p < m_;
    }
    router_id id(const coord& x) const { return id_in(x, mdf_ ? 1 : m_); }
    /// The router a destination or via header's (c', d', p') names (core/decoding/header.h):
    /// (c' R + d') G + p', with R = G = M on D3, R = 1 and G = M on MDF (id() of the coordinate
    /// alike) and R = 1 and G = header_group() on a file network. Inline: the ledger's launch
    /// (every packet of synthetic traffic).
    router_id header_id(int c, int d, int p) const {
        return static_cast<router_id>((c * header_rows_ + d) * header_group_ + p);
    }
    /// The routers a file network's header names in c' (core/decoding/file_header.h); M on D3 and
    /// MDF.
    int header_group() const { return header_group_; }
    /// The header groups all of whose header_group() routers exist: MDF's groups(), a file
    /// network's routers / header_group() (valid(h, t)'s test of c', core/decoding/header.h).
    int header_groups() const { return header_groups_; }
    /// id() on a D3 network (is_d3()), without the test of the network: the ledger's launch in
    /// closed form, a D3 header's (every packet of a primitive).
    router_id id_on_d3(const coord& x) const { return id_in(x, m_); }
    /// Inline: synthetic traffic asks it for every packet's destination, the routers on the way.
    coord at(router_id id) const {
        const int i = static_cast<int>(id);
        if (mdf_) return {i / m_, 0, i % m_};
        return {i / (m_ * m_), (i / m_) % m_, i % m_};
    }
    /// "(c,d,p)" on D3, "(g,r)" on MDF, the router's index on a file network.
    std::string label(const coord& x) const;

    /// Local port x of (c,d,p) reaches (c,d,p+x); x = 0 means "hold" (the router itself).
    coord local_neighbor(const coord& x, int port) const { return {x.c, x.d, mod(x.p + port, m_)}; }
    /// D3: global port a of (c,d,p) reaches (c+a,p,d), note the swap of d and p. MDF and a file
    /// network: the wiring.
    coord global_neighbor(const coord& x, int port) const {
        return wiring_ ? wired_neighbor(x, port) : coord{mod(x.c + port, k_), x.p, x.d};
    }
    /// The port a link arrives on at the far end: local x arrives on -x; on D3 global a on -a.
    int local_return_port(int port) const { return mod(-port, m_); }
    int global_return_port(const coord& x, int port) const {
        return wiring_ ? wired_return_port(x, port) : mod(-port, k_);
    }
    /// Where output `p` of router x leads (D3: (2.1); MDF: its wiring) and the port it arrives on.
    struct link_end {
        coord at;
        port_ref port;
    };
    link_end far_end(const coord& x, const port_ref& p) const {
        if (p.global) return {global_neighbor(x, p.port), {true, global_return_port(x, p.port)}};
        return {local_neighbor(x, p.port), {false, local_return_port(p.port)}};
    }
    /// D3's (c,p,p): global port 0 loops back to the router itself.
    static bool is_fixed_point(const coord& x) { return x.d == x.p; }
    /// Global port `port` of x leads back to x (D3's port 0 at a fixed point; never on MDF; a
    /// file network's padding, the ports a router has fewer than K of).
    bool global_loops(const coord& x, int port) const {
        if (!wiring_) return port == 0 && is_fixed_point(x);
        return file_ && wired_loops(x, port);
    }
    /// A packet may hold (stay a step) on its global hop at x: D3 only at a fixed point (port 0
    /// is the loop); MDF anywhere, since no global port loops (the decoder signals the hold);
    /// never on a file network.
    bool may_hold_globally(const coord& x) const { return mdf_ || (!file_ && is_fixed_point(x)); }

    /// The source vector (c'-c, p'-d, d'-p) that takes src to dst in three steps.
    source_vector vector_to(const coord& src, const coord& dst) const;
    /// Where a source vector leads: (c+gamma, p+delta, d+pi).
    coord destination(const coord& src, const source_vector& v) const {
        return destination_in_range(src, {mod(v.gamma, k_), mod(v.pi, m_), mod(v.delta, m_)});
    }
    /// The same for a vector whose fields are in 0..K-1 and 0..M-1 (vector_to's, a valid
    /// header's): a subtraction per coordinate where a remainder would divide (the ledger, on
    /// every launch).
    coord destination_in_range(const coord& src, const source_vector& v) const {
        const auto add = [](int a, int b, int n) { return a + b < n ? a + b : a + b - n; };
        return {add(src.c, v.gamma, k_), add(src.p, v.delta, m_), add(src.d, v.pi, m_)};
    }

  private:
    /// The id of x where a group holds `group_rows` values of d (M on D3, 1 on MDF: d is 0).
    router_id id_in(const coord& x, int group_rows) const {
        return static_cast<router_id>((x.c * group_rows + x.d) * m_ + x.p);
    }
    /// The far end of a global port in wiring_ (MDF, a file network).
    const port_end& wired(const coord& x, int port) const;
    coord wired_neighbor(const coord& x, int port) const;
    int wired_return_port(const coord& x, int port) const;
    bool wired_loops(const coord& x, int port) const;

    int k_;
    int m_;
    topology_kind kind_ = topology_kind::d3;
    int groups_;        ///< groups()
    int cabinets_;      ///< the values of c: K on D3, the routers of a file network
    int header_rows_;   ///< header_id()'s R
    int header_group_;  ///< header_id()'s G
    int header_groups_;
    std::shared_ptr<const dragonfly> mdf_;
    std::shared_ptr<const file_topology> file_;
    /// MDF's and a file network's global wiring, per (group, router, port); null on D3.
    const port_end* wiring_ = nullptr;
};

}  // namespace d3
