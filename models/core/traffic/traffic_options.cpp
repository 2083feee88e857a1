// traffic_options' checks and what they derive (core/traffic/traffic.h), apart from the traffic's
// state.
#include <stdexcept>
#include <variant>

#include "core/network/limits.h"
#include "core/traffic/traffic.h"

namespace d3 {

std::optional<std::string> traffic_options::validate() const {
    if (!(rate > 0 && rate <= 1))
        return "--rate must be in (0, 1] flits per terminal per step (got " + std::to_string(rate) +
               ")";
    if (concentration < 1 || concentration > kMaxConcentration)
        return "--concentration must be 1.." + std::to_string(kMaxConcentration) + " (got " +
               std::to_string(concentration) + ")";
    if (auto e = out_of_range("--warmup", warmup, kWarmupRange)) return e;
    if (auto e = out_of_range("--measure", measure, kMeasureRange)) return e;
    if (auto e = out_of_range("--drain-limit", drain_limit, kDrainLimitRange)) return e;
    if (!(hotspot_fraction >= 0 && hotspot_fraction <= 1))
        return "--hotspot-fraction must be in [0, 1]";
    if (auto e = out_of_range("--ugal-threshold", ugal_threshold, kUgalThresholdRange)) return e;
    if (auto e = out_of_range("--packet-length", packet_length, kPacketLengthRange)) return e;
    if (!packet_sizes.empty()) {
        const auto sizes = d3::packet_sizes::parse(packet_sizes);
        if (const auto* e = std::get_if<std::string>(&sizes)) return *e;
    }
    if (injection == injection_kind::on_off)
        return on_off_injection::problem(rate / mean_flits(), burst_alpha, burst_beta,
                                         mean_flits());
    return std::nullopt;
}

double traffic_options::mean_flits() const {
    if (packet_sizes.empty()) return packet_length;
    return std::get<d3::packet_sizes>(d3::packet_sizes::parse(packet_sizes)).mean();
}

std::vector<router_id> hotspots_of(const traffic_options& o, const topology& t) {
    if (o.hotspot_nodes.empty()) return {};
    auto r = parse_hotspots(o.hotspot_nodes, t.routers());
    if (auto* e = std::get_if<std::string>(&r)) throw std::invalid_argument(*e);
    return std::get<std::vector<router_id>>(std::move(r));
}

}  // namespace d3
