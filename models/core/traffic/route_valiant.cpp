// Valiant-like routing (section 10, "if only b = 4 were added"): (4; dst) with a random global port
// C: the packet first jumps to (c+C, p, d), then takes the minimal route from there.
#include "core/traffic/routing.h"

namespace d3 {
namespace {

class valiant_routing final : public launch_routing {
  public:
    explicit valiant_routing(const topology& t) : t_(t) {}
    header route(const coord&, const coord& dst, traffic_rng& r) const override {
        return make_destination_header(4, dst, uniform_int(r, t_.k()), 0);
    }

  private:
    const topology& t_;
};

}  // namespace

std::unique_ptr<launch_routing> make_valiant_routing(const topology& t) {
    return std::make_unique<valiant_routing>(t);
}

}  // namespace d3
