#include "core/network/file_topology.h"

#include <algorithm>
#include <stdexcept>

#include "core/decoding/vc.h"
#include "core/network/config.h"
#include "core/network/graphs/graph_network.h"
#include "core/network/limits.h"

namespace d3 {

// A file network's packet takes a virtual channel per hop still to go (core/decoding/vc.h), over
// both of Valiant's legs, each at most the diameter.
static_assert(kMaxVcs >= 2 * file_topology::kMaxDiameter, "a channel per distance class");
static_assert(kFileViaMostSteps >= 2 * file_topology::kMaxDiameter, "a via header's b: two legs");

std::optional<std::string> file_topology::check_routers(std::uint32_t routers) {
    if (routers > kMaxRouters)
        return "a file network has at most " + std::to_string(kMaxRouters) +
               " routers in the simulator (a header names one in 256 groups of " +
               std::to_string(kMaxHeaderGroup) + "; got " + std::to_string(routers) + ")";
    return std::nullopt;
}

std::optional<std::string> file_topology::check(const network_file& net, const minimal_routes& r) {
    if (auto err = check_routers(net.routers())) return err;
    if (net.terminals() == 0)
        return std::string(
            "no router has a terminal (its 'terminals' line): node traffic needs one or more");
    if (r.diameter() > kMaxDiameter)
        return "a file network's longest minimal route is at most " + std::to_string(kMaxDiameter) +
               " hops (a file network's header counts them in a 4-bit b; got " +
               std::to_string(r.diameter()) + ")";
    for (std::uint32_t x = 0; x < net.routers(); ++x)
        for (const port_link& l : net.ports(x))
            if (l.latency > static_cast<std::uint32_t>(kLinkLatencyRange.hi))
                return "a file network's link latency is at most " +
                       std::to_string(kLinkLatencyRange.hi) + " cycles (got " +
                       std::to_string(l.latency) + ")";
    return std::nullopt;
}

std::optional<std::string> file_topology::router_problem(const router_params& r,
                                                         bool two_legs) const {
    const std::string& net = label_;
    if (r.design_space())
        return net +
               " runs the paper's router (a design-space router's VC classes are D3's and MDF's "
               "hop phases, not a file network's distance classes)";
    const int hops = (two_legs ? 2 : 1) * routes_->diameter();
    const std::string route =
        two_legs ? "longest route through an intermediate router" : "longest minimal route";
    if (r.vcs < hops)
        return net + ": its " + route + " has " + std::to_string(hops) +
               " hops, which need as many virtual channels (--vcs " + std::to_string(hops) +
               " or more; got " + std::to_string(r.vcs) + ")";
    return std::nullopt;
}

std::unique_ptr<const minimal_routes> file_topology::routes_of(const network_file& net) const {
    // Before the tables, which grow with the routers squared.
    if (auto err = check_routers(net.routers()))
        throw std::invalid_argument((path_.empty() ? name_ : path_) + ": " + *err);
    return std::make_unique<const minimal_routes>(net);
}

std::shared_ptr<const file_topology> file_topology::read(const std::string& path) {
    return std::shared_ptr<const file_topology>(new file_topology(
        path, "file:" + path, "--topology file:" + path, network_file::read(path)));
}

std::shared_ptr<const file_topology> file_topology::build(const network_spec& spec,
                                                          std::uint32_t terminals,
                                                          std::uint32_t latency) {
    auto built = build_network(spec);
    if (auto* err = std::get_if<std::string>(&built)) throw std::invalid_argument(*err);
    const built_network& b = std::get<built_network>(built);
    return std::shared_ptr<const file_topology>(
        new file_topology("", b.name, "--topology " + spec.topology + " " + b.name,
                          graph_network(b.g, terminals, latency, b.name, b.names)));
}

file_topology::file_topology(std::string path, std::string name, std::string label,
                             network_file net)
    : path_(std::move(path)),
      name_(std::move(name)),
      label_(std::move(label)),
      net_(std::make_unique<const network_file>(std::move(net))),
      routes_(routes_of(*net_)),
      ports_(static_cast<int>(net_->max_ports())),
      header_group_(header_group(net_->routers())) {
    if (auto err = check(*net_, *routes_))
        throw std::invalid_argument((path_.empty() ? name_ : path_) + ": " + *err);
    const std::uint32_t n = net_->routers();
    wiring_.reserve(static_cast<std::size_t>(n) * static_cast<std::size_t>(ports_));
    for (std::uint32_t r = 0; r < n; ++r) {
        const std::vector<port_link>& p = net_->ports(r);
        for (int a = 0; a < ports_; ++a) {
            if (padded(r, a)) {
                wiring_.push_back({static_cast<int>(r), 0, a});
                continue;
            }
            const port_link& l = p[static_cast<std::size_t>(a)];
            wiring_.push_back({static_cast<int>(l.router), 0, static_cast<int>(l.port)});
            longest_latency_ = std::max(longest_latency_, static_cast<int>(l.latency));
        }
    }
}

int file_topology::link_latency(std::uint32_t r, int port) const {
    if (padded(r, port)) return longest_latency_;
    return static_cast<int>(net_->ports(r)[static_cast<std::size_t>(port)].latency);
}

}  // namespace d3
