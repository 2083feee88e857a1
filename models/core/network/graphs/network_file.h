// A network given as a file (issue 48 item 1, `--topology file:NET.txt`, docs/networks.md "A
// network as a file"): routers with numbered ports, links joining two ports with a latency, and
// terminals per router, like BookSim2's `anynet` but with the port numbers written out, so that a
// router's ports are what the file says. Plain C++, no SystemC.
//
// Format: one statement per line, '#' starts a comment, words separated by blanks.
//   routers N                  the routers, 0 .. N-1 (first, once)
//   terminals T                terminals per router (default 1)
//   terminals T0 T1 .. T(N-1)  terminals of each router, after `routers N` (0: a transit router,
//                              no node traffic starts or ends there; at least one router has one)
//   latency L                  the latency in cycles of the links after it (default 1)
//   link R P  R' P' [L]        router R's port P joined to router R''s port P' (both ways), with
//                              latency L or the current default
//   name R TEXT                router R's name in waves and logs (letters, digits, '_' and '-';
//                              default: its number), once per router
// Every router's ports are 0 .. its degree - 1, each used by exactly one link; no link joins a
// router to itself. Errors name the file, the line and what is wrong.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "core/network/graphs/graph.h"

namespace d3 {

/// Where a router's port leads: the far router, the port the link arrives on, its latency.
struct port_link {
    std::uint32_t router = 0;
    std::uint32_t port = 0;
    std::uint32_t latency = 1;
};

class network_file {
  public:
    /// Reads the file at `path`. Throws std::invalid_argument "PATH:LINE: what" on bad input and
    /// "PATH: cannot read" when it cannot be opened.
    static network_file read(const std::string& path);
    /// The same from a stream; `name` stands for the path in the messages.
    static network_file parse(std::istream& in, const std::string& name);

    std::uint32_t routers() const { return static_cast<std::uint32_t>(ports_.size()); }
    /// The most terminals a router has: the one count of `terminals T`, the largest of a list.
    std::uint32_t terminals() const { return terminals_; }
    /// Router r's terminals (0: a transit router).
    std::uint32_t terminals(std::uint32_t r) const {
        return per_router_.empty() ? terminals_ : per_router_.at(r);
    }
    /// Every router has terminals() terminals (`terminals T`, or a list of one count).
    bool uniform_terminals() const { return per_router_.empty(); }
    /// The terminals of all routers together.
    std::uint64_t total_terminals() const;
    /// Router r's ports, port p at index p.
    const std::vector<port_link>& ports(std::uint32_t r) const { return ports_.at(r); }
    /// Router r's name: the file's `name` line, or its number.
    std::string name(std::uint32_t r) const;
    /// The largest port count of a router.
    std::uint32_t max_ports() const;
    /// The links as an undirected graph (parallel links counted), for the distance figures.
    graph to_graph() const;

  private:
    std::vector<std::vector<port_link>> ports_;
    std::vector<std::string> names_;  ///< empty: no router is named
    std::uint32_t terminals_ = 1;
    std::vector<std::uint32_t> per_router_;  ///< `terminals T0 ..` of unequal counts, else empty
};

}  // namespace d3
