// Minimal routing over a network given as a file (network_file.h; issue 48 item 1): for every
// router and destination router the distance and the output port on a shortest path, found by a
// breadth-first search from every destination, as BookSim2's `anynet` builds its tables.
//
// Deadlock freedom by virtual-channel classes per hop: a packet takes class h on its h-th hop
// (h = 0 on the first link), so it needs as many classes as the network's diameter. A packet
// waiting for a buffer of class h + 1 holds one of class h (or an injection buffer); every chain
// of waits climbs the classes, so no cycle of waits exists (the channel dependency graph over
// (link, class) pairs is acyclic: Dally and Towles, ch. 14, "distance classes"). The simulator
// counts the same classes from the other end, by the hops still to go (a header's b,
// core/decoding/file_decoder.h): every chain of waits then descends them.
// Plain C++, no SystemC. Tables take 3 bytes per ordered router pair.
#pragma once

#include <cstdint>
#include <vector>

#include "core/network/graphs/network_file.h"

namespace d3 {

class minimal_routes {
  public:
    /// Builds the tables; `net` must outlive them (ports() reads its links). Throws
    /// std::invalid_argument when a router cannot reach another (naming the pair) or the diameter
    /// exceeds 255.
    explicit minimal_routes(const network_file& net);

    std::uint32_t routers() const { return n_; }
    /// Hops from router `from` to router `to` on a shortest path.
    int distance(std::uint32_t from, std::uint32_t to) const { return distance_[index(from, to)]; }
    /// The output port of `from` on a shortest path to `to` (from != to): the lowest-numbered one.
    std::uint32_t port(std::uint32_t from, std::uint32_t to) const {
        return next_port_[index(from, to)];
    }
    /// Every output port of `from` on a shortest path to `to`, ascending (adaptive routing's
    /// choice).
    std::vector<std::uint32_t> ports(std::uint32_t from, std::uint32_t to) const;
    /// The longest shortest path: the virtual-channel classes a route needs.
    int diameter() const { return diameter_; }
    /// The class of a packet's hop `hop` (0 on its first link).
    static int vc_class(int hop) { return hop; }

  private:
    std::size_t index(std::uint32_t from, std::uint32_t to) const {
        return static_cast<std::size_t>(from) * n_ + to;
    }

    const network_file* net_;
    std::uint32_t n_;
    std::vector<std::uint16_t> distance_;
    std::vector<std::uint8_t> next_port_;
    int diameter_ = 0;
};

}  // namespace d3
