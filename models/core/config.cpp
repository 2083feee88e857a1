#include "core/config.h"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "core/dragonfly.h"
#include "core/limits.h"
#include "core/service.h"
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
    if (auto e = out_of_range("buffer depth", r.buffer_depth, kBufferDepthRange)) return e;
    if (auto e = out_of_range("injection width", r.injection_width, kInjectionWidthRange)) return e;
    if (auto e = out_of_range("injection depth", r.injection_depth, kInjectionDepthRange)) return e;
    if (auto e = out_of_range("ejection width", r.ejection_width, kEjectionWidthRange)) return e;
    if (auto e = out_of_range("hold capacity", r.hold_capacity, kHoldCapacityRange)) return e;
    for (pipeline_unit u : kPipelineUnits)
        if (auto e = out_of_range(std::string("pipeline ") + to_string(u) + " cycles",
                                  r.pipeline.cycles(u), {0, kPipelineStagesRange.hi - 1}))
            return e;
    if (auto e = out_of_range("pipeline stages", r.pipeline.stages(), kPipelineStagesRange))
        return e;
    if (auto e = out_of_range("local latency", r.local_latency, kLinkLatencyRange)) return e;
    if (auto e = out_of_range("global latency", r.global_latency, kLinkLatencyRange)) return e;
    if (auto e = out_of_range("watchdog", watchdog, kWatchdogRange)) return e;
    if (auto e = out_of_range("virtual channels", r.vcs, {0, kMaxVcs})) return e;
    if (auto e = out_of_range("service classes", r.service_classes, {1, kServiceClasses})) return e;
    if (auto e = out_of_range("packet length", r.packet_length, kPacketLengthRange)) return e;
    if (r.buffer_depth < r.packet_length)
        return "buffer depth (" + std::to_string(r.buffer_depth) +
               " flits) must hold a whole packet (packet length " +
               std::to_string(r.packet_length) + "): virtual cut-through";
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
    if (c.watchdog == 0) {  // 64-bit: resolved() may see a configuration validate() refuses
        const long long hop = static_cast<long long>(c.router.pipeline.stages()) +
                              std::max(c.router.local_latency, c.router.global_latency);
        c.watchdog = static_cast<int>(std::min<long long>(1000 + 10 * hop, kWatchdogRange.hi));
    }
    return c;
}

int router_params::channels() const {
    return channels_per_input(vcs, service_classes);
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
