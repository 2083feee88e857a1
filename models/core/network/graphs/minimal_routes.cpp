#include "core/network/graphs/minimal_routes.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace d3 {

namespace {

constexpr std::uint16_t kUnreached = 0xffff;
constexpr int kMaxDiameter = 255;

}  // namespace

minimal_routes::minimal_routes(const network_file& net)
    : net_(&net),
      n_(net.routers()),
      distance_(static_cast<std::size_t>(n_) * n_, kUnreached),
      next_port_(static_cast<std::size_t>(n_) * n_, 0) {
    std::vector<std::uint32_t> frontier, reached;
    for (std::uint32_t to = 0; to < n_; ++to) {
        // Outward from the destination: a router at distance d + 1 whose port leads to a router
        // at distance d takes that port (links join both ways, so the far end's link comes back).
        distance_[index(to, to)] = 0;
        frontier.assign(1, to);
        for (int d = 0; !frontier.empty(); ++d) {
            reached.clear();
            for (std::uint32_t r : frontier)
                for (const port_link& l : net.ports(r)) {
                    std::uint16_t& dist = distance_[index(l.router, to)];
                    if (dist != kUnreached) continue;
                    if (d + 1 > kMaxDiameter)
                        throw std::invalid_argument("the network's diameter exceeds " +
                                                    std::to_string(kMaxDiameter));
                    dist = static_cast<std::uint16_t>(d + 1);
                    reached.push_back(l.router);
                }
            frontier.swap(reached);
        }
        for (std::uint32_t from = 0; from < n_; ++from) {
            const std::uint16_t d = distance_[index(from, to)];
            if (d == kUnreached)
                throw std::invalid_argument("router " + std::to_string(from) +
                                            " cannot reach router " + std::to_string(to));
            diameter_ = std::max(diameter_, static_cast<int>(d));
            if (d != 0) next_port_[index(from, to)] = static_cast<std::uint8_t>(ports(from, to)[0]);
        }
    }
}

std::vector<std::uint32_t> minimal_routes::ports(std::uint32_t from, std::uint32_t to) const {
    std::vector<std::uint32_t> out;
    const std::vector<port_link>& p = net_->ports(from);
    for (std::uint32_t i = 0; i < p.size(); ++i)
        if (distance_[index(p[i].router, to)] + 1 == distance_[index(from, to)]) out.push_back(i);
    return out;
}

}  // namespace d3
