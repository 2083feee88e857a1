#include "core/network/file_topology.h"

#include <algorithm>
#include <stdexcept>

#include "core/decoding/vc.h"
#include "core/network/config.h"
#include "core/network/graphs/graph_network.h"
#include "core/network/limits.h"

namespace d3 {

std::optional<std::string> file_topology::check(const network_file& net, const minimal_routes& r) {
    if (net.routers() > kMaxRouters)
        return "a file network has at most " + std::to_string(kMaxRouters) +
               " routers in the simulator (the header's 8-bit destination field; got " +
               std::to_string(net.routers()) + ")";
    if (net.terminals() == 0)
        return std::string(
            "a file network's routers each have a terminal or more in the simulator "
            "yet (got 'terminals 0')");
    if (r.diameter() > kMaxDiameter)
        return "a file network's longest minimal route is at most " + std::to_string(kMaxDiameter) +
               " hops (a destination header's b; got " + std::to_string(r.diameter()) + ")";
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
    if (hops > kMaxVcs)
        return net + ": its " + route + " has " + std::to_string(hops) +
               " hops, which need as many virtual channels (at most " + std::to_string(kMaxVcs) +
               "; a diameter of at most " + std::to_string(kMaxVcs / 2) + " for Valiant and UGAL)";
    if (r.vcs < hops)
        return net + ": its " + route + " has " + std::to_string(hops) +
               " hops, which need as many virtual channels (--vcs " + std::to_string(hops) +
               " or more; got " + std::to_string(r.vcs) + ")";
    return std::nullopt;
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
      routes_(std::make_unique<const minimal_routes>(*net_)),
      ports_(static_cast<int>(net_->max_ports())) {
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
