// The comparison network MDF(K,M) of section 11: the maximal dragonfly with K*M+1 groups of M
// routers, each router with M-1 local ports (a complete graph per group) and K global ports, every
// pair of groups joined by exactly one global link. The global arrangement is selectable: palmtree
// and consecutive (Camarero, Vallejo, Beivide, "Topological Characterization of Hamming and
// Dragonfly Networks", ACM TACO 2014, 4.1.1 and 4.1.2) or a wiring file. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/enum_names.h"

namespace d3 {

enum class arrangement { palmtree, consecutive, file };
inline constexpr enum_entry<arrangement> kArrangementNames[] = {
    {arrangement::palmtree, "palmtree"},
    {arrangement::consecutive, "consecutive"},
    {arrangement::file, "file"}};
constexpr const auto& enum_names_of(arrangement) {
    return kArrangementNames;
}

/// palmtree or consecutive; anything else (also "file") is the path of a wiring file: nothing.
inline std::optional<arrangement> parse_arrangement(const std::string& s) {
    const std::optional<arrangement> a = parse_enum(kArrangementNames, s);
    return a == arrangement::file ? std::nullopt : a;
}

/// A global port end: router `router` of group `group`, global port `port`.
struct port_end {
    int group = 0;
    int router = 0;
    int port = 0;
    friend bool operator==(const port_end& a, const port_end& b) {
        return a.group == b.group && a.router == b.router && a.port == b.port;
    }
};

class dragonfly {
  public:
    /// Why (k, m) cannot be an MDF(K,M), or nothing.
    static std::optional<std::string> check(int k, int m);

    /// Builds the palmtree or consecutive arrangement. Throws std::invalid_argument on bad k, m.
    dragonfly(int k, int m, arrangement a);
    /// Builds from a wiring file: one line per global link "g r a  g' r' a'" (groups, routers,
    /// ports); '#' starts a comment. Throws std::invalid_argument naming the first bad line.
    static dragonfly from_file(int k, int m, const std::string& path);

    int k() const { return k_; }
    int m() const { return m_; }
    int groups() const { return groups_; }
    std::uint32_t routers() const { return static_cast<std::uint32_t>(groups() * m_); }
    arrangement kind() const { return kind_; }

    /// Where global port `port` of router `router` in group `group` leads.
    const port_end& global_neighbor(int group, int router, int port) const {
        return far_[index(group, router, port)];
    }
    /// Every global port's far end, per (group, router, port) in that order (topology reads it).
    const port_end* wiring() const { return far_.data(); }
    /// Local port x of router r leads to router (r + x) mod M of the same group, as in D3.
    int local_neighbor(int router, int x) const { return (router + x) % m_; }

    /// The router of `group` and its port that hold the one global link to `to` (group != to).
    port_end exit_to(int group, int to) const {
        return exits_[static_cast<std::size_t>(group * groups() + to)];
    }

    /// Why the wiring is not a valid maximal dragonfly (every link symmetric, every pair of groups
    /// joined exactly once), or nothing.
    std::optional<std::string> validate() const;

  private:
    dragonfly(int k, int m, arrangement a, std::vector<port_end> far);
    std::size_t index(int group, int router, int port) const {
        return static_cast<std::size_t>((group * m_ + router) * k_ + port);
    }
    void index_exits();

    int k_;
    int m_;
    int groups_;  ///< K M + 1, kept: exit_to multiplies by it in every MDF decode
    arrangement kind_;
    std::vector<port_end> far_;    ///< per (group, router, port)
    std::vector<port_end> exits_;  ///< per (group, to): the port end in `group` linking to `to`
};

}  // namespace d3
