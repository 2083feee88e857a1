// A network given as a file (issue 48 item 1, `--topology file:NET`; core/network/graphs/
// network_file.h has the format) as the simulator wires it: every port of a router is a "global"
// port (K = the most ports of a router, M = 1), so a router is coordinate (r, 0, 0) and its ports
// lead where the file says. A router with fewer ports than K has its missing ports padded with a
// loop to itself, which no route takes (unbound ports are never used). Holds the file's minimal
// routing tables (core/network/graphs/minimal_routes.h). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/decoding/header.h"
#include "core/network/dragonfly.h"
#include "core/network/graphs/minimal_routes.h"
#include "core/network/graphs/network_file.h"
#include "core/network/graphs/network_spec.h"

namespace d3 {

struct router_params;  // core/network/config.h

class file_topology {
  public:
    /// The most routers in a header group (header_group): a Valiant header carries the
    /// intermediate router's p' in D, whose bit 7 is b's bit 4 (core/decoding/file_header.h).
    static constexpr int kMaxHeaderGroup = 32;
    /// The most routers a file network may have in the simulator: a header names router r as
    /// (c', 0, p') with c' its 8-bit header group and p' its place in it (header_group).
    static constexpr std::uint32_t kMaxRouters = 256 * kMaxHeaderGroup;
    /// The longest minimal route: a destination header launches with b = the route's hops, and
    /// b is 4 bits in a file network's destination headers (core/decoding/header.h,
    /// kFileMostSteps; a via header's b is 5 bits, for two legs).
    static constexpr int kMaxDiameter = kFileMostSteps;
    /// The routers of a header group: a header names router r in c' = r / G and p' = r % G, G
    /// the fewest routers per group that keep c' below 256 (1 up to 256 routers).
    static int header_group(std::uint32_t routers) {
        return static_cast<int>((routers + 255) / 256);
    }

    /// Why a file network of `routers` routers cannot be simulated (above kMaxRouters), or
    /// nothing.
    static std::optional<std::string> check_routers(std::uint32_t routers);
    /// Why `net` cannot be simulated (too many routers, a diameter above kMaxDiameter, a link
    /// latency beyond the simulator's range), or nothing.
    static std::optional<std::string> check(const network_file& net, const minimal_routes& r);

    /// Why the router `r` cannot run on this network, or nothing: a design-space router (its VC
    /// classes are D3's and MDF's hop phases, not distance classes), fewer virtual channels than
    /// the longest route has hops (a class per hop still to go): the diameter, or twice it with
    /// `two_legs` (Valiant and UGAL: minimal to an intermediate router, then to the destination).
    std::optional<std::string> router_problem(const router_params& r, bool two_legs = false) const;

    /// Reads and checks the file at `path`. Throws std::invalid_argument with a one-line reason.
    static std::shared_ptr<const file_topology> read(const std::string& path);
    /// The network `spec` names (--topology rsn|hdn|hamming) built in memory as `d3sim network
    /// --net` writes it (graph_network.h), with `terminals` terminals per router and links of
    /// `latency` cycles, and checked. Throws std::invalid_argument with a one-line reason.
    static std::shared_ptr<const file_topology> build(const network_spec& spec,
                                                      std::uint32_t terminals,
                                                      std::uint32_t latency);

    /// The file's path; empty for a network built in memory.
    const std::string& path() const { return path_; }
    /// "file:PATH", or the built network's name as the papers write it ("H(4,4)").
    const std::string& name() const { return name_; }
    /// How messages name it: "--topology file:PATH" or "--topology hamming H(4,4)".
    const std::string& label() const { return label_; }
    const network_file& net() const { return *net_; }
    const minimal_routes& routes() const { return *routes_; }
    std::uint32_t routers() const { return net_->routers(); }
    /// header_group(routers()): the G of the headers' (c', 0, p') = (r / G, 0, r % G).
    int header_group() const { return header_group_; }
    /// K: the most ports of a router.
    int ports() const { return ports_; }
    /// The longest latency of its links in cycles (the router's horizon and watchdog take it as
    /// the global links' latency).
    int longest_latency() const { return longest_latency_; }
    /// The latency in cycles of the link on port `port` of router `r` (both ways of a link have
    /// the file's one latency); a padded port's is the longest (no packet takes it).
    int link_latency(std::uint32_t r, int port) const;
    /// Per (router, port): the far router (as its group), 0 and the port the link arrives on; a
    /// missing port loops to itself. The layout of dragonfly::wiring() with M = 1.
    const port_end* wiring() const { return wiring_.data(); }
    /// Port `port` of router `r` is padding (the router has fewer ports).
    bool padded(std::uint32_t r, int port) const {
        return static_cast<std::size_t>(port) >= net_->ports(r).size();
    }

  private:
    file_topology(std::string path, std::string name, std::string label, network_file net);
    /// The minimal routes of `net`, after check_routers (throws std::invalid_argument).
    std::unique_ptr<const minimal_routes> routes_of(const network_file& net) const;

    std::string path_;
    std::string name_;
    std::string label_;
    std::unique_ptr<const network_file> net_;  ///< stable: routes_ points into it
    std::unique_ptr<const minimal_routes> routes_;
    int ports_ = 0;
    int header_group_ = 1;
    int longest_latency_ = 1;
    std::vector<port_end> wiring_;
};

}  // namespace d3
