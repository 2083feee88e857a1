#include "core/traffic/route_around.h"

#include <utility>
#include <vector>

namespace d3 {
namespace {

class around_failures final : public launch_routing {
  public:
    around_failures(std::unique_ptr<launch_routing> base, const topology& t, const link_faults& f,
                    detour_counts& counts)
        : base_(std::move(base)), t_(t), faults_(f), counts_(counts), detours_(t, f) {}

    header route(const coord& src, const coord& dst, traffic_rng& r) const override {
        const header h = base_->route(src, dst, r);
        if (!route_crosses_failure(t_, faults_, src, h)) return h;
        const auto first =
            static_cast<std::size_t>(uniform_int(r, static_cast<int>(detours_.size())));
        if (const std::optional<header> d = detours_.around(src, dst, first)) {
            ++counts_.rerouted;
            return *d;
        }
        ++counts_.unreachable;
        header none = h;
        none.b = kUnreachable;
        return none;
    }

  private:
    std::unique_ptr<launch_routing> base_;
    const topology& t_;
    const link_faults& faults_;
    detour_counts& counts_;
    detour_finder detours_;
};

}  // namespace

detour_finder::detour_finder(const topology& t, const link_faults& f) : t_(t), faults_(f) {
    if (t.is_d3())
        for (int c = 1; c < t.k(); ++c) detours_.push_back({4, c, 0});
    for (int c = 0; c < t.k(); ++c)
        for (int d = 0; d < t.m(); ++d) detours_.push_back({kDeflectedSteps, c, d});
}

std::optional<header> detour_finder::around(const coord& src, const coord& dst,
                                            std::size_t first) const {
    const std::size_t n = detours_.size();
    for (std::size_t i = 0; i < n; ++i) {
        const detour& x = detours_[(first + i) % n];
        const header d = make_destination_header(x.b, dst, x.c, x.d);
        if (!route_crosses_failure(t_, faults_, src, d)) return d;
    }
    return std::nullopt;
}

std::unique_ptr<launch_routing> route_around(std::unique_ptr<launch_routing> base,
                                             const topology& t, const link_faults& faults,
                                             detour_counts& counts) {
    return std::make_unique<around_failures>(std::move(base), t, faults, counts);
}

nlohmann::json faults_json(const topology& t, const link_faults& f, const detour_counts& counts) {
    nlohmann::json names = nlohmann::json::array();
    for (const cable& c : f.cables()) names.push_back(cable_name(t, c));
    nlohmann::json routers = nlohmann::json::array();
    for (router_id r : f.routers()) routers.push_back(t.label(t.at(r)));
    return {{"failed_links", names},
            {"failed_routers", routers},
            {"lost", 0},
            {"unreachable", counts.unreachable},
            {"rerouted", counts.rerouted}};
}

}  // namespace d3
