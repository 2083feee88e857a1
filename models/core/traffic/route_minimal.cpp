// Minimal routing: (3; (c', d', p')). Routers look up (d', p) local, (c', c) global, (p', d) local.
#include "core/traffic/routing.h"

namespace d3 {
namespace {

class minimal_routing final : public launch_routing {
  public:
    header route(const coord&, const coord& dst, traffic_rng&) const override {
        return minimal_header(dst);
    }
};

}  // namespace

std::unique_ptr<launch_routing> make_minimal_routing(const topology&) {
    return std::make_unique<minimal_routing>();
}

}  // namespace d3
