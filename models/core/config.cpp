#include "core/config.h"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "core/dragonfly.h"
#include "core/topology.h"
#include "core/vc.h"

namespace d3 {

std::optional<arbitration> parse_arbitration(const std::string& s) {
    if (s == "round-robin") return arbitration::round_robin;
    if (s == "oldest-first") return arbitration::oldest_first;
    if (s == "youngest-first") return arbitration::youngest_first;
    return std::nullopt;
}

const char* to_string(arbitration a) {
    switch (a) {
        case arbitration::round_robin:
            return "round-robin";
        case arbitration::oldest_first:
            return "oldest-first";
        case arbitration::youngest_first:
            return "youngest-first";
    }
    return "?";
}

std::optional<std::string> network_config::validate() const {
    if (shape == topology_kind::mdf) {
        if (auto err = topology::check_mdf(k, m)) return err;
    } else if (auto err = topology::check(k, m)) {
        return err;
    }
    const router_params& r = router;
    const auto at_least = [](const char* what, int v, int lo) -> std::optional<std::string> {
        if (v < lo)
            return std::string(what) + " must be at least " + std::to_string(lo) + " (got " +
                   std::to_string(v) + ")";
        return std::nullopt;
    };
    if (auto e = at_least("buffer depth", r.buffer_depth, 1)) return e;
    if (auto e = at_least("injection width", r.injection_width, 0)) return e;
    if (auto e = at_least("injection depth", r.injection_depth, 0)) return e;
    if (auto e = at_least("ejection width", r.ejection_width, 0)) return e;
    if (auto e = at_least("hold capacity", r.hold_capacity, 0)) return e;
    if (auto e = at_least("pipeline stages", r.pipeline_stages, 1)) return e;
    if (auto e = at_least("local latency", r.local_latency, 1)) return e;
    if (auto e = at_least("global latency", r.global_latency, 1)) return e;
    if (auto e = at_least("watchdog", watchdog, 0)) return e;
    if (auto e = at_least("virtual channels", r.vcs, 0)) return e;
    if (r.vcs > kMaxVcs)
        return "virtual channels must be at most " + std::to_string(kMaxVcs) + " (got " +
               std::to_string(r.vcs) + ")";
    const int width = r.injection_width == 0 ? m : r.injection_width;
    if (r.injection_depth != 0 && r.injection_depth < width)
        return "injection depth (" + std::to_string(r.injection_depth) +
               ") must hold at least one step of injection (" + std::to_string(width) + ")";
    return std::nullopt;
}

network_config network_config::resolved() const {
    network_config c = *this;
    if (c.router.injection_width == 0) c.router.injection_width = m;
    if (c.router.vcs == 0) c.router.vcs = 1;
    if (c.router.injection_depth == 0) c.router.injection_depth = 2 * c.router.injection_width;
    if (c.watchdog == 0)
        c.watchdog = 1000 + 10 * (c.router.pipeline_stages +
                                  std::max(c.router.local_latency, c.router.global_latency));
    return c;
}

topology make_topology(const network_config& c) {
    if (c.shape == topology_kind::d3) return topology(c.k, c.m);
    if (auto err = topology::check_mdf(c.k, c.m)) throw std::invalid_argument(*err);
    if (const auto a = parse_arrangement(c.arrangement))
        return topology(std::make_shared<const dragonfly>(c.k, c.m, *a));
    return topology(
        std::make_shared<const dragonfly>(dragonfly::from_file(c.k, c.m, c.arrangement)));
}

}  // namespace d3
