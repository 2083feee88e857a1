// Valiant-like routing (section 10, "if only b = 4 were added"): (4; dst) with a random global port
// C: the packet first jumps to (c+C, p, d), then takes the minimal route from there. On MDF, the
// dragonfly's own Valiant: (5; dst, C, D) with D and C uniform, an intermediate group uniform over
// the K*M other groups (each (D, C) pair of a group leads to a different one).
#include "core/traffic/routing.h"

namespace d3 {
namespace {

class valiant_routing final : public launch_routing {
  public:
    explicit valiant_routing(const topology& t) : t_(t) {}
    header route(const coord&, const coord& dst, traffic_rng& r) const override {
        if (t_.is_d3())
            return make_destination_header(valiant_steps(t_), dst, uniform_int(r, t_.k()), 0);
        const int d = uniform_int(r, t_.m());
        return make_destination_header(valiant_steps(t_), dst, uniform_int(r, t_.k()), d);
    }

  private:
    const topology& t_;
};

}  // namespace

std::unique_ptr<launch_routing> make_valiant_routing(const topology& t) {
    return std::make_unique<valiant_routing>(t);
}

}  // namespace d3
