// Valiant and UGAL on a network given as a file or built in memory (issue 48; docs/networks.md,
// "Valiant and UGAL on file networks"). Valiant: an intermediate router I drawn uniformly from
// the network, the minimal route to it, then the minimal route to the destination, in one via
// header (core/decoding/file_header.h) launched with b = the two legs' hops. UGAL: the same draw
// of I against the minimal route, by ugal_weighs_detour with the routes' own hop counts (the
// rule D3 and MDF use with 3 and 5) over the queues of each route's first output at the source
// router (a file network's router is its own drawer), or by ugal_local_deflects with --ugal-rule
// local.
#include "core/decoding/file_header.h"
#include "core/network/file_topology.h"
#include "core/traffic/routing.h"

namespace d3 {
namespace {

class file_valiant_routing final : public launch_routing {
  public:
    explicit file_valiant_routing(const file_topology& f)
        : routes_(f.routes()), group_(f.header_group()) {}
    header route(const coord& src, const coord& dst, traffic_rng& r) const override {
        const int via = uniform_int(r, static_cast<int>(routes_.routers()));
        return make_file_via_header(dst.c, via, distance(src.c, via), distance(via, dst.c), group_);
    }

  private:
    int distance(int from, int to) const {
        return routes_.distance(static_cast<std::uint32_t>(from), static_cast<std::uint32_t>(to));
    }
    const minimal_routes& routes_;
    int group_;
};

class file_ugal_routing final : public launch_routing {
  public:
    file_ugal_routing(const file_topology& f, const occupancy_view& v, int threshold,
                      ugal_rule rule)
        : routes_(f.routes()),
          group_(f.header_group()),
          view_(v),
          threshold_(threshold),
          rule_(rule) {}

    header route(const coord& src, const coord& dst, traffic_rng& r) const override {
        const int via = uniform_int(r, static_cast<int>(routes_.routers()));
        const int direct = distance(src.c, dst.c);
        const header minimal = make_file_destination_header(direct, dst.c, group_);
        if (direct == 0 || via == src.c || via == dst.c) return minimal;  // no other route
        const int q_min = first_queue(src.c, dst.c);
        const int q_via = first_queue(src.c, via);
        const int after = distance(via, dst.c);
        const int detour = distance(src.c, via) + after;
        const bool deflect = rule_ == ugal_rule::local
                                 ? ugal_local_deflects(q_min, q_via, threshold_)
                                 : ugal_weighs_detour(q_min, direct, q_via, detour, threshold_);
        return deflect ? make_file_via_header(dst.c, via, detour - after, after, group_) : minimal;
    }

  private:
    int distance(int from, int to) const {
        return routes_.distance(static_cast<std::uint32_t>(from), static_cast<std::uint32_t>(to));
    }
    // The credits in use on the source router's output towards `to` (its global port).
    int first_queue(int src, int to) const {
        const auto port =
            routes_.port(static_cast<std::uint32_t>(src), static_cast<std::uint32_t>(to));
        return view_.occupancy(static_cast<router_id>(src), static_cast<int>(port));
    }

    const minimal_routes& routes_;
    int group_;
    const occupancy_view& view_;
    int threshold_;
    ugal_rule rule_;
};

}  // namespace

std::unique_ptr<launch_routing> make_file_valiant_routing(const file_topology& f) {
    return std::make_unique<file_valiant_routing>(f);
}

std::unique_ptr<launch_routing> make_file_ugal_routing(const file_topology& f,
                                                       const occupancy_view& view, int threshold,
                                                       ugal_rule rule) {
    return std::make_unique<file_ugal_routing>(f, view, threshold, rule);
}

}  // namespace d3
