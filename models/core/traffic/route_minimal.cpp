// Minimal routing: (3; (c', d', p')). Routers look up (d', p) local, (c', c) global, (p', d) local.
// On a network given as a file: (h; (r', 0, 0)), h the hops of the route (its routing table's
// distance), so that b counts the hops still to go (core/decoding/file_decoder.h).
#include "core/decoding/file_header.h"
#include "core/network/file_topology.h"
#include "core/traffic/routing.h"

namespace d3 {
namespace {

class minimal_routing final : public launch_routing {
  public:
    header route(const coord&, const coord& dst, traffic_rng&) const override {
        return minimal_header(dst);
    }
};

class table_routing final : public launch_routing {
  public:
    explicit table_routing(const file_topology& f)
        : routes_(f.routes()), group_(f.header_group()) {}
    header route(const coord& src, const coord& dst, traffic_rng&) const override {
        const auto from = static_cast<std::uint32_t>(src.c);
        const auto to = static_cast<std::uint32_t>(dst.c);
        return make_file_destination_header(routes_.distance(from, to), dst.c, group_);
    }

  private:
    const minimal_routes& routes_;
    int group_;
};

}  // namespace

std::unique_ptr<launch_routing> make_minimal_routing(const topology& t) {
    if (const file_topology* f = t.file()) return std::make_unique<table_routing>(*f);
    return std::make_unique<minimal_routing>();
}

}  // namespace d3
